import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSourceFiles } from '@sunset/engine';
import { writeRepo } from '../bench/generate.mjs';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import { repoRoot } from './support/legacy-app.js';
import { copyPointedAtAdform, otherVendorRequests } from './support/other-vendors.js';

// Issue 11's parity proof: `sunset check --format json` (oxc-parser and the engine) and ESLint with the
// plugin's `recommended` config (espree for JavaScript, @typescript-eslint/parser for TypeScript) report
// the same findings — rule, file, line, column and message — over the same files. Both run the same rule
// core; this shows the two front ends give it the same trees and that disable comments count alike.
// Both also follow values and clients imported by relative path from another file: `sunset check`
// through the default mode's module graph, the plugin by reading (never running) the imported module
// with ESLint's parser. `sunset check`'s findings through another file carry a related location in
// the declaring file; they are listed here exactly, and ESLint must report them too. One difference by
// design: `sunset check` has read every file, so a declaration whose value such a request reads is
// reported at the request only; ESLint, linting the declaring file alone, reports it there too. ESLint's
// findings less exactly those declarations (listed here too) are `sunset check`'s. Where that
// declaration's own finding is the one-to-one rewrite the request needs, both call the request a
// rewrite (`sunset fix` rewrites the declaration): the plugin asks the rule what it finds there.

const asOf = '2026-11-21';
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');

interface JsonRelated {
  readonly file?: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

interface JsonReport {
  readonly findings: readonly { file: string; line: number; column: number; rule: string; message: string; related?: readonly JsonRelated[] }[];
  readonly errors: readonly { file: string }[];
}

/** `src/config/endpoints.ts:9:37 (CAMPAIGN_CLIENTS_URL)`: a declaration (or a client made) in another file, as `data.declaredIn` names it. */
const declaredIn = (related: JsonRelated): string =>
  `${related.file ?? ''}:${related.line}:${related.column} (${/(?:declared|created) here as ([^;]+?)(?:; sunset fix rewrites it here)?\.$/.exec(related.message)?.[1] ?? related.message})`;

/**
 * The findings, the errors, the findings through another file with their declarations, and the places
 * (`file:line:column`) of the values in other files those findings read (`The value is declared here`).
 */
function sunsetCheck(cwd: string, paths: readonly string[], flags: readonly string[] = []): { findings: string[]; errors: string[]; crossFile: string[]; valuesRead: string[] } {
  const result = spawnSync(process.execPath, [bin, 'check', ...paths, '--as-of', asOf, '--format', 'json', ...flags], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0 && result.status !== 1) throw new Error(`sunset check exited ${String(result.status)}: ${result.stderr}`);
  const report = JSON.parse(result.stdout) as JsonReport;
  const describe = (finding: JsonReport['findings'][number]): string => `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}`;
  const elsewhere = (finding: JsonReport['findings'][number]): JsonRelated[] => (finding.related ?? []).filter((related) => related.file !== undefined);
  return {
    findings: report.findings.map(describe).sort(),
    errors: report.errors.map((error) => error.file).sort(),
    crossFile: report.findings.flatMap((finding) => (elsewhere(finding).length === 0 ? [] : [`${describe(finding)} <- ${elsewhere(finding).map(declaredIn).join(', ')}`])),
    valuesRead: [
      ...new Set(report.findings.flatMap((finding) => elsewhere(finding).filter((related) => related.message.startsWith('The value is declared here')).map((related) => `${related.file ?? ''}:${related.line}:${related.column}`))),
    ].sort(),
  };
}

/** ESLint's findings at the places `valuesRead` names (the declarations `sunset check` reports at their requests only), and the others. */
function splitAtValuesRead(eslintFindings: readonly string[], valuesRead: readonly string[]): { atDeclarations: string[]; others: string[] } {
  const read = new Set(valuesRead);
  const place = (finding: string): string => finding.slice(0, finding.indexOf(' '));
  return { atDeclarations: eslintFindings.filter((finding) => read.has(place(finding))), others: eslintFindings.filter((finding) => !read.has(place(finding))) };
}

/**
 * The declarations ESLint reports that `sunset check` reports at a request of another file only: a
 * constant of src/config/endpoints.ts read by each ETL job, CAMPAIGNS read by push.js.
 */
const declarationsReadElsewhere: Readonly<Record<string, readonly string[]>> = {
  'fixtures/legacy-app': [
    'src/config/endpoints.ts:12:32 sunset/no-sync-reporting /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
    'src/config/endpoints.ts:9:37 sunset/no-legacy-rest-path /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers.',
  ],
  'fixtures/codemod': [],
  'fixtures/cli/small': [],
  'fixtures/client-shapes': [
    'src/legacy/paths.js:2:26 sunset/no-legacy-rest-path /v1/campaigns (GET or PATCH) is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration.',
  ],
};

/**
 * Values a request of another file reads that are a base and no finding of their own, so neither face
 * reports them where they are declared: WCF_BASE (`process.env.ADV_WCF_BASE ?? 'https://api.adform.com/api'`).
 */
const basesReadElsewhere: Readonly<Record<string, readonly string[]>> = {
  'fixtures/legacy-app': ['src/config/env.ts:28:53'],
};

/** What `sunset check` finds through another file in each folder: a call reading a constant or client exported by another scanned file. */
const crossFileFindings: Readonly<Record<string, readonly string[]>> = {
  'fixtures/legacy-app': [
    'src/etl/campaign-json-bridge.ts:33:11 sunset/no-retired-soap-operation GetCampaignsAsJson is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration. <- src/config/env.ts:28:53 (WCF_BASE)',
    'src/etl/campaign-json-bridge.ts:44:13 sunset/no-retired-soap-operation CreateCampaignsAsJson is retired (support ended 2019-10-01): use POST /v1/buyer/campaigns; this call needs a manual migration. <- src/config/env.ts:28:53 (WCF_BASE)',
    'src/etl/campaign-json-bridge.ts:65:20 sunset/no-retired-soap-operation UpdateCampaignsAsJson is retired (support ended 2019-10-01): use PUT /v1/buyer/campaigns/{id}; this call needs a manual migration. <- src/config/env.ts:28:53 (WCF_BASE)',
    'src/etl/campaign-sync.ts:85:56 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/clients is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers. <- src/config/endpoints.ts:9:37 (CAMPAIGN_CLIENTS_URL)',
    'src/etl/report-runner.ts:76:53 sunset/no-sync-reporting POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration. <- src/config/endpoints.ts:12:32 (REPORT_DATA_URL)',
  ],
  'fixtures/codemod': [],
  'fixtures/cli/small': [],
  'fixtures/client-shapes': [
    'src/features/campaigns.ts:8:59 sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns. <- src/api/http.ts:4:23 (adform)',
    'src/features/dictionaries.js:3:39 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers. <- src/api/ky-client.js:4:20 (api)',
    'src/features/managers.ts:10:56 sunset/no-legacy-rest-path GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers. <- src/api/http.ts:4:23 (adform)',
    'src/features/orders.cjs:5:56 sunset/no-legacy-rest-path GET /v1/campaigns/{campaignId}/orders is retired (support ended 2019-10-01): use GET /v1/buyer/orders; this call needs a manual migration. <- src/api/got-client.cjs:6:19 (adformGot)',
    'src/legacy/push.js:3:37 sunset/no-legacy-rest-path /v1/campaigns (GET or PATCH) is retired (support ended 2019-10-01): use one of GET /v1/buyer/campaigns or PUT /v1/buyer/campaigns/{id}/status; this call needs a manual migration. <- src/legacy/paths.js:2:26 (CAMPAIGNS)',
  ],
};

/**
 * What ESLint's findings depend on besides the files: the plugin and the packages it runs (their builds),
 * ESLint and the TypeScript parser, this harness. Not the Node line: on Node 22 and 24 (CI's second step)
 * the same ESLint over the same files is read from the main run's cache, so those lines spend their time
 * on what differs there, `sunset check`'s raw transfer, and compare it with the real ESLint result.
 */
const eslintInputsHash = (() => {
  const hash = createHash('sha256');
  for (const name of ['eslint-plugin', 'analysis', 'rule-data', 'config']) {
    const dist = path.join(repoRoot, 'packages', name, 'dist');
    const entries = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.endsWith('.tsbuildinfo'));
    for (const file of entries.map((entry) => path.join(entry.parentPath, entry.name)).sort()) hash.update(`${path.relative(repoRoot, file)}\0`).update(readFileSync(file));
  }
  for (const manifest of ['node_modules/eslint/package.json', 'node_modules/@typescript-eslint/parser/package.json', 'test/support/eslint-with-plugin.ts']) hash.update(readFileSync(path.join(repoRoot, manifest)));
  return hash.digest('hex');
})();
const eslintCacheDir = path.join(repoRoot, 'node_modules/.cache/sunset-parity-eslint');

/** ESLint with the recommended config, or the objects `configsFor` makes of the folder's sunset.config.json; `settings` over them. */
async function eslintCheck(cwd: string, paths: readonly string[], settings: object = {}): Promise<{ findings: string[]; errors: string[] }> {
  const { files } = await findSourceFiles(paths, { cwd });
  const key = createHash('sha256').update(JSON.stringify({ eslintInputsHash, asOf, settings }));
  for (const file of [...files.map((entry) => entry.path).sort(), path.join(cwd, 'sunset.config.json')]) {
    let bytes: Buffer | string;
    try {
      bytes = readFileSync(file);
    } catch {
      bytes = '(none)';
    }
    key.update(`\0${path.relative(cwd, file)}\0`).update(bytes);
  }
  const cached = path.join(eslintCacheDir, `${key.digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as { findings: string[]; errors: string[] };
  } catch {
    // Not run yet with these inputs: run ESLint.
  }
  const result = await eslintLint(cwd, files, settings);
  mkdirSync(eslintCacheDir, { recursive: true });
  writeFileSync(`${cached}.${process.pid}`, JSON.stringify(result));
  renameSync(`${cached}.${process.pid}`, cached);
  return result;
}

async function eslintLint(cwd: string, files: readonly { path: string }[], settings: object): Promise<{ findings: string[]; errors: string[] }> {
  const results = await eslintWithPlugin(cwd, asOf, settings).lintFiles(files.map((file) => file.path));
  const relative = (file: string): string => path.relative(cwd, file).split(path.sep).join('/');
  return {
    findings: results
      .flatMap((result) => result.messages.filter((message) => message.fatal !== true).map((message) => `${relative(result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`))
      .sort(),
    errors: results.filter((result) => result.messages.some((message) => message.fatal === true)).map((result) => relative(result.filePath)).sort(),
  };
}

describe('sunset check and ESLint with the plugin give the same findings', () => {
  const benchRepo = mkdtempSync(path.join(tmpdir(), 'sunset-parity-'));
  const adformCopy = mkdtempSync(path.join(tmpdir(), 'sunset-parity-adform-'));
  afterAll(() => {
    rmSync(benchRepo, { recursive: true, force: true });
    rmSync(adformCopy, { recursive: true, force: true });
  });

  it.each([
    ['the legacy app', 'fixtures/legacy-app'],
    ['the codemod fixtures (inputs and outputs)', 'fixtures/codemod'],
    ['the CLI fixtures', 'fixtures/cli/small'],
    ['the client shapes (with their expected fix)', 'fixtures/client-shapes'],
  ])('over %s', async (_name, folder) => {
    const cwd = path.join(repoRoot, folder);
    const [{ crossFile, valuesRead, ...cli }, eslint] = [sunsetCheck(cwd, ['.']), await eslintCheck(cwd, ['.'])];
    expect(cli.findings.length).toBeGreaterThan(0);
    const { atDeclarations, others } = splitAtValuesRead(eslint.findings, valuesRead);
    // Every value a request of another file reads is one ESLint finding, at its declaration.
    expect(atDeclarations).toEqual(declarationsReadElsewhere[folder]);
    const reported = new Set(atDeclarations.map((finding) => finding.slice(0, finding.indexOf(' '))));
    expect(valuesRead.filter((place) => !reported.has(place))).toEqual(basesReadElsewhere[folder] ?? []);
    expect(cli).toEqual({ ...eslint, findings: others });
    expect(crossFile).toEqual(crossFileFindings[folder]);
  });

  // Other vendors' clients made in another file: both read the wrapper's or instance's host there.
  it("over other vendors' clients (fixtures/other-vendors): nothing by default, the same requests on every host", async () => {
    const cwd = path.join(repoRoot, 'fixtures/other-vendors');
    const [{ crossFile, ...cli }, eslint] = [sunsetCheck(cwd, ['.']), await eslintCheck(cwd, ['.'])];
    expect(cli).toEqual({ findings: [], errors: [], valuesRead: [] });
    expect(cli).toEqual({ ...eslint, valuesRead: [] });
    expect(crossFile).toEqual([]);
    // Only clients come from other files here: no declaration is left to the requests.
    const [{ crossFile: crossFileOnEveryHost, ...everyHost }, eslintOnEveryHost] = [sunsetCheck(cwd, ['.'], ['--api-host', '*']), await eslintCheck(cwd, ['.'], { apiHosts: ['*'] })];
    expect(everyHost.findings.length).toBe(otherVendorRequests().length);
    expect(everyHost).toEqual({ ...eslintOnEveryHost, valuesRead: [] });
    expect(crossFileOnEveryHost.map((line) => line.replace(/ sunset\/.* <- /, ' <- '))).toEqual([
      'src/display-video/advertisers.ts:18:28 <- src/display-video/client.ts:6:8 (DisplayVideoClient)',
      'src/givebutter/campaign-service.ts:20:69 <- src/givebutter/client.ts:4:27 (givebutter)',
      'src/givebutter/campaign-service.ts:25:73 <- src/givebutter/client.ts:4:27 (givebutter)',
      'src/givebutter/donations.ts:17:53 <- src/givebutter/client.ts:4:27 (givebutter)',
      'src/snapchat-marketing/adsManager.js:12:31 <- src/snapchat-marketing/apiClient.js:8:1 (default)',
    ]);
  });

  it('over the same clients pointed at api.adform.com', async () => {
    const cwd = copyPointedAtAdform(adformCopy);
    const [{ crossFile, ...cli }, eslint] = [sunsetCheck(cwd, ['.']), await eslintCheck(cwd, ['.'])];
    expect(cli.findings.length).toBe(otherVendorRequests().length);
    expect(cli).toEqual({ ...eslint, valuesRead: [] });
    expect(crossFile.length).toBe(5);
  });

  it('over a generated repo of 400 files in every retired form', async () => {
    writeRepo(benchRepo, { files: 400, seed: 7, share: 0.05 });
    const [{ crossFile, ...cli }, eslint] = [sunsetCheck(benchRepo, ['.']), await eslintCheck(benchRepo, ['.'])];
    expect(cli.findings.length).toBeGreaterThan(20);
    expect(cli).toEqual({ ...eslint, valuesRead: [] });
    expect(crossFile).toEqual([]);
  });
});

describe('where they differ by design: a UTF-16 file', () => {
  // ESLint reads every file as UTF-8, so it cannot parse a UTF-16 one and says so (a fatal parsing
  // error, never a silent pass); `sunset check` decodes UTF-16 by its byte-order mark and checks it.
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-parity-utf16-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is checked by sunset check and reported as not parsed by ESLint', async () => {
    writeFileSync(path.join(dir, 'le.js'), Buffer.from("\uFEFF// one\nfetch('/v1/campaigns');\n", 'utf16le'));
    writeFileSync(path.join(dir, 'be.ts'), Buffer.from("\uFEFF// one\nfetch('/v1/campaigns');\n", 'utf16le').swap16());
    const message = 'sunset/no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';
    expect(sunsetCheck(dir, ['.'])).toEqual({ findings: [`be.ts:2:7 ${message}`, `le.js:2:7 ${message}`], errors: [], crossFile: [], valuesRead: [] });
    expect(await eslintCheck(dir, ['.'])).toEqual({ findings: [], errors: ['be.ts', 'le.js'] });
  });
});
