import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinCatalog, createCatalog } from '@sunset/rule-data';
import { baseTestOf, selectProjectFiles, summaryOfText } from '@sunset/project';
import { ts } from 'ts-morph';

// What --project gives ts-morph (issue 21): besides the files holding a retired path, the modules that
// export a base a retired path can be split at (a string ending in /v1 or an API's server path), and
// who imports them; nothing else.

/** A folder with `files`, and the selection over all of them with the built-in catalog's seeds. */
function select(
  files: Record<string, string>,
  holdsBase = baseTestOf({ catalog: builtinCatalog }),
  rootDirs?: readonly string[],
  settled: readonly string[] = [],
): { analysed: string[]; loaded: string[] } {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-select-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const all = Object.keys(files).map((file) => path.join(root, file));
  const seeds = { hasNeedle: (text: string) => builtinCatalog.needlePattern.test(text), holdsBase };
  const compilerOptions = { allowJs: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, ...(rootDirs === undefined ? {} : { rootDirs: rootDirs.map((dir) => path.join(root, dir)) }) };
  const settledFiles = new Set(settled.map((file) => path.join(root, file)));
  const selection = selectProjectFiles(all, (file) => summaryOfText(readFileSync(file, 'latin1'), seeds), compilerOptions, ts.sys, (file) => settledFiles.has(file));
  const relative = (list: readonly string[]): string[] => list.map((file) => path.relative(root, file).split(path.sep).join('/'));
  return { analysed: relative(selection.analysed), loaded: relative(selection.loaded) };
}

describe('the --project selection and client bases', () => {
  it('seeds a module exporting a client whose base ends in a first segment, and follows its importers; not one whose base is a host alone', () => {
    const selected = select({
      'src/http.ts': "import axios from 'axios';\nexport const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'src/host-only.ts': "import axios from 'axios';\nexport const plain = axios.create({ baseURL: 'https://api.adform.com' });\n",
      'src/uses-host-only.ts': "import { plain } from './host-only';\nexport const list = () => plain.get('/campaigns');\n",
      'src/env.ts': "export const api = ky.create({ prefixUrl: `${process.env.HOST}/v1/` });\n",
      'src/barrel.ts': "export * from './http';\n",
      'src/feature.ts': "import { adform } from './barrel';\nexport const list = () => adform.get('/campaigns');\n",
      'src/other.ts': "import { api } from './env';\napi.get('campaigns');\n",
      'src/local.ts': "const own = axios.create({ baseURL: 'https://api.adform.com/v1' });\nown.get('/x');\n",
      'src/buyer.ts': "export const buyer = axios.create({ baseURL: 'https://api.example.com/v1/buyer' });\n",
      'src/unrelated.ts': "import { buyer } from './buyer';\nexport const x = buyer.get('/campaigns');\n",
    });
    expect(selected).toEqual({
      analysed: ['src/barrel.ts', 'src/env.ts', 'src/feature.ts', 'src/http.ts', 'src/other.ts'],
      loaded: ['src/barrel.ts', 'src/env.ts', 'src/feature.ts', 'src/http.ts', 'src/other.ts'],
    });
  });

  it('does not seed a module exporting a base that imports no project file and that no file imports (issue 24); one that imports a project file, or is imported, it does', () => {
    const http = "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.adform.com/v1' });\n";
    const selected = select({
      'src/alone.ts': `${http}export const list = () => api.get('/campaigns');\n`,
      'src/with-paths.ts': `import { PATHS } from './paths';\n${http}export const list = () => api.get(PATHS.campaigns);\n`,
      'src/paths.ts': "export const PATHS = { campaigns: '/campaigns' };\n",
      'src/imported.ts': http,
      'src/barrel.ts': "export * from './imported';\n",
    });
    expect(selected).toEqual({
      analysed: ['src/barrel.ts', 'src/imported.ts', 'src/with-paths.ts'],
      loaded: ['src/barrel.ts', 'src/imported.ts', 'src/paths.ts', 'src/with-paths.ts'],
    });
  });

  it('a relative import into a folder that does not exist names nothing, unless rootDirs joins another root there', () => {
    const files = {
      'gen/shared/http.ts': "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'src/views/feature.ts': "import { api } from '../shared/http';\nexport const list = () => api.get('/campaigns');\n",
    };
    expect(select(files)).toEqual({ analysed: [], loaded: [] });
    expect(select(files, undefined, ['src', 'gen'])).toEqual({ analysed: ['gen/shared/http.ts', 'src/views/feature.ts'], loaded: ['gen/shared/http.ts', 'src/views/feature.ts'] });
  });

  it("follows an import of a folder's index written . or .. (trial 2026-11-27), as ./ and ../; a bare name starting with a dot is a package", () => {
    const http = "import axios from 'axios';\nexport const api = axios.create({ baseURL: 'https://api.adform.com/v1' });\n";
    const selected = select({
      'src/api/index.ts': http,
      'src/api/feature.ts': "import { api } from '.';\nexport const list = () => api.get('/campaigns');\n",
      'src/api/sub/feature.ts': "import { api } from '..';\nexport const list = () => api.get('/campaigns');\n",
      'src/api/sub/deeper/feature.ts': "import { api } from '../..';\nexport const list = () => api.get('/campaigns');\n",
      'src/lonely/feature.ts': "import { api } from '..';\nexport const list = () => api.get('/campaigns');\n",
      'src/dot-name.ts': "import { api } from '.api';\nexport const list = () => api.get('/campaigns');\n",
      'src/.api.ts': http.replace('api.adform.com', 'api.example.com'),
    });
    expect(selected).toEqual({
      analysed: ['src/api/feature.ts', 'src/api/index.ts', 'src/api/sub/deeper/feature.ts', 'src/api/sub/feature.ts'],
      loaded: ['src/api/feature.ts', 'src/api/index.ts', 'src/api/sub/deeper/feature.ts', 'src/api/sub/feature.ts'],
    });
  });

  it('does not seed a needle the first pass settled in a module that shares nothing; one that imports or is imported, a script, or an unsettled one it does', () => {
    const partner = "const OTHER_VENDOR = 'https://api.givebutter.example';\nexport const load = () => fetch(`${OTHER_VENDOR}/v1/campaigns`);\n";
    const selected = select(
      {
        'src/alone.ts': partner,
        'src/imported.ts': partner,
        'src/uses.ts': "import { load } from './imported';\nexport const run = () => load();\n",
        'src/imports.ts': `import { NAME } from './name';\n${partner}`,
        'src/name.ts': "export const NAME = 'partner';\n",
        'src/script.js': "var OTHER_VENDOR = 'https://api.givebutter.example';\nfetch(OTHER_VENDOR + '/v1/campaigns');\n",
        'src/unsettled.ts': partner,
      },
      undefined,
      undefined,
      ['src/alone.ts', 'src/imported.ts', 'src/imports.ts', 'src/script.js'],
    );
    expect(selected).toEqual({
      analysed: ['src/imported.ts', 'src/imports.ts', 'src/script.js', 'src/unsettled.ts', 'src/uses.ts'],
      loaded: ['src/imported.ts', 'src/imports.ts', 'src/name.ts', 'src/script.js', 'src/unsettled.ts', 'src/uses.ts'],
    });
  });

  it("also seeds on another API's server path, never on a host alone", () => {
    const music = { id: 'music', name: 'Music API', hosts: ['*.music.example'], basePaths: ['/v2'] };
    const catalog = createCatalog([{ id: 'save', retired: 'PUT /me/tracks', replacements: [], gaEnds: '2025-01-01', supportEnds: '2026-01-01', service: 'Music', api: 'music' }], 'customEntries', [music]);
    const holdsBase = baseTestOf({ catalog });
    // A host alone: the request's file holds the whole retired path (a needle) and loads the base's module.
    expect(["'https://api.music.example'", '`${HOST}/v2`', "'/v2/'", "'https://api.music.example/v2'", "'https://api.adform.com'", "'https://api.other.example/v3'"].map(holdsBase)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
