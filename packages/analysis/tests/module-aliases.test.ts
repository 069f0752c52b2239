import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModuleAliases, scanModuleReferences, scanModuleReferencesIn } from '../src/index.js';

function tree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-aliases-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('createModuleAliases', () => {
  it("maps a paths alias of the nearest tsconfig.json, read with comments and through `extends` (Nx's tsconfig.base.json)", () => {
    const root = tree({
      'tsconfig.base.json': '{\n  // Nx keeps the aliases here\n  "compilerOptions": { "baseUrl": ".", "paths": { "@acme/util-env": ["libs/util-env/src/index.ts"], "@acme/api/*": ["libs/api/src/*",], }, },\n}\n',
      'apps/web/tsconfig.json': '{ "extends": "../../tsconfig.base.json", "compilerOptions": { "strict": true } }',
      'apps/web/src/app/app.ts': '',
    });
    const aliases = createModuleAliases();
    const from = path.join(root, 'apps/web/src/app/app.ts');
    expect(aliases.targetsOf(from, '@acme/util-env')).toEqual([path.join(root, 'libs/util-env/src/index.ts')]);
    expect(aliases.targetsOf(from, '@acme/api/paths')).toEqual([path.join(root, 'libs/api/src/paths')]);
    // baseUrl makes any bare specifier a candidate under it; the graph then keeps only scanned files.
    expect(aliases.targetsOf(from, 'rxjs')).toEqual([path.join(root, 'rxjs')]);
    // A bare name starting with a dot is one too, as TypeScript maps it; `.` and `..` are relative (a folder), never mapped.
    expect(aliases.targetsOf(from, '.config')).toEqual([path.join(root, '.config')]);
    expect(aliases.targetsOf(from, '.')).toEqual([]);
    expect(aliases.targetsOf(from, '..')).toEqual([]);
    expect(aliases.prefixesOf([from])).toEqual(['']);
  });

  it('maps paths without a baseUrl relative to their config, and only the prefixes the config names', () => {
    const root = tree({ 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@app/*': ['./src/app/*'], '@env/*': ['./src/environments/*'], '@config': ['./src/config/index.ts'] } } }), 'src/app/a.ts': '' });
    const aliases = createModuleAliases();
    const from = path.join(root, 'src/app/a.ts');
    expect(aliases.prefixesOf([from]).toSorted()).toEqual(['@app/', '@config', '@env/']);
    expect(aliases.targetsOf(from, '@env/environment')).toEqual([path.join(root, 'src/environments/environment')]);
    expect(aliases.targetsOf(from, '@config')).toEqual([path.join(root, 'src/config/index.ts')]);
    expect(aliases.targetsOf(from, 'axios')).toEqual([]);
    expect(aliases.targetsOf(from, './relative')).toEqual([]);
    expect(aliases.targetsOf(from, 'node:path')).toEqual([]);
  });

  it("reads a jsconfig.json's baseUrl (Create React App); in one folder tsconfig.json wins, and a nearer config without aliases maps nothing", () => {
    const root = tree({
      'cra/jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
      'cra/src/api/campaigns.js': '',
      'both/tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["./ts/*"] } } }',
      'both/jsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["./js/*"] } } }',
      'both/a.js': '',
      'both/nested/tsconfig.json': '{ "compilerOptions": { "strict": true } }',
      'both/nested/b.ts': '',
    });
    // Listing each folder itself, and through the walk's folder listings: the same answers.
    for (const aliases of [createModuleAliases(), createModuleAliases((dir) => readdirSync(dir, { withFileTypes: true }))]) {
      expect(aliases.targetsOf(path.join(root, 'cra/src/api/campaigns.js'), 'config/endpoints')).toEqual([path.join(root, 'cra/src/config/endpoints')]);
      expect(aliases.targetsOf(path.join(root, 'both/a.js'), '~/paths')).toEqual([path.join(root, 'both/ts/paths')]);
      expect(aliases.targetsOf(path.join(root, 'both/nested/b.ts'), '~/paths')).toEqual([]);
      expect(aliases.prefixesOf([path.join(root, 'both/nested/b.ts')])).toEqual([]);
    }
  });

  it("maps a config's own paths when its `extends` is not installed (as tsc goes on), and nothing for a truncated config, without throwing", () => {
    const root = tree({
      'a/tsconfig.json': '{\n  // a base that is not installed\n  "extends": "@tsconfig/not-installed/tsconfig.json",\n  "compilerOptions": { "paths": { "@a/*": ["./lib/*"], }, },\n}\n',
      'a/x.ts': '',
      'b/tsconfig.json': '{ "compilerOptions": { "paths": { "@b/*": [',
      'b/y.ts': '',
    });
    const aliases = createModuleAliases();
    expect(aliases.targetsOf(path.join(root, 'a/x.ts'), '@a/paths')).toEqual([path.join(root, 'a/lib/paths')]);
    expect(aliases.prefixesOf([path.join(root, 'a/x.ts')])).toEqual(['@a/']);
    expect(aliases.targetsOf(path.join(root, 'b/y.ts'), '@b/paths')).toEqual([]);
  });

  it('hands a file of a solution config (`"files": []` with references, the Vite template) to the referenced config that includes it', () => {
    const root = tree({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" }] }',
      'tsconfig.app.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } }, "include": ["src"] }',
      'tsconfig.node.json': '{ "compilerOptions": { "paths": { "@/*": ["./tools/*"] } }, "include": ["vite.config.ts"] }',
      'src/app/list.ts': '',
      'vite.config.ts': '',
      'scripts/seed.ts': '',
    });
    for (const aliases of [createModuleAliases(), createModuleAliases((dir) => readdirSync(dir, { withFileTypes: true }))]) {
      expect(aliases.targetsOf(path.join(root, 'src/app/list.ts'), '@/api/paths')).toEqual([path.join(root, 'src/api/paths')]);
      expect(aliases.targetsOf(path.join(root, 'vite.config.ts'), '@/plugin')).toEqual([path.join(root, 'tools/plugin')]);
      // A file no referenced config includes: the solution config's own (none).
      expect(aliases.targetsOf(path.join(root, 'scripts/seed.ts'), '@/api/paths')).toEqual([]);
      expect(aliases.prefixesOf([path.join(root, 'src/app/list.ts')])).toEqual(['@/']);
    }
  });
});

describe('createModuleAliases: packages of the repository imported by name (workspaces)', () => {
  it('names the entry of a package linked into node_modules (npm, yarn), its exports subpaths, and never an installed dependency', () => {
    const root = tree({
      'package.json': '{ "private": true, "workspaces": ["packages/*", "apps/*"] }',
      'packages/api-client/package.json': '{ "name": "@acme/api-client", "main": "./dist/index.js", "types": "./src/index.ts" }',
      'packages/api-client/src/index.ts': '',
      'packages/paths/package.json': '{ "name": "paths", "exports": { ".": { "types": "./src/index.ts", "default": "./dist/index.js" }, "./legacy": "./src/legacy.ts" } }',
      'packages/paths/src/index.ts': '',
      'apps/web/src/campaigns.ts': '',
      'node_modules/.pnpm/axios@1.0.0/node_modules/axios/package.json': '{ "name": "axios", "main": "index.js" }',
      'node_modules/lodash/package.json': '{ "name": "lodash", "main": "lodash.js" }',
    });
    mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync('../../packages/api-client', path.join(root, 'node_modules/@acme/api-client'));
    symlinkSync('../packages/paths', path.join(root, 'node_modules/paths'));
    symlinkSync('.pnpm/axios@1.0.0/node_modules/axios', path.join(root, 'node_modules/axios'));
    const from = path.join(root, 'apps/web/src/campaigns.ts');
    for (const aliases of [createModuleAliases(), createModuleAliases((dir) => readdirSync(dir, { withFileTypes: true }))]) {
      expect(aliases.targetsOf(from, '@acme/api-client')).toEqual([path.join(root, 'packages/api-client/src/index.ts'), path.join(root, 'packages/api-client/dist/index.js'), path.join(root, 'packages/api-client/index')]);
      expect(aliases.targetsOf(from, '@acme/api-client/src/paths')).toEqual([path.join(root, 'packages/api-client/src/paths')]);
      expect(aliases.targetsOf(from, 'paths')).toEqual([path.join(root, 'packages/paths/src/index.ts'), path.join(root, 'packages/paths/index')]);
      expect(aliases.targetsOf(from, 'paths/legacy')).toEqual([path.join(root, 'packages/paths/src/legacy.ts')]);
      // Installed dependencies, linked into the store or not, are never read.
      expect([aliases.targetsOf(from, 'axios'), aliases.targetsOf(from, 'lodash'), aliases.targetsOf(from, '@acme/other')]).toEqual([[], [], []]);
      expect(aliases.prefixesOf([from]).toSorted()).toEqual(['@acme/api-client', 'paths']);
    }
  });

  it("takes the nearest node_modules' link first (pnpm links a workspace package into each importer's node_modules)", () => {
    const root = tree({
      'packages/a/package.json': '{ "name": "shared", "main": "./a.ts" }',
      'packages/b/package.json': '{ "name": "shared", "main": "./b.ts" }',
      'apps/web/src/x.ts': '',
      'apps/admin/src/y.ts': '',
    });
    mkdirSync(path.join(root, 'node_modules'));
    mkdirSync(path.join(root, 'apps/web/node_modules'));
    symlinkSync('../packages/a', path.join(root, 'node_modules/shared'));
    symlinkSync('../../../packages/b', path.join(root, 'apps/web/node_modules/shared'));
    const aliases = createModuleAliases();
    expect(aliases.targetsOf(path.join(root, 'apps/web/src/x.ts'), 'shared')[0]).toBe(path.join(root, 'packages/b/b.ts'));
    expect(aliases.targetsOf(path.join(root, 'apps/admin/src/y.ts'), 'shared')[0]).toBe(path.join(root, 'packages/a/a.ts'));
  });
});

describe('scanModuleReferences with alias prefixes', () => {
  const text = [
    "import axios from 'axios';",
    "import { CAMPAIGNS } from '@app/api/paths';",
    "import { environment } from '@env/environment';",
    "export * from '@app/api';",
    "const { http } = require('@app/http');",
    "import { x } from './x';",
    "const label = 'from @app/not-an-import';",
    "import type { T } from \"@app/types\";",
  ].join('\n');

  it('keeps the bare specifiers that start with a prefix, after the relative ones, re-exports among them', () => {
    const expected = { imports: ['./x', '@app/api/paths', '@env/environment', '@app/api', '@app/http', '@app/types'], reexports: ['@app/api'] };
    expect(scanModuleReferences(text, ['@app/', '@env/'])).toEqual(expected);
    expect(scanModuleReferencesIn(Buffer.from(text), ['@app/', '@env/'])).toEqual(expected);
  });

  it("keeps every bare specifier for '' (a baseUrl), and none without prefixes", () => {
    expect(scanModuleReferences(text, ['']).imports).toEqual(['./x', 'axios', '@app/api/paths', '@env/environment', '@app/api', '@app/http', '@app/types']);
    expect(scanModuleReferences(text)).toEqual({ imports: ['./x'], reexports: [] });
    expect(scanModuleReferences("import { CAMPAIGNS } from '@app/api/paths';", ['@env/'])).toEqual({ imports: [], reexports: [] });
  });
});
