import { describe, expect, it } from 'vitest';
import { planFix, refusedFix } from '../../src/fix/index.js';
import { lineColumnAt } from '../../src/fix/source-position.js';
import { replaceEdit, requestFinding, syntheticFinding } from './synthetic-finding.js';

const statusMarker =
  '// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one\n//     campaign per call: it needs the campaign id in the path\n//   candidates PUT /v1/buyer/campaigns/{id}/status\n//   support ended 2019-10-01';

const source = [
  "const list = () => fetch('/v1/campaigns');",
  "const pause = (ids) => fetch('/v1/campaigns', { method: 'PATCH', body: JSON.stringify({ ids }) });",
  "const token = () => fetch('http://id.example.com/token');",
  '',
].join('\n');

describe('planFix', () => {
  const list = syntheticFinding(source, {
    entryId: 'campaigns-legacy-list',
    at: "'/v1/campaigns'",
    statement: 'const list',
    fix: [replaceEdit(source, '/v1/campaigns', '/v1/buyer/campaigns')],
  });
  const pause = syntheticFinding(source, { entryId: 'campaigns-legacy-status', at: "'/v1/campaigns', { method", statement: 'const pause' });

  it('rewrites one-to-one sites, marks the others with a TODO and reports both in source order', () => {
    expect(planFix(source, [pause, list], 'src/api.js')).toEqual({
      output: [
        "const list = () => fetch('/v1/buyer/campaigns');",
        statusMarker,
        "const pause = (ids) => fetch('/v1/campaigns', { method: 'PATCH', body: JSON.stringify({ ids }) });",
        "const token = () => fetch('http://id.example.com/token');",
        '',
      ].join('\n'),
      sites: [
        { file: 'src/api.js', line: 1, column: 26, entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', action: 'rewritten', reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns' },
        {
          file: 'src/api.js',
          line: 2,
          column: 30,
          entry: 'campaigns-legacy-status',
          retired: 'PATCH /v1/campaigns',
          action: 'todo',
          reason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
        },
      ],
    });
  });

  it('leaves findings of rules without a retirement alone, even when they carry a fix', () => {
    expect(planFix(source, [requestFinding(source, "'http://id.example.com/token'")], 'src/api.js')).toEqual({ output: undefined, sites: [] });
  });

  it('returns no output when every TODO is already in place, so the file stays byte-identical', () => {
    const marked = source.replace('const pause', `${statusMarker}\nconst pause`);
    const site = syntheticFinding(marked, { entryId: 'campaigns-legacy-status', at: "'/v1/campaigns', { method", statement: 'const pause' });

    expect(planFix(marked, [site], 'a.js').output).toBeUndefined();
    expect(planFix(marked, [site], 'a.js').sites.map((report) => report.action)).toEqual(['todo']);
  });

  it('refusedFix changes nothing and reports every site that had an edit as skipped', () => {
    const reason = 'the edited file would not parse';

    expect(refusedFix(source, [pause, list], 'a.js', reason)).toEqual({
      output: undefined,
      sites: [
        expect.objectContaining({ line: 1, action: 'skipped', reason }),
        expect.objectContaining({ line: 2, action: 'skipped', reason }),
      ],
    });
  });
});

describe('lineColumnAt', () => {
  it.each([
    { text: 'ab\ncd', offset: 4, expected: { line: 2, column: 2 } },
    { text: 'ab\r\ncd', offset: 5, expected: { line: 2, column: 2 } },
    { text: 'ab\rcd', offset: 4, expected: { line: 2, column: 2 } },
    { text: 'ab\u2028cd', offset: 4, expected: { line: 2, column: 2 } },
    { text: 'a😀b', offset: 3, expected: { line: 1, column: 4 } },
    { text: 'ab', offset: 0, expected: { line: 1, column: 1 } },
  ])('counts ESLint line breaks and UTF-16 columns: $text at $offset', ({ text, offset, expected }) => {
    expect(lineColumnAt(text, offset)).toEqual(expected);
  });
});
