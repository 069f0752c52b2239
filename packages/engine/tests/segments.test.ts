import { describe, expect, it } from 'vitest';
import { checkInPieces, checkSource } from '../src/check/check-source.js';
import { fixInPieces, fixSource } from '../src/fix/fix-source.js';
import { lineIndexOf } from '../src/parse/lines.js';
import { parsePiece } from '../src/parse/parse-source.js';
import { pieceOf, segmentsOf } from '../src/parse/segments.js';
import { sunsetOptions } from './helpers.js';

// A very large file is analysed in pieces (a 20 MB file's whole tree does not fit in memory). These
// tests cut small texts into pieces of a few dozen characters, where every statement, member and
// argument is a cut, and hold the result to the whole file's: the same findings at the same lines
// and columns, the same fix.

const options = sunsetOptions();

/** TypeScript with the shapes a cut must respect: ASI, `else`, `do … while`, decorators, regexes and templates holding `;` and braces. */
const typescript = [
  "import axios from 'axios';",
  "import { client } from './client'",
  '/* eslint-disable-next-line sunset/no-legacy-rest-path */',
  "fetch('/v1/campaigns');",
  "export const list = () => fetch('/v1/campaigns')",
  'if (globalThis.ready)',
  "  fetch('/v1/campaigns/dictionaries/clients')",
  "const pattern = /;}{(/g; const text = `;${'}'}{`",
  '// a comment with ; and } and {',
  "if (pattern) text.trim(); else fetch('/v1/campaigns/7');",
  'let count = 0',
  'do { count++ } while (count < 3)',
  '@Component({ selector: "x" })',
  "export class Campaigns { load() { return axios.get('/v1/campaigns'); } }",
  "export default { items: [fetch('/v1/campaigns'), 2, 3], more: () => { client.get('/v1/campaigns/dictionaries/managers') } };",
  "(function () { var modules = { a: function () { fetch('/v1/campaigns') }, b: function () { axios.get('/v1/campaigns/dictionaries/comanagers') } }; })();",
  "declare const Component: (options: object) => ClassDecorator",
  '',
].join('\n');

/** JavaScript with JSX and a bundle's shape: one statement holding every module. */
const bundle = [
  '(() => {',
  '  var modules = {',
  "    1: (module, exports) => { exports.load = () => fetch('/v1/campaigns'); },",
  "    2: (module, exports) => { exports.view = () => <a href=\"https://api.adform.com/v1/campaigns\">{fetch('/v1/campaigns/dictionaries/clients')}</a>; },",
  "    3: function (module) { module.exports = [fetch('/v1/campaigns/3/orders/4'), `${fetch('/v1/campaigns')}`]; },",
  '  };',
  '  for (const id in modules) modules[id]({}, {});',
  '})();',
  '',
].join('\n');

const describeFinding = (finding: { rule: string; line: number; column: number; endLine: number; endColumn: number; message: string }): string =>
  `${finding.line}:${finding.column}-${finding.endLine}:${finding.endColumn} ${finding.rule} ${finding.message}`;

describe('segmentsOf', () => {
  it.each([
    ['TypeScript', typescript, '/repo/src/api.ts'],
    ['a JSX bundle', bundle, '/repo/dist/bundle.js'],
  ])('cuts %s into pieces that each parse on their own, and cover every character', (_name, text, file) => {
    const { segments } = segmentsOf(text, !file.endsWith('.ts'), 40);
    expect(segments.length).toBeGreaterThan(3);
    const lines = lineIndexOf(text);
    const covered = new Array<boolean>(text.length).fill(false);
    for (const segment of segments) {
      const parsed = parsePiece(text, pieceOf(text, segment), file, lines);
      expect(parsed.ok, JSON.stringify(parsed.ok ? undefined : { error: parsed.error, keep: segment.keep })).toBe(true);
      for (const [start, end] of segment.keep) for (let at = start; at < end; at++) covered[at] = true;
    }
    expect(covered.every(Boolean)).toBe(true);
  });

  it('cuts inside the one statement of a bundle: its pieces keep the text around them', () => {
    const { segments } = segmentsOf(bundle, true, 40);
    const descended = segments.filter((segment) => segment.whole !== undefined);
    expect(descended.length).toBeGreaterThan(2);
    const piece = pieceOf(bundle, descended[0]!).text;
    expect(piece.startsWith('(() => {\n  var modules = {')).toBe(true);
    expect(piece.endsWith('  };\n  for (const id in modules) modules[id]({}, {});\n})();\n') || piece.endsWith('})();\n')).toBe(true);
  });

  it('collects the comments that may be ESLint directives, with their ranges', () => {
    const text = "/* eslint-disable sunset/no-legacy-rest-path */\nconst a = 1; // eslint-disable-line\n/* nothing */\n";
    expect(segmentsOf(text, false, 40).directiveComments).toStrictEqual([
      { type: 'Block', value: ' eslint-disable sunset/no-legacy-rest-path ', range: [0, 47] },
      { type: 'Line', value: ' eslint-disable-line', range: [61, 83] },
    ]);
  });
});

describe('a file analysed in pieces', () => {
  it.each([
    ['TypeScript', typescript, '/repo/src/api.ts'],
    ['a JSX bundle', bundle, '/repo/dist/bundle.js'],
  ])('gives %s the findings of the whole file, at the same places', (_name, text, file) => {
    const whole = checkSource(text, file, options);
    expect(whole.error).toBeUndefined();
    expect(whole.findings.length).toBeGreaterThan(4);
    const pieces = checkInPieces(text, file, options, 40);
    expect(pieces.error).toBeUndefined();
    expect(pieces.findings.map(describeFinding)).toStrictEqual(whole.findings.map(describeFinding));
  });

  it.each([
    ['TypeScript', typescript, '/repo/src/api.ts'],
    ['a JSX bundle', bundle, '/repo/dist/bundle.js'],
  ])('fixes %s as the whole file is fixed', (_name, text, file) => {
    const whole = fixSource(text, file, options);
    expect(whole.output).not.toBe(undefined);
    expect(fixInPieces(text, file, options, 40)).toStrictEqual(whole);
  });

  it('honours an eslint-disable comment at the top of the file in every piece', () => {
    const text = `/* eslint-disable sunset/no-legacy-rest-path */\n${"export const a = 1;\n".repeat(20)}fetch('/v1/campaigns');\n`;
    expect(checkInPieces(text, '/repo/a.ts', options, 40)).toStrictEqual({ findings: [] });
    expect(checkInPieces(text.slice(text.indexOf('\n') + 1), '/repo/a.ts', options, 40).findings.map(describeFinding)).toStrictEqual([
      '21:7-21:22 no-legacy-rest-path GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
    ]);
  });

  it('reports a syntax error where the whole file reports it, and nothing else', () => {
    const text = `${"export const a = 1;\n".repeat(10)}fetch('/v1/campaigns');\nconst b = ;\n${"export const c = 2;\n".repeat(10)}`;
    const whole = checkSource(text, '/repo/a.ts', options);
    expect(whole.error).toStrictEqual({ file: '/repo/a.ts', line: 12, column: 11, message: 'Could not parse: Unexpected token' });
    expect(checkInPieces(text, '/repo/a.ts', options, 40)).toStrictEqual(whole);
  });
});
