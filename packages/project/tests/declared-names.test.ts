import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarableNames, runProjectCheck } from '@sunset/project';
import { sunsetOptions } from '../../engine/tests/helpers.js';

// --project asks the type checker about a client's name only when some file of the program may declare
// that name (issue 24: the members of the default library, `rows.filter`, cost seconds and find nothing).

describe('the names a program may declare', () => {
  it('keeps declarations, imports, keys, strings and assigned members; leaves out members only read', () => {
    const names = declarableNames([
      "import { a as b } from './x';\nconst c = rows.filter((d) => d.e);\nthis.f = 1;\nexports.g ||= 2;\nobj.h == 3;\nobj.i => 4;\nconst j = { k: 'l' };\nconst \\u006dn = o?.p;\nclass Q { #r = 1; get s() { return this.#r } }\n",
    ]);
    expect([...names].sort()).toEqual(['1', '2', '3', '4', 'Q', 'a', 'as', 'b', 'c', 'class', 'const', 'd', 'exports', 'f', 'from', 'g', 'get', 'import', 'j', 'k', 'l', 'mn', 'o', 'obj', 'r', 'return', 'rows', 's', 'this', 'x']);
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
