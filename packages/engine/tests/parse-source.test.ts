import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseForESLint } from '@typescript-eslint/parser';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { rangeOf } from '@sunset/analysis';
import { findSourceFiles } from '../src/files/walk.js';
import { defaultAstTransfer, parseSource, parserOptionsOf, parsesCleanly, type AstTransfer } from '../src/parse/parse-source.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** Node facts the analysis reads, one string per node: type, range and the fields that differ between flavours. */
function nodeFacts(root: unknown): string[] {
  const facts: string[] = [];
  const visit = (value: unknown, parentKey: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, parentKey);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    // typescript-estree gives `range`; the engine asks oxc for `start`/`end` only (what rangeOf reads).
    if (typeof node.type === 'string' && (Array.isArray(node.range) || typeof node.start === 'number')) {
      facts.push(`${parentKey}: ${node.type} ${JSON.stringify(rangeOf(node as unknown as Parameters<typeof rangeOf>[0]))}${detailsOf(node)}`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'start' || key === 'end' || key === 'tokens' || key === 'comments') continue;
      visit(child, key);
    }
  };
  visit(root, 'root');
  return facts.sort();
}

function detailsOf(node: Record<string, unknown>): string {
  switch (node.type) {
    case 'Literal':
      return ` ${JSON.stringify(node.raw)} ${typeof node.value === 'bigint' || node.value instanceof RegExp ? String(node.value) : JSON.stringify(node.value)}`;
    case 'TemplateElement':
    {
      const { raw, cooked } = node.value as { raw: string; cooked: string | null };
      return ` raw=${JSON.stringify(raw)} cooked=${JSON.stringify(cooked)} tail=${String(node.tail)}`;
    }
    case 'Property':
      return ` kind=${String(node.kind)} method=${String(node.method)} shorthand=${String(node.shorthand)} computed=${String(node.computed)}`;
    case 'MemberExpression':
      return ` optional=${String(node.optional)} computed=${String(node.computed)}`;
    case 'CallExpression':
    case 'NewExpression':
      return ` optional=${String(node.optional ?? false)} arguments=${(node.arguments as unknown[]).length}`;
    case 'ExpressionStatement':
      return node.directive === undefined || node.directive === null ? '' : ` directive=${JSON.stringify(node.directive)}`;
    case 'Identifier':
    case 'JSXIdentifier':
    case 'PrivateIdentifier':
      return ` ${String(node.name)}`;
    case 'JSXText':
      return ` ${JSON.stringify(node.value)} ${JSON.stringify(node.raw)}`;
    case 'JSXAttribute':
    case 'VariableDeclaration':
      return node.kind === undefined ? '' : ` kind=${String(node.kind)}`;
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return ` kind=${String(node.kind)} static=${String(node.static)} computed=${String(node.computed)}`;
    default:
      return '';
  }
}

function typescriptEstree(text: string, filePath: string): { facts: string[]; comments: unknown[] } {
  const jsx = !/\.(?:[mc]?ts)$/.test(filePath);
  const { ast } = parseForESLint(text.replace(/^\uFEFF/, ''), { range: true, loc: true, comment: true, jsx, filePath, sourceType: 'module' });
  return { facts: nodeFacts(ast), comments: ast.comments!.map((comment) => ({ type: comment.type, value: comment.value, range: comment.range })) };
}

function oxc(text: string, filePath: string): { facts: string[]; comments: readonly unknown[] } {
  const parsed = parseSource(text, filePath);
  if (!parsed.ok) throw new Error(`${filePath}: ${parsed.error.message}`);
  return { facts: nodeFacts(parsed.file.program), comments: parsed.file.comments };
}

const snippets: Record<string, string> = {
  'literals.js': "'use strict';\nconst a = 'x', b = \"é\", c = 1n, d = /v1\\/campaigns/gi, e = null, f = true, g = 0x1F, h = 1_000;\n",
  'template.ts': 'const base = `${API}/v1/campaigns/${id}/orders?x=1`;\nconst empty = ``;\nconst nested = `a${`b${c}`}d`;\ntag`raw\\u00e9${x}`;\n',
  'chains.ts': 'const r = a?.b?.(c)?.[d];\nconst s = (a?.b).c;\nawait this.http?.get<Campaign[]>(`${base}/v1/campaigns`);\n',
  'casts.ts': "const url = ('/v1/campaigns' as const);\nconst y = <string>z;\nconst w = v!;\nconst u = t satisfies U;\nenum E { A = '/v1/x' }\n",
  'objects.js': "const o = { url, method: 'PATCH', get a() { return 1; }, set a(v) {}, b() {}, async *c() {}, [k]: 1, 'q': 2, ...rest };\nconst { p = 1, ...others } = o;\n",
  'classes.ts': 'class A { static x = 1; #p = 2; constructor(private http: HttpClient) {} get y() { return this.#p; } async m(): Promise<void> { await this.http.get(`/v1/campaigns`); } }\n',
  'jsx.js': "const App = () => <div className=\"a\" onClick={() => fetch('/v1/campaigns')}>text {x} <b>bold</b></div>;\nconst f = <></>;\n",
  'component.tsx': 'export const C = <T,>(p: { u: T }) => <a href={`/v1/campaigns/${p.u}`}>x</a>;\n',
  'hashbang.mjs': "#!/usr/bin/env node\n// first\n\"use strict\";\nimport x from 'y';\nexport default fetch('/v1/campaigns');\n",
  'bom.js': "\uFEFF// bom\nfetch('/v1/campaigns');\n",
  'crlf.ts': "// one\r\nconst a = 1;\r\n/* two\r\n lines */\r\nfetch('/v1/campaigns');\r\n",
  'separators.js': "const s = 'a\u2028b';\n// c\u2028fetch('/v1/campaigns');\nconst t = `x\u2029y`;\n",
  'unicode.js': "// 😀 é\nconst a = '😀'; fetch(`/v1/😀/${a}`); /* ✓ */ const b = { 'ü': 1 };\n",
  'requests.cjs': "const axios = require('axios');\nmodule.exports = async function f() { return axios({ method: 'get', url: API + '/v1/campaigns' }); };\n",
  'soap.ts': 'const env = `<soap:Envelope><soap:Body><GetCampaigns xmlns="http://x"/></soap:Body></soap:Envelope>`;\nclient.GetCampaignsAsync({}).then((r) => r);\nheaders[\'SOAPAction\'] = "http://www.example.com/api/2010/06/ICampaignService/GetCampaigns";\n',
  // A declaration file: declarations without initializers or bodies, a syntax error in a .ts file.
  'ambient.d.ts': "/** see GET /v1/campaigns */\nexport const Chalk: new (options?: Options) => ChalkInstance;\nexport declare function f(a: string): void;\nexport function g(): number;\nlet x: number;\nexport default Chalk;\n",
  'ambient.d.mts': "export const base: '/v1/campaigns';\nexport function get(path: string): Promise<unknown>;\n",
  'statements.ts': "label: for (const x of xs) { if (x) continue label; else break; }\nswitch (a) { case 1: default: }\ntry { f(); } catch { } finally { }\nimport type { T } from './t';\nexport * as ns from './n';\ndeclare module 'm' { }\nnamespace N { export const a = 1; }\n",
};

describe('parseSource gives the tree typescript-estree gives, where the analysis looks', () => {
  it.each(Object.entries(snippets))('%s', (file, text) => {
    const expected = typescriptEstree(text, file);
    const actual = oxc(text, file);
    expect(actual.facts).toEqual(expected.facts);
    expect(actual.comments).toEqual(expected.comments);
  });
});

describe('parseSource', () => {
  it('drops a leading BOM, as ESLint does, so ranges count from the first character after it', () => {
    const parsed = parseSource("\uFEFFfetch('/v1/campaigns');", 'a.js');

    expect(parsed.ok && parsed.file.text).toBe("fetch('/v1/campaigns');");
    expect(parsed.ok && rangeOf(parsed.file.program)).toEqual([0, 23]);
  });

  it('reads JSX in a .js file', () => {
    expect(parseSource('const a = <div>{x}</div>;', 'a.js').ok).toBe(true);
  });

  it('reads a TypeScript angle-bracket cast in a .ts file', () => {
    expect(parseSource('const a = <string>b;', 'a.ts').ok).toBe(true);
  });

  it.each(['chalk.d.ts', 'index.d.mts', 'index.d.cts', 'styles.d.css.ts', 'TYPES.D.TS'])('reads %s as a declaration file: a const without initializer, a function without body', (file) => {
    const text = '/** TODO(sunset:x) */\nexport const Chalk: new (options?: Options) => ChalkInstance;\nexport function f(a: string): void;\n';
    expect(parseSource(text, file).ok).toBe(true);
    expect(parseSource(text, file.replace(/\.d\./i, '.'))).toEqual({ ok: false, error: { line: 2, column: 14, message: 'Could not parse: Missing initializer in const declaration' } });
  });

  it.each(['a.d.js', 'a.d.tsx', 'd.ts.js', 'ad.ts'])('reads %s as what its own extension says, not as a declaration file', (file) => {
    expect(parseSource('export const a: number;', file).ok).toBe(false);
  });

  it.each([
    { file: 'a.js', text: 'const a = 1;\nlet = = 2;\n', error: { line: 2, column: 7, message: 'Could not parse: Unexpected token' } },
    { file: 'b.ts', text: 'const a = 1;\r\nfoo(\r\n', error: { line: 3, column: 1, message: 'Could not parse: Expected `)` but found `EOF`' } },
    { file: 'c.js', text: "const s = '😀';\u2028const t = ;", error: { line: 2, column: 11, message: 'Could not parse: Unexpected token' } },
  ])('reports a syntax error of $file at a 1-based line and column', ({ file, text, error }) => {
    expect(parseSource(text, file)).toEqual({ ok: false, error });
  });
});

describe('a Flow file (an @flow pragma) is read with its types replaced by spaces', () => {
  const transfers: AstTransfer[] = defaultAstTransfer === 'raw' ? ['raw', 'json'] : ['json'];
  const flow = [
    '/* @flow */',
    "import type { Campaign } from './types';",
    'type Options = {| +id: number, +status?: string |};',
    'export async function list(base: string): Promise<Array<Campaign>> {',
    '  const response = await fetch(`${base}/v1/campaigns`);',
    '  return (response.json(): any);',
    '}',
    '',
  ].join('\n');

  it.each(transfers)('keeps the text as written and every range at its offset in it (%s)', (transfer) => {
    const parsed = parseSource(flow, 'src/api.js', transfer);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.file.text).toBe(flow);
    const templates: string[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === 'object') {
        const node = value as { type?: string };
        if (node.type === 'TemplateLiteral') templates.push(flow.slice(...rangeOf(node as Parameters<typeof rangeOf>[0])));
        for (const child of Object.values(node)) visit(child);
      }
    };
    visit(parsed.file.program);
    expect(templates).toEqual(['`${base}/v1/campaigns`']);
    expect(parsed.file.comments.map((comment) => comment.value)).toEqual([' @flow ']);
    expect(parsesCleanly(flow, 'src/api.js', transfer)).toBe(true);
  });

  it.each(transfers)('reports a Flow file that does not parse as Flow either, and a file without the pragma as it always did (%s)', (transfer) => {
    expect(parseSource('// @flow\nconst a: number = ;\n', 'a.js', transfer)).toEqual({ ok: false, error: { line: 2, column: 19, message: 'Could not parse: Unexpected token `;` (read as Flow)' } });
    expect(parsesCleanly('// @flow\nconst a: number = ;\n', 'a.js', transfer)).toBe(false);
    expect(parseSource('const a: number = 1;\n', 'a.js', transfer).ok).toBe(false);
  });

  it.each(transfers)('reads a pragma in a later comment (after a licence block and the imports), and says where types cannot be removed in place (%s)', (transfer) => {
    const late = "/**\n * Licence\n */\nimport axios from 'axios';\n/**\n * @flow\n */\nexport const load = (token: string): Promise<mixed> => axios.get('/v1/campaigns');\n";
    expect(parseSource(late, 'a.js', transfer).ok).toBe(true);
    const arrow = '// @flow\nexport const load = async (\n  token: string,\n): Promise<{\n  data: string,\n}> => {\n  return token;\n};\n';
    expect(parseSource(arrow, 'a.js', transfer)).toEqual({
      ok: false,
      error: { line: 1, column: 1, message: 'Could not parse: Flow types that cannot be removed in place (a multi-line return type before `=>`, or `implements` on a line of its own)' },
    });
  });
});

describe('the tree crosses from oxc by raw transfer where the runtime allows it, else as JSON', () => {
  it('chooses raw transfer on Node 22 and later, JSON on Node 20', () => {
    expect(defaultAstTransfer).toBe(nodeMajor >= 22 ? 'raw' : 'json');
  });

  it.skipIf(defaultAstTransfer !== 'raw')('gives the same tree, comments and errors both ways for every fixture and snippet', async () => {
    const { files } = await findSourceFiles(['fixtures'], { cwd: repoRoot });
    const texts: [string, string][] = [...files.map((file): [string, string] => [file.path, readFileSync(file.path, 'utf8')]), ...Object.entries(snippets)];
    expect(texts.length).toBeGreaterThan(150);
    for (const [file, text] of texts) {
      const [raw, json] = [parseSource(text, file, 'raw'), parseSource(text, file, 'json')];
      expect({ file: path.basename(file), ...raw }).toStrictEqual({ file: path.basename(file), ...json });
    }
  });

  // parseSource reads oxc's result through the modules oxc-parser exports beside its main entry (its
  // parseSync wraps the result in getters, which kept every tree alive through minor GCs).
  it.each(defaultAstTransfer === 'raw' ? (['raw', 'json'] as const) : (['json'] as const))('gives what oxc-parser\'s own parseSync gives, by %s', async (transfer: AstTransfer) => {
    const { files } = await findSourceFiles(['fixtures'], { cwd: repoRoot });
    const texts: [string, string][] = [...files.map((file): [string, string] => [file.path, readFileSync(file.path, 'utf8')]), ...Object.entries(snippets)];
    for (const [file, text] of texts) {
      const ours = parseSource(text, file, transfer);
      if (!ours.ok || /\.(vue|svelte|astro)$/.test(file)) continue;
      const theirs = parseSync(file, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, parserOptionsOf(file, transfer));
      const program: Record<string, unknown> = { ...theirs.program };
      delete program.hashbang;
      expect({ file: path.basename(file), program: ours.file.program }).toStrictEqual({ file: path.basename(file), program });
      expect(ours.file.comments.map((comment) => comment.range)).toEqual(theirs.comments.filter((comment) => !(text.startsWith('#!') && comment.start === 0)).map((comment) => [comment.start, comment.end]));
    }
    expect(parseSource('let = = 2;', 'a.js', transfer)).toEqual({ ok: false, error: { line: 1, column: 7, message: 'Could not parse: Unexpected token' } });
  });

  // `fix` checks each output it plans with parsesCleanly: through JSON it reads oxc's errors and builds no tree.
  it.each(defaultAstTransfer === 'raw' ? (['raw', 'json'] as const) : (['json'] as const))('says a text parses exactly when parseSource parses it, by %s', async (transfer: AstTransfer) => {
    const { files } = await findSourceFiles(['fixtures'], { cwd: repoRoot });
    const broken: [string, string][] = [
      ['a.js', 'let = = 2;'],
      ['b.ts', '\uFEFFconst a = <string>b;\nfoo(\n'],
      ['c.vue', '<template><p>{{ a }}</p></template>\n<script setup lang="ts">\nconst a: = 1;\n</script>\n'],
      ['d.js', 'const a = <div>{x}</div>;\nconst b = ;'],
    ];
    const texts: [string, string][] = [...files.map((file): [string, string] => [file.path, readFileSync(file.path, 'utf8')]), ...Object.entries(snippets), ...broken];
    const verdicts = texts.map(([file, text]) => [path.basename(file), parsesCleanly(text, file, transfer)]);
    expect(verdicts).toEqual(texts.map(([file, text]) => [path.basename(file), parseSource(text, file, transfer).ok]));
    // Both verdicts occur: the broken texts above and fixtures/broken do not parse, the rest do.
    expect(verdicts.filter(([, ok]) => !ok).length).toBeGreaterThanOrEqual(broken.length + 1);
    expect(verdicts.filter(([, ok]) => ok).length).toBeGreaterThan(150);
    expect(parsesCleanly('const a = <div>{x}</div>;', 'a.js', transfer)).toBe(true);
    expect(parsesCleanly('<script>\nconst a = 1;\n</script>\n<p>{{ not js ( }}</p>\n', 'e.vue', transfer)).toBe(true);
  });

  it.skipIf(defaultAstTransfer !== 'raw')('reports a syntax error at the same place both ways', () => {
    expect(parseSource('const a = 1;\nlet = = 2;\n', 'a.js', 'raw')).toEqual({ ok: false, error: { line: 2, column: 7, message: 'Could not parse: Unexpected token' } });
  });
});
