import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, fixFiles, type FileChange } from '@sunset/engine';
import { runProjectCheck, runProjectFix } from '@sunset/project';
import { sunsetOptions } from '../../engine/tests/helpers.js';

// A Node ETL in CommonJS: the base and the path come from `require('./config')` / `require('./paths')`.
// The default mode reads them as it reads an ES import; --project (allowJs) through the type checker.
// Both must find the same requests, say the same of them, and make the same changes.

const files = {
  'jsconfig.json': JSON.stringify({ compilerOptions: { allowJs: true, checkJs: false, module: 'commonjs', noEmit: true }, include: ['src'] }),
  'src/config.js': "module.exports = { API_V1: 'https://api.adform.com/v1' };\n",
  'src/managers.js': "const axios = require('axios');\nconst { API_V1 } = require('./config');\n\nexports.managers = () => axios.get(`${API_V1}/campaigns/dictionaries/managers`);\n",
  'src/paths.js': "const API_BASE = 'https://api.adform.com';\nconst CAMPAIGNS_PATH = '/v1/campaigns';\nmodule.exports = { API_BASE, CAMPAIGNS_PATH };\n",
  'src/get-campaign.js': "const axios = require('axios');\nconst { API_BASE, CAMPAIGNS_PATH } = require('./paths');\n\nexports.getCampaign = (id) => axios.get(API_BASE + CAMPAIGNS_PATH + '/' + id);\n",
};

function work(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-required-values-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

interface Placed {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly retirement?: { readonly entry: { readonly id: string }; readonly migration: string; readonly host?: string | undefined } | undefined;
  readonly data: Readonly<Record<string, string | number | undefined>>;
}

const lineOf = (root: string, finding: Placed): string =>
  `${path.relative(root, finding.file).split(path.sep).join('/')}:${finding.line}:${finding.column} ${finding.retirement?.entry.id} ${finding.retirement?.migration} @${finding.retirement?.host ?? '?'} <- ${finding.data.declaredIn ?? ''}`;

const changesOf = (changes: readonly FileChange[]): Record<string, string> => Object.fromEntries(changes.map((change) => [change.displayPath, change.after]));

describe('values required from another file: the default mode and --project agree', () => {
  it('find the same requests, at the request, with the same entry, migration, host and declaration', async () => {
    const root = work();
    const run = { cwd: root, baseDir: root, paths: ['src'], options: sunsetOptions() };
    const byDefault = await checkFiles(['src'], { ...run, threads: 1, crossFile: true });
    const byProject = await runProjectCheck(run);
    const expected = [
      'src/get-campaign.js:4:41 campaigns-legacy-get todo @api.adform.com <- src/paths.js:2:24 (CAMPAIGNS_PATH)',
      'src/managers.js:4:36 campaign-dictionary-managers rewrite @api.adform.com <- src/config.js:1:28 (API_V1)',
    ];
    expect(byDefault.findings.map((finding) => lineOf(root, finding))).toEqual(expected);
    expect(byProject.findings.map((finding) => lineOf(root, finding))).toEqual(expected);
  });

  it('make the same changes: the rewrite at the request, the TODO naming the required path', async () => {
    const root = work();
    const changes: FileChange[] = [];
    await fixFiles(['src'], { cwd: root, baseDir: root, options: sunsetOptions(), dry: true, force: true, crossFile: true, onChange: (change) => changes.push(change) });
    const byProject = await runProjectFix({ cwd: root, baseDir: root, paths: ['src'], options: sunsetOptions(), dry: true, force: true });
    expect(changesOf(changes)).toEqual({
      'src/get-campaign.js': files['src/get-campaign.js'].replace(
        'exports.getCampaign',
        [
          '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two',
          '//     resources: the campaign and its RTB settings; call the one(s) this code needs',
          '//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
          '//   support ended 2019-10-01',
          '//   the path is CAMPAIGNS_PATH of ./paths.js',
          'exports.getCampaign',
        ].join('\n'),
      ),
      'src/managers.js': files['src/managers.js'].replace('/campaigns/dictionaries/managers', '/buyer/classifiers/managers'),
    });
    expect(changesOf(byProject.changes)).toEqual(changesOf(changes));
  });
});

describe.each([
  ["module.exports = { MANAGERS: '…' }", "module.exports = { MANAGERS: '/v1/campaigns/dictionaries/managers' };\n", 'src/paths.js:1:30 (MANAGERS)'],
  ["exports.MANAGERS = '…'", "exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n", 'src/paths.js:1:20 (MANAGERS)'],
  ["module.exports.MANAGERS = '…'", "module.exports.MANAGERS = '/v1/campaigns/dictionaries/managers';\n", 'src/paths.js:1:27 (MANAGERS)'],
  ['module.exports = PATHS of a constant object', "const PATHS = { MANAGERS: '/v1/campaigns/dictionaries/managers' };\nmodule.exports = PATHS;\n", 'src/paths.js:1:27 (PATHS.MANAGERS)'],
])('a path exported as %s and required: the default mode and --project agree', (_form, paths, declared) => {
  const tree = {
    'jsconfig.json': files['jsconfig.json'],
    'src/paths.js': paths,
    'src/use.js': "const axios = require('axios');\nconst { MANAGERS } = require('./paths');\nexports.list = () => axios.get(MANAGERS);\n",
    'src/member.js': "const paths = require('./paths');\nexports.again = () => fetch(paths.MANAGERS);\n",
  };
  const workOf = (more: Readonly<Record<string, string>> = {}): string => {
    const root = mkdtempSync(path.join(tmpdir(), 'sunset-required-forms-'));
    for (const [file, text] of Object.entries({ ...tree, ...more })) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  };
  const bothModes = async (root: string): Promise<{ byDefault: string[]; byProject: string[]; changedByDefault: Record<string, string>; changedByProject: Record<string, string> }> => {
    const run = { cwd: root, baseDir: root, paths: ['src'], options: sunsetOptions() };
    const changes: FileChange[] = [];
    await fixFiles(['src'], { ...run, dry: true, force: true, crossFile: true, onChange: (change) => changes.push(change) });
    return {
      byDefault: (await checkFiles(['src'], { ...run, threads: 1, crossFile: true })).findings.map((finding) => lineOf(root, finding)),
      byProject: (await runProjectCheck(run)).findings.map((finding) => lineOf(root, finding)),
      changedByDefault: changesOf(changes),
      changedByProject: changesOf((await runProjectFix({ ...run, dry: true, force: true })).changes),
    };
  };

  it('both report each GET at the request, a rewrite where the path is declared, and rewrite it there', async () => {
    const { byDefault, byProject, changedByDefault, changedByProject } = await bothModes(workOf());
    expect(byDefault).toEqual([
      `src/member.js:2:29 campaign-dictionary-managers rewrite @? <- ${declared}`,
      `src/use.js:3:32 campaign-dictionary-managers rewrite @? <- ${declared}`,
    ]);
    expect(byProject).toEqual(byDefault);
    expect(changedByDefault).toEqual({ 'src/paths.js': paths.replace('/v1/campaigns/dictionaries/managers', '/v1/buyer/classifiers/managers') });
    expect(changedByProject).toEqual(changedByDefault);
  });

  it.each([
    ['read as a member', "const axios = require('axios');\nconst paths = require('./paths');\nexports.add = (body) => axios.post(paths.MANAGERS, body);\n"],
    ['destructured', "const axios = require('axios');\nconst { MANAGERS: PATH } = require('./paths');\nexports.add = (body) => axios.post(PATH, body);\n"],
  ])('both leave it where it is declared, with a TODO at each GET, when a POST of another file sends it too (%s)', async (_read, post) => {
    const { byDefault, byProject, changedByDefault, changedByProject } = await bothModes(workOf({ 'src/post.js': post }));
    expect(byDefault).toEqual([`src/member.js:2:29 campaign-dictionary-managers todo @? <- ${declared}`, `src/use.js:3:32 campaign-dictionary-managers todo @? <- ${declared}`]);
    expect(byProject).toEqual(byDefault);
    expect(Object.keys(changedByDefault)).toEqual(['src/member.js', 'src/use.js']);
    expect(Object.keys(changedByProject)).toEqual(Object.keys(changedByDefault));
  });
});

describe('a const exported as module.exports = { MANAGERS } and required', () => {
  it('--project leaves it where it is declared, with a TODO at each GET, where the default mode rewrites it: TypeScript does not link that property to the files reading it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sunset-required-shorthand-'));
    const tree = {
      'jsconfig.json': files['jsconfig.json'],
      'src/paths.js': "const MANAGERS = '/v1/campaigns/dictionaries/managers';\nmodule.exports = { MANAGERS };\n",
      'src/use.js': "const axios = require('axios');\nconst { MANAGERS } = require('./paths');\nexports.list = () => axios.get(MANAGERS);\n",
    };
    for (const [file, text] of Object.entries(tree)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = { cwd: root, baseDir: root, paths: ['src'], options: sunsetOptions() };
    const byDefault = (await checkFiles(['src'], { ...run, threads: 1, crossFile: true })).findings.map((finding) => lineOf(root, finding));
    const byProject = (await runProjectCheck(run)).findings.map((finding) => lineOf(root, finding));
    expect(byDefault).toEqual(['src/use.js:3:32 campaign-dictionary-managers rewrite @? <- src/paths.js:1:18 (MANAGERS)']);
    // A read of the property elsewhere (a POST) would be invisible to --project's check that every use migrates the same way.
    expect(byProject).toEqual(['src/use.js:3:32 campaign-dictionary-managers todo @? <- src/paths.js:1:18 (MANAGERS)']);
  });
});
