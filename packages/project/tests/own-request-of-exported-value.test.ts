import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProjectCheck, runProjectFix } from '@sunset/project';
import { sunsetOptions } from '../../engine/tests/helpers.js';

// A module GETs the list through a constant it also exports (`fetch(LIST)` beside `export const LIST`):
// its own fix rewrites LIST where it is declared, so every other file's request that reads LIST moves
// with it. --project rewrites it only when every such request needs that very rewrite, as the default mode does.

const campaigns = "export const LIST = 'https://api.adform.com/v1/campaigns';\nexport function listCampaigns() {\n  return fetch(LIST);\n}\n";
const todo = '  // TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns\n  //   support ended 2019-10-01';

function project(files: Record<string, string>): string {
  const work = mkdtempSync(path.join(tmpdir(), 'sunset-own-request-'));
  const all = { 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', noEmit: true, types: [] }, include: ['src'] }), ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    writeFileSync(path.join(work, file), text);
  }
  return work;
}

async function checkAndFix(work: string): Promise<{ findings: string[]; sites: string[]; changed: Record<string, string> }> {
  const run = { cwd: work, paths: ['src'], options: sunsetOptions({ asOf: '2026-11-24' }), baseDir: work };
  const { findings } = await runProjectCheck(run);
  const fixed = await runProjectFix({ ...run, dry: true, force: true });
  return {
    findings: findings.map((finding) => `${path.relative(work, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.entry.id} ${finding.retirement?.migration}`),
    sites: fixed.sites.map((site) => `${site.file}:${site.line} ${site.action}: ${site.reason}`),
    changed: Object.fromEntries(fixed.changes.map((change) => [change.displayPath, change.after])),
  };
}

describe("--project: a module's own request beside a constant it exports", () => {
  it('rewrites the constant where it is declared when the other file needs the same rewrite, and says so of both requests', async () => {
    const work = project({ 'src/lib/campaigns.ts': campaigns, 'src/app/again.ts': "import { LIST } from '../lib/campaigns';\n\nexport const again = () => fetch(LIST);\n" });
    const { findings, sites, changed } = await checkAndFix(work);
    expect(findings).toEqual(['src/app/again.ts:3:34 campaigns-legacy-list rewrite', 'src/lib/campaigns.ts:3:16 campaigns-legacy-list rewrite']);
    // Before, the importer got a TODO saying LIST was shared by uses that migrate differently, beside the rewrite that migrated it.
    expect(changed).toEqual({ 'src/lib/campaigns.ts': campaigns.replace('/v1/campaigns', '/v1/buyer/campaigns') });
    expect(sites).toEqual(['src/lib/campaigns.ts:1 rewritten: GET /v1/campaigns → GET /v1/buyer/campaigns']);
  });

  it('leaves both with a TODO when the other file needs another migration (one campaign: a person chooses between two resources)', async () => {
    const work = project({ 'src/lib/campaigns.ts': campaigns, 'src/app/one.ts': "import { LIST } from '../lib/campaigns';\n\nexport const one = (id: string) => fetch(LIST + '/' + id);\n" });
    const { findings, sites, changed } = await checkAndFix(work);
    expect(findings).toEqual(['src/app/one.ts:3:42 campaigns-legacy-get todo', 'src/lib/campaigns.ts:3:16 campaigns-legacy-list todo']);
    // Before, LIST was rewritten, and GET /v1/campaigns/{id} of one.ts silently with it.
    expect(changed['src/lib/campaigns.ts']).toBe(campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`));
    expect(sites).toEqual([
      'src/app/one.ts:3 todo: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs',
      'src/lib/campaigns.ts:3 todo: LIST (src/lib/campaigns.ts) is shared by uses that do not all migrate the same way, or it also feeds something that is not a request',
    ]);
  });

  it('leaves it with a TODO when a POST of another file sends the constant', async () => {
    const work = project({
      'src/lib/campaigns.ts': campaigns,
      'src/app/create.ts': "import axios from 'axios';\nimport { LIST } from '../lib/campaigns';\n\nexport const create = (body: unknown) => axios.post(LIST, body);\n",
    });
    const { findings, sites, changed } = await checkAndFix(work);
    expect(findings).toEqual(['src/lib/campaigns.ts:3:16 campaigns-legacy-list todo']);
    expect(changed).toEqual({ 'src/lib/campaigns.ts': campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`) });
    expect(sites).toEqual(['src/lib/campaigns.ts:3 todo: the value is also read by a request that this migration does not cover; a rewrite here would move that request too']);
  });
});

describe("--project: another vendor's path in its own config module", () => {
  it('is no finding when only requests to the other host read it', async () => {
    const work = project({
      'src/snap-config.ts': "export const SNAP_API = 'https://adsapi.snapchat.com';\nexport const CAMPAIGNS = '/v1/campaigns';\n",
      'src/snap.ts': "import axios from 'axios';\nimport { SNAP_API, CAMPAIGNS } from './snap-config';\n\nexport const list = () => axios.get(`${SNAP_API}${CAMPAIGNS}`);\n",
    });
    const { findings, sites, changed } = await checkAndFix(work);
    expect(findings).toEqual([]);
    expect(sites).toEqual([]);
    expect(changed).toEqual({});
  });
});

describe('--project: a constant another file gives to a function the analysis does not see into', () => {
  it("leaves the declaring file's own request with a TODO, as the default mode does", async () => {
    const work = project({
      'src/lib/campaigns.ts': campaigns,
      'src/app/http.ts': 'export function call(url: string): Promise<unknown> {\n  return Promise.resolve(url);\n}\n',
      'src/app/relay.ts': "import { LIST } from '../lib/campaigns';\nimport { call } from './http';\n\nexport const relay = () => call(LIST);\n",
    });
    const { findings, changed } = await checkAndFix(work);
    expect(findings).toEqual(['src/lib/campaigns.ts:3:16 campaigns-legacy-list todo']);
    expect(changed).toEqual({ 'src/lib/campaigns.ts': campaigns.replace('  return fetch(LIST);', `${todo}\n  return fetch(LIST);`) });
  });
});
