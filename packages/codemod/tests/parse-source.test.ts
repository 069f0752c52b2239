import { describe, expect, it } from 'vitest';
import { parseSource, parserNameForFile } from '../src/parse-source.js';

interface ProgramWithBody {
  readonly body: readonly { readonly type: string; readonly declarations?: readonly { readonly init: { readonly type: string } }[] }[];
}

function programOf(source: string, filePath: string): ProgramWithBody {
  const parsed = parseSource(source, filePath);
  if (!parsed.ok) {
    throw new Error(`expected ${filePath} to parse: ${parsed.error.message}`);
  }
  return parsed.program as unknown as ProgramWithBody;
}

const component = [
  "import { Foo } from './foo';",
  'const identity = <T,>(value: T): T => value;',
  'export const Panel = (): JSX.Element => <Foo title={identity("x")}>text</Foo>;',
  '',
].join('\n');

describe('parserNameForFile', () => {
  it.each([
    ['src/a.ts', 'ts'],
    ['src/a.mts', 'ts'],
    ['src/a.cts', 'ts'],
    ['src/a.tsx', 'tsx'],
    ['src/A.TSX', 'tsx'],
    ['src/a.js', 'js'],
    ['src/a.jsx', 'js'],
    ['src/a.mjs', 'js'],
    ['src/a.cjs', 'js'],
    ['src/a.d.ts', 'ts'],
    ['src/a.vue', undefined],
  ])('%s is parsed with %s', (filePath, parserName) => {
    expect(parserNameForFile(filePath)).toBe(parserName);
  });
});

describe('parseSource', () => {
  it('parses a .tsx component with JSX and a generic arrow function', () => {
    expect(programOf(component, 'src/panel.tsx').body.map((node) => node.type)).toEqual([
      'ImportDeclaration',
      'VariableDeclaration',
      'ExportNamedDeclaration',
    ]);
  });

  it('would fail on the same component as .ts, so a .tsx file must get the tsx parser', () => {
    const parsed = parseSource(component, 'src/panel.ts');

    expect(parsed.ok).toBe(false);
  });

  it('parses TypeScript-only syntax in a .ts file (an angle-bracket type assertion)', () => {
    const program = programOf('const n = <number>value;\n', 'src/a.ts');

    expect(program.body[0]?.declarations?.[0]?.init.type).toBe('TSTypeAssertion');
  });

  it('parses JSX in a .js file', () => {
    expect(programOf('export const A = () => <div className="a">{items}</div>;\n', 'src/a.js').body).toHaveLength(1);
  });

  it('reads `a < b > (c)` in a .js file as comparisons, not as a Flow type argument list', () => {
    const program = programOf('const r = a < b > (c);\n', 'src/a.js');

    expect(program.body[0]?.declarations?.[0]?.init.type).toBe('BinaryExpression');
  });

  it('parses a CommonJS .cjs file and a script without imports', () => {
    expect(programOf("const axios = require('axios');\nmodule.exports = () => axios.get('/x');\n", 'src/a.cjs').body).toHaveLength(2);
  });

  it('parses legacy decorators and class fields in a .js file', () => {
    expect(programOf('@observer class A { #count = 0; static items = []; }\n', 'src/a.jsx').body).toHaveLength(1);
  });

  it('reports a syntax error with its 1-based line and column and without Babel\'s location suffix', () => {
    const parsed = parseSource("const a = 1;\nfetch('/v1/campaigns';\n", 'src/broken.ts');

    expect(parsed).toEqual({ ok: false, error: { line: 2, column: 22, message: 'Unexpected token, expected ","' } });
  });

  it('refuses a file extension it has no parser for, naming the supported ones', () => {
    expect(parseSource('<template></template>', 'src/a.vue')).toEqual({
      ok: false,
      error: { line: 1, column: 1, message: 'Sunset cannot parse files ending in ".vue"; pass only .js .jsx .mjs .cjs .ts .tsx .mts .cts files.' },
    });
  });
});
