import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientNamesOf, runProjectCheck } from '@sunset/project';
import { ts } from 'ts-morph';
import { sunsetOptions } from '../../engine/tests/helpers.js';

// --project asks the type checker about a client's name only when some file of the program may hold a
// client under that name (issue 24: `rows.filter`, `this.cache` of a Map cost seconds and found nothing).

/** `clientNamesOf` over files given as text (`.ts`, or `.js` when the name says so). */
function namesOf(files: Record<string, string>): { holders: string[]; factories: string[]; anyName: boolean; called: string[] } {
  const sourceFiles = Object.entries(files).map(([file, text]) => ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS));
  const names = clientNamesOf(sourceFiles);
  return { holders: [...names.holders].sort(), factories: [...names.factories].sort(), anyName: names.anyName, called: [...names.called].sort() };
}

describe('the names a program may hold a client under', () => {
  it('keeps names whose value may be a client, functions for what they return, classes and every alias; leaves out literals, maps, awaits and signatures', () => {
    expect(
      namesOf({
        'a.ts': [
          "import axios from 'axios';",
          "import { make as build } from './b';",
          "export { adform as legacy } from './c';",
          "const adform = axios.create({ baseURL: 'https://api.adform.com/v1' });",
          "const path = '/campaigns';",
          'const json = await fetch(path);',
          'const factory = () => adform;',
          'interface Row { amount: number }',
          'class Sdk {',
          '  private readonly cache = new Map<string, Row>();',
          '  private readonly own = new Sdk();',
          '  private http;',
          '  get client() { return this.http; }',
          '  list() { return [1].filter((x) => x); }',
          '}',
          "export const settings = { retries: 3, api: adform, 'quoted': adform };",
          '',
        ].join('\n'),
        'b.js': "exports.made = require('axios').create();\nthis.count = 1;\nmodule.exports['named'] = axios;\n",
      }),
    ).toEqual({
      holders: ['Sdk', 'adform', 'api', 'axios', 'build', 'client', 'default', 'export=', 'http', 'legacy', 'list', 'made', 'named', 'own', 'quoted'],
      factories: ['Sdk', 'axios', 'build', 'client', 'default', 'export=', 'factory', 'http', 'legacy', 'list'],
      anyName: false,
      called: ['create', 'fetch', 'filter', 'require'],
    });
  });

  it('a client under a computed key may be held under any name; a number under one may not', () => {
    expect(namesOf({ 'a.ts': "const key = 'api';\nexport const table = { [key]: axios.create() };\n" }).anyName).toBe(true);
    expect(namesOf({ 'a.ts': "const key = 'api';\nexport const table = { [key]: 3 };\n" }).anyName).toBe(false);
  });
});

describe('--project: clients declared in the forms the name filter must keep', () => {
  it('a member assigned in a JavaScript constructor, a client re-exported under another name, a name spelled with an escape', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'sunset-declared-names-'));
    const files: Record<string, string> = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', allowJs: true, noEmit: true, types: [] } }),
      'src/sdk.js': "import axios from 'axios';\nexport class Sdk {\n  constructor() {\n    this.http = axios.create({ baseURL: 'https://api.adform.com/v1' });\n  }\n}\n",
      'src/http.ts': "import axios from 'axios';\nconst adform = axios.create({ baseURL: 'https://api.adform.com/v1' });\nexport { adform as legacy };\nexport const \\u0062uyer = axios.create({ baseURL: 'https://api.adform.com/v1' });\n",
      'src/list.ts': [
        "import { Sdk } from './sdk.js';",
        "import * as api from './http';",
        "export const a = () => new Sdk().http.get('/campaigns');",
        "export const b = () => api.legacy.get('/campaigns/dictionaries/managers');",
        "export const c = () => api.buyer.get('/campaigns/dictionaries/clients');",
        '',
      ].join('\n'),
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), text);
    }
    const { findings } = await runProjectCheck({ cwd: work, paths: ['src'], options: sunsetOptions(), baseDir: work });
    expect(findings.map((finding) => `${path.relative(work, finding.file)}:${finding.line}:${finding.column} ${finding.retirement?.retiredKey} <- ${finding.data.declaredIn}`)).toEqual([
      'src/list.ts:3:43 GET /v1/campaigns <- src/sdk.js:4:17 (Sdk.http)',
      'src/list.ts:4:39 GET /v1/campaigns/dictionaries/managers <- src/http.ts:2:16 (adform)',
      'src/list.ts:5:38 GET /v1/campaigns/dictionaries/clients <- src/http.ts:4:27 (buyer)',
    ]);
  });
});
