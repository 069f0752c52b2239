import { describe, expect, it } from 'vitest';
import { applyTextEdits, editsConflict } from '../../src/fix/apply-text-edits.js';
import type { SiteEdit } from '../../src/fix/types.js';
import { replaceEdit, syntheticFinding } from './synthetic-finding.js';

const source = [
  "// campaigns, untouched",
  "const list = () => fetch('/v1/campaigns?active=true');",
  '',
  "const order = (c, o) => fetch(`/v1/campaigns/${c}/orders/${o}`);",
  '',
].join('\n');

function rewriteSite(at: string, edits: SiteEdit['edits']): SiteEdit {
  return { finding: syntheticFinding(source, { entryId: 'campaigns-legacy-list', at, statement: 'const list', fix: edits }), action: 'rewritten', edits, reason: 'test' };
}

describe('applyTextEdits', () => {
  it('applies each site edit on the original text and keeps every other byte', () => {
    const list = rewriteSite("'/v1/campaigns?active=true'", [replaceEdit(source, '/v1/campaigns?', '/v1/buyer/campaigns?')]);
    const order = rewriteSite('`/v1/campaigns/${c}', [replaceEdit(source, '/v1/campaigns/${c}/orders/', '/v1/buyer/orders/')]);

    const result = applyTextEdits(source, [list, order]);

    expect(result).toEqual({
      output: [
        "// campaigns, untouched",
        "const list = () => fetch('/v1/buyer/campaigns?active=true');",
        '',
        'const order = (c, o) => fetch(`/v1/buyer/orders/${o}`);',
        '',
      ].join('\n'),
      refused: [],
    });
  });

  it('returns no output when no site has an edit', () => {
    const todo: SiteEdit = { ...rewriteSite("'/v1/campaigns?active=true'", []), action: 'todo' };

    expect(applyTextEdits(source, [todo])).toEqual({ output: undefined, refused: [] });
  });

  it('refuses both sites whose edits overlap, applies the others, and names the other site in the reason', () => {
    const whole = rewriteSite('`/v1/campaigns/${c}', [replaceEdit(source, '/v1/campaigns/${c}/orders/', '/v1/buyer/orders/')]);
    const part = rewriteSite('/orders/', [replaceEdit(source, '/orders/${o}', '/order/${o}')]);
    const list = rewriteSite("'/v1/campaigns?active=true'", [replaceEdit(source, '/v1/campaigns?', '/v1/buyer/campaigns?')]);

    const result = applyTextEdits(source, [whole, part, list]);

    expect(result.output).toBe(source.replace("'/v1/campaigns?", "'/v1/buyer/campaigns?"));
    expect(result.refused).toEqual([
      { site: whole, reason: 'its edits overlap different edits for campaigns-legacy-list at 4:50; change this site by hand' },
      { site: part, reason: 'its edits overlap different edits for campaigns-legacy-list at 4:31; change this site by hand' },
    ]);
  });

  it('refuses a whole site when only one of its edits overlaps', () => {
    const twoEdits = rewriteSite('`/v1/campaigns/${c}', [
      replaceEdit(source, '/v1/campaigns?', '/v1/buyer/campaigns?'),
      replaceEdit(source, '/v1/campaigns/${c}/orders/', '/v1/buyer/orders/'),
    ]);
    const clash = rewriteSite('/orders/', [replaceEdit(source, '${c}/orders', '${c}/order')]);

    const result = applyTextEdits(source, [twoEdits, clash]);

    expect(result.output).toBeUndefined();
    expect(result.refused.map((refusal) => refusal.site)).toEqual([twoEdits, clash]);
  });

  it('applies once an identical edit that two sites share (a constant used by two calls)', () => {
    const edit = replaceEdit(source, '/v1/campaigns?', '/v1/buyer/campaigns?');
    const first = rewriteSite("'/v1/campaigns?active=true'", [edit]);
    const second = rewriteSite('`/v1/campaigns/${c}', [edit]);

    expect(applyTextEdits(source, [first, second])).toEqual({
      output: source.replace("'/v1/campaigns?", "'/v1/buyer/campaigns?"),
      refused: [],
    });
  });

  it('puts insertions at one offset in the given order, before a replacement starting there', () => {
    const start = source.indexOf('const list');
    const replacement = rewriteSite('const list', [{ range: [start, start + 5], text: 'let' }]);
    const firstMarker: SiteEdit = { ...replacement, action: 'todo', edits: [{ range: [start, start], text: '// A\n' }] };
    const secondMarker: SiteEdit = { ...replacement, action: 'todo', edits: [{ range: [start, start], text: '// B\n' }] };

    const result = applyTextEdits(source, [replacement, firstMarker, secondMarker]);

    expect(result.output).toBe(source.replace('const list', '// A\n// B\nlet list'));
    expect(result.refused).toEqual([]);
  });

  it('refuses an edit whose range falls outside the file', () => {
    const outside = rewriteSite("'/v1/campaigns?active=true'", [{ range: [source.length, source.length + 3], text: 'x' }]);

    expect(applyTextEdits(source, [outside])).toEqual({
      output: undefined,
      refused: [{ site: outside, reason: 'its edit falls outside the file (a bug in Sunset; please report it); change this site by hand' }],
    });
  });
});

describe('editsConflict', () => {
  it.each([
    { case: 'overlapping replacements', a: [2, 6], b: [5, 9], conflict: true },
    { case: 'adjacent replacements', a: [2, 5], b: [5, 9], conflict: false },
    { case: 'an insertion inside a replacement', a: [4, 4], b: [2, 6], conflict: true },
    { case: 'an insertion at the start of a replacement', a: [2, 2], b: [2, 6], conflict: false },
    { case: 'an insertion at the end of a replacement', a: [6, 6], b: [2, 6], conflict: false },
    { case: 'two insertions at one offset', a: [3, 3], b: [3, 3], conflict: false },
  ] as const)('$case: conflict is $conflict', ({ a, b, conflict }) => {
    expect(editsConflict({ range: a, text: 'a' }, { range: b, text: 'b' })).toBe(conflict);
    expect(editsConflict({ range: b, text: 'b' }, { range: a, text: 'a' })).toBe(conflict);
  });

  it('does not count the same replacement twice as a conflict', () => {
    expect(editsConflict({ range: [2, 6], text: 'x' }, { range: [2, 6], text: 'x' })).toBe(false);
  });
});
