import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CrossFileRelatedLocation } from '../src/check/check-source.js';
import { checkFiles } from '../src/check/check-files.js';
import { fixFiles } from '../src/fix/fix-files.js';
import { consumedDeclarations, placeKey, withoutConsumedDeclarations } from '../src/module-graph/consumed-declarations.js';
import { crossFileFixRun, makeTree, sunsetOptions } from './helpers.js';

// One request is one finding across files (G2): a declaration whose value a request of another
// scanned file reads is reported, and fixed, at that request only; a client's declaration, or a
// declaration whose readers the run did not all read, keeps its own finding.

const place = (file: string, line: number, column: number, role: CrossFileRelatedLocation['role']): CrossFileRelatedLocation => ({
  file,
  line,
  column,
  endLine: line,
  endColumn: column + 10,
  message: role === 'client' ? 'The client is created here as api.' : 'The value is declared here as PATHS.',
  role,
});

describe('consumedDeclarations and withoutConsumedDeclarations', () => {
  const declaration = { file: '/r/paths.ts', line: 1, column: 23 };
  const client = { file: '/r/http.ts', line: 2, column: 23 };
  const own = { file: '/r/paths.ts', line: 3, column: 30 };

  it('keys the value places the findings read, not the clients they are made with', () => {
    const consumed = consumedDeclarations([
      { crossFileRelated: [place('/r/paths.ts', 1, 23, 'value'), place('/r/http.ts', 2, 23, 'client')] },
      { crossFileRelated: [place('/r/paths.ts', 1, 23, 'value')] },
      {},
    ]);
    expect([...consumed]).toEqual([placeKey('/r/paths.ts', 1, 23)]);
  });

  it('drops the finding at a consumed value declaration, and keeps the reader, a client declaration and a finding elsewhere in the same file', () => {
    const reader = { file: '/r/use.ts', line: 2, column: 30, crossFileRelated: [place('/r/paths.ts', 1, 23, 'value'), place('/r/http.ts', 2, 23, 'client')] };
    expect(withoutConsumedDeclarations([declaration, client, own, reader])).toEqual([client, own, reader]);
  });

  it('keeps a declaration whose place only a client role names, and drops nothing when no finding reads another file', () => {
    const onlyClient = { file: '/r/use.ts', line: 2, column: 30, crossFileRelated: [place('/r/paths.ts', 1, 23, 'client')] };
    expect(withoutConsumedDeclarations([declaration, onlyClient])).toEqual([declaration, onlyClient]);
    expect(withoutConsumedDeclarations([declaration, own])).toEqual([declaration, own]);
  });

  it('matches a place by file, line and column: the same position in another file is not the declaration', () => {
    const reader = { file: '/r/use.ts', line: 2, column: 30, crossFileRelated: [place('/r/other/paths.ts', 1, 23, 'value')] };
    expect(withoutConsumedDeclarations([declaration, reader])).toEqual([declaration, reader]);
  });
});

/** `file:line:column retiredKey [<- declaredIn]`, the findings of `sunset check`'s default mode over `src`. */
async function checkLines(root: string, onlyFiles?: readonly string[]): Promise<string[]> {
  const result = await checkFiles(['src'], {
    cwd: root,
    baseDir: root,
    options: sunsetOptions(),
    threads: 1,
    crossFile: true,
    ...(onlyFiles === undefined ? {} : { onlyFiles: onlyFiles.map((file) => path.join(root, file)) }),
  });
  return result.findings.map((finding) => {
    const declared = finding.data.declaredIn === undefined ? '' : ` <- ${finding.data.declaredIn}`;
    return `${path.relative(root, finding.file).split(path.sep).join('/')}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey}${declared}`;
  });
}

describe('sunset check: one request is one finding across files', () => {
  // A constant and two files whose requests read it.
  const twoReaders = {
    'src/api/paths.ts': "export const MANAGERS = '/v1/campaigns/dictionaries/managers';\n",
    'src/a.ts': "import { MANAGERS } from './api/paths';\nexport const a = () => fetch(MANAGERS);\n",
    'src/b.ts': "import { MANAGERS } from './api/paths';\nexport const b = () => fetch(MANAGERS);\n",
  };

  it('reports a constant read by requests in two files at both requests, and not where it is declared', async () => {
    const root = makeTree(twoReaders);
    expect(await checkLines(root)).toEqual([
      'src/a.ts:2:30 GET /v1/campaigns/dictionaries/managers <- src/api/paths.ts:1:25 (MANAGERS)',
      'src/b.ts:2:30 GET /v1/campaigns/dictionaries/managers <- src/api/paths.ts:1:25 (MANAGERS)',
    ]);
  });

  it("drops the member of an `as const` object a request reads, and keeps the member nobody reads", async () => {
    const root = makeTree({
      'src/api/paths.ts': "export const API = { campaigns: '/v1/campaigns', managers: '/v1/campaigns/dictionaries/managers' } as const;\n",
      'src/use.ts': "import { API } from './api/paths';\nexport const list = () => fetch(API.campaigns);\n",
    });
    expect(await checkLines(root)).toEqual([
      'src/api/paths.ts:1:60 /v1/campaigns/dictionaries/managers',
      'src/use.ts:2:33 GET /v1/campaigns <- src/api/paths.ts:1:33 (API.campaigns)',
    ]);
  });

  it("keeps the finding in a client's file when a request made with that client is reported in another file", async () => {
    const root = makeTree({
      'src/api/http.ts': "import axios from 'axios';\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1/campaigns' });\n",
      'src/use.ts': "import { adform } from './api/http';\nexport const managers = () => adform.get('/dictionaries/managers');\n",
    });
    expect(await checkLines(root)).toEqual([
      'src/api/http.ts:2:47 /v1/campaigns',
      'src/use.ts:2:42 GET /v1/campaigns/dictionaries/managers <- src/api/http.ts:2:23 (adform)',
    ]);
  });

  it('keeps the declaration in a run of some files only (--changed-since): the readers outside it are unknown', async () => {
    const root = makeTree(twoReaders);
    // Only the constant's file changed: its importers are not checked, the declaration is reported.
    expect(await checkLines(root, ['src/api/paths.ts'])).toEqual(['src/api/paths.ts:1:25 /v1/campaigns/dictionaries/managers']);
    // The constant and one reader changed: b.ts, outside the run, reads it too.
    expect(await checkLines(root, ['src/api/paths.ts', 'src/a.ts'])).toEqual([
      'src/a.ts:2:30 GET /v1/campaigns/dictionaries/managers <- src/api/paths.ts:1:25 (MANAGERS)',
      'src/api/paths.ts:1:25 /v1/campaigns/dictionaries/managers',
    ]);
  });
});

describe('sunset fix: one request is one TODO across files', () => {
  const paths = [
    "export const LEGACY = '/v1/campaigns';",
    "export const own = () => fetch('/v1/campaigns/dictionaries/clients');",
    "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');",
    '',
  ].join('\n');
  const reader = "import { LEGACY } from './api/paths';\nexport const list = () => fetch(LEGACY);\n";
  const run = crossFileFixRun;

  it("marks the request that reads the constant, not its declaration, and keeps the declaring file's own rewrite and TODO; a second run changes nothing", async () => {
    const root = makeTree({ 'src/api/paths.ts': paths, 'src/use.ts': reader });

    const first = await fixFiles(['src'], run(root));

    expect(readFileSync(path.join(root, 'src/api/paths.ts'), 'utf8')).toBe(
      [
        "export const LEGACY = '/v1/campaigns';",
        "export const own = () => fetch('/v1/buyer/advertisers');",
        '// TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the new',
        '//     endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
        '//   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
        '//   support ended 2019-10-01',
        "export const labels = () => fetch('/v1/campaigns/dictionaries/labels');",
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'src/use.ts'), 'utf8')).toBe(
      [
        "import { LEGACY } from './api/paths';",
        '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
        '//   support ended 2019-10-01',
        '//   the path is LEGACY of ./api/paths.ts',
        'export const list = () => fetch(LEGACY);',
        '',
      ].join('\n'),
    );
    expect(first.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action} ${site.entry}`)).toEqual([
      'src/api/paths.ts:2:32 rewritten campaign-dictionary-clients',
      'src/api/paths.ts:3:35 todo campaign-dictionary-labels',
      'src/use.ts:2:33 todo campaigns-legacy-list',
    ]);

    const fixed = ['src/api/paths.ts', 'src/use.ts'].map((file) => readFileSync(path.join(root, file), 'utf8'));
    const second = await fixFiles(['src'], run(root));
    expect(second.changedFiles).toEqual([]);
    expect(['src/api/paths.ts', 'src/use.ts'].map((file) => readFileSync(path.join(root, file), 'utf8'))).toEqual(fixed);
    // What is left for a person is what `sunset check` still reports: the two marked requests, not the declaration.
    expect(await checkLines(root)).toEqual(['src/api/paths.ts:7:35 GET /v1/campaigns/dictionaries/labels', 'src/use.ts:5:33 GET /v1/campaigns <- src/api/paths.ts:1:23 (LEGACY)']);
  });

  it('marks the declaration when no scanned file reads it', async () => {
    const root = makeTree({ 'src/api/paths.ts': paths });
    const report = await fixFiles(['src'], run(root));
    expect(report.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action} ${site.entry}`)).toEqual([
      'src/api/paths.ts:1:23 todo campaigns-legacy-list',
      'src/api/paths.ts:2:32 rewritten campaign-dictionary-clients',
      'src/api/paths.ts:3:35 todo campaign-dictionary-labels',
    ]);
  });
});

describe('sunset check says what sunset fix does with a constant another file declares', () => {
  const tree = {
    'src/api/paths.ts': [
      // Its own finding is a one-to-one rewrite (GET /v1/buyer/classifiers/managers).
      "export const MANAGERS = '/v1/campaigns/dictionaries/managers';",
      // Needs an advertiser id: a TODO.
      "export const LABELS = '/v1/campaigns/dictionaries/labels';",
      // GET or PATCH, the declaration does not say: a TODO there, though a GET alone would be one-to-one.
      "export const LEGACY = '/v1/campaigns';",
      "export const CLIENTS = 'https://api.adform.com/v1/campaigns/dictionaries/clients';",
      '',
    ].join('\n'),
    'src/use.ts': [
      "import axios from 'axios';",
      "import { CLIENTS, LABELS, LEGACY, MANAGERS } from './api/paths';",
      'export const managers = () => fetch(MANAGERS);',
      'export const labels = () => fetch(LABELS);',
      'export const list = () => fetch(LEGACY);',
      'export const active = () => fetch(`${MANAGERS}?active=true`);',
      'export const clients = () => axios.get(CLIENTS);',
      '',
    ].join('\n'),
  };

  const migrations = async (root: string): Promise<string[]> => {
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true });
    return result.findings.map(
      (finding) =>
        `${path.relative(root, finding.file).split(path.sep).join('/')}:${finding.line}:${finding.column} ${finding.retirement?.migration} ${finding.messageId} | ${(finding.crossFileRelated ?? []).map((place) => place.message).join(' | ')}`,
    );
  };

  it('calls a request a rewrite when the declaration it reads is the one-to-one rewrite it needs, and the others a TODO', async () => {
    const root = makeTree(tree);
    expect(await migrations(root)).toEqual([
      'src/use.ts:3:37 rewrite retiredRewrite | The value is declared here as MANAGERS; sunset fix rewrites it here.',
      'src/use.ts:4:35 todo retiredTodo | The value is declared here as LABELS.',
      'src/use.ts:5:33 todo retiredTodo | The value is declared here as LEGACY.',
      'src/use.ts:6:35 rewrite retiredRewrite | The value is declared here as MANAGERS; sunset fix rewrites it here.',
      'src/use.ts:7:40 rewrite retiredRewrite | The value is declared here as CLIENTS; sunset fix rewrites it here.',
    ]);
    const messages = (await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true })).findings.map((finding) => finding.message);
    expect(messages[0]).toBe('GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.');
    expect(messages[1]).toBe('GET /v1/campaigns/dictionaries/labels is retired (support ended 2019-10-01): use GET /v1/buyer/advertisers/{id}/campaignLabels; this call needs a manual migration.');
  });

  it('is right: after sunset fix, the rewrites are gone and each TODO is marked at its request', async () => {
    const root = makeTree(tree);
    const report = await fixFiles(['src'], crossFileFixRun(root));
    expect(report.sites.map((site) => `${site.file}:${site.line}:${site.column} ${site.action} ${site.entry}`)).toEqual([
      'src/api/paths.ts:1:25 rewritten campaign-dictionary-managers',
      'src/api/paths.ts:4:24 rewritten campaign-dictionary-clients',
      'src/use.ts:4:35 todo campaign-dictionary-labels',
      'src/use.ts:5:33 todo campaigns-legacy-list',
    ]);
    expect(readFileSync(path.join(root, 'src/api/paths.ts'), 'utf8').split('\n').slice(0, 4)).toEqual([
      "export const MANAGERS = '/v1/buyer/classifiers/managers';",
      "export const LABELS = '/v1/campaigns/dictionaries/labels';",
      "export const LEGACY = '/v1/campaigns';",
      "export const CLIENTS = 'https://api.adform.com/v1/buyer/advertisers';",
    ]);
    expect(await checkLines(root)).toEqual([
      'src/use.ts:9:35 GET /v1/campaigns/dictionaries/labels <- src/api/paths.ts:2:23 (LABELS)',
      'src/use.ts:13:33 GET /v1/campaigns <- src/api/paths.ts:3:23 (LEGACY)',
    ]);
  });

  it('keeps every declaration and credits nothing in a run of some files only (--changed-since)', async () => {
    const root = makeTree(tree);
    const result = await checkFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), threads: 1, crossFile: true, onlyFiles: [path.join(root, 'src/api/paths.ts'), path.join(root, 'src/use.ts')] });
    expect(result.findings.filter((finding) => finding.crossFileRelated !== undefined).map((finding) => `${finding.line}:${finding.column} ${finding.retirement?.migration}`)).toEqual(['3:37 todo', '4:35 todo', '5:33 todo', '6:35 todo', '7:40 todo']);
    expect(result.findings.filter((finding) => finding.file.endsWith('paths.ts')).map((finding) => `${finding.line}:${finding.column} ${finding.retirement?.migration}`)).toEqual(['1:25 rewrite', '2:23 todo', '3:23 todo', '4:24 rewrite']);
  });
});
