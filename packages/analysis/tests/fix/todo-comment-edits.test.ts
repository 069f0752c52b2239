import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../../src/fix/apply-text-edits.js';
import { todoCommentEdits } from '../../src/fix/todo-comment-edits.js';
import { replaceEdit, syntheticFinding } from './synthetic-finding.js';

const statusMarker = [
  '// TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one',
  '//     campaign per call: it needs the campaign id in the path',
  '//   candidates PUT /v1/buyer/campaigns/{id}/status',
  '//   support ended 2019-10-01',
];
const getMarker = [
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into',
  '//     two resources: the campaign and its RTB settings; call the one(s) this code needs',
  '//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
  '//   support ended 2019-10-01',
];
/** The layout before 2026-11-28: the reason's own '; ' began a clause line. */
const getMarkerSplitAtReason = [
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into',
  '//     two resources: the campaign and its RTB settings',
  '//   call the one(s) this code needs',
  '//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
  '//   support ended 2019-10-01',
];
const indented = (lines: readonly string[]): string[] => lines.map((line) => `  ${line}`);

describe('todoCommentEdits', () => {
  const source = [
    'export async function pause(ids) {',
    "  await fetch('/v1/campaigns', { method: 'PATCH', body: JSON.stringify({ ids }) });",
    '  return Promise.all(ids.map((id) => fetch(`/v1/campaigns/${id}`).then(() => fetch(`/v1/campaigns/${id}`))));',
    '}',
    '',
  ].join('\n');
  const patchSite = syntheticFinding(source, { entryId: 'campaigns-legacy-status', at: "'/v1/campaigns'", statement: 'await fetch' });
  const firstGet = syntheticFinding(source, { entryId: 'campaigns-legacy-get', at: '`/v1/campaigns/${id}`', statement: 'return Promise' });
  const secondGet = syntheticFinding(source, {
    entryId: 'campaigns-legacy-get',
    at: '`/v1/campaigns/${id}`',
    statement: 'return Promise',
    from: firstGet.range[1],
  });

  it('adds one marker per statement and entry, and reports every finding as a TODO', () => {
    const siteEdits = todoCommentEdits([patchSite, firstGet, secondGet], source);

    expect(siteEdits.map((site) => [site.finding, site.action, site.edits.length])).toEqual([
      [patchSite, 'todo', 1],
      [firstGet, 'todo', 1],
      [secondGet, 'todo', 0],
    ]);
    expect(applyTextEdits(source, siteEdits).output).toBe(
      [
        'export async function pause(ids) {',
        ...indented(statusMarker),
        "  await fetch('/v1/campaigns', { method: 'PATCH', body: JSON.stringify({ ids }) });",
        ...indented(getMarker),
        '  return Promise.all(ids.map((id) => fetch(`/v1/campaigns/${id}`).then(() => fetch(`/v1/campaigns/${id}`))));',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('gives the entry\'s reason for a TODO', () => {
    expect(todoCommentEdits([patchSite], source)[0]?.reason).toBe(
      'the new endpoint changes one campaign per call: it needs the campaign id in the path',
    );
  });

  it('gives the cause the analysis names when a one-to-one entry became a TODO at this site', () => {
    const sharedConstant = { ...firstGet, retirement: { ...firstGet.retirement, todoCause: 'the constant is used by calls with different migrations' } };

    expect(todoCommentEdits([sharedConstant], source)[0]?.reason).toBe('the constant is used by calls with different migrations');
  });

  it.each([
    ['laid out over lines', 'campaigns-legacy-status', indented(statusMarker).join('\n')],
    ['laid out with a reason whose own "; " began a clause line, as before 2026-11-28', 'campaigns-legacy-get', indented(getMarkerSplitAtReason).join('\n')],
    [
      'on one line, as earlier versions wrote it',
      'campaigns-legacy-status',
      '  // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one campaign per call: it needs the campaign id in the path; candidates PUT /v1/buyer/campaigns/{id}/status; support ended 2019-10-01',
    ],
    [
      'on one line with the reason of GET /v1/campaigns/{id}',
      'campaigns-legacy-get',
      '  // TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs; candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings; support ended 2019-10-01',
    ],
  ])('adds nothing above a statement that already carries the marker of that entry (%s)', (_layout, entryId, marker) => {
    const [statement, at] = entryId === 'campaigns-legacy-status' ? ['  await fetch', "'/v1/campaigns'"] : ['  return Promise.all', '`/v1/campaigns/${id}`'];
    const marked = source.replace(statement, `${marker}\n${statement}`);
    const site = syntheticFinding(marked, { entryId, at, statement: statement.trim().split('.')[0]! });

    expect(todoCommentEdits([site], marked)).toEqual([{ finding: site, action: 'todo', edits: [], reason: site.retirement.entry.todoReason }]);
  });

  it('adds the marker of another entry above a statement that already carries one', () => {
    const marked = source.replace('  return Promise.all', `${indented(statusMarker).join('\n')}\n  return Promise.all`);
    const site = syntheticFinding(marked, { entryId: 'campaigns-legacy-get', at: '`/v1/campaigns/${id}`', statement: 'return Promise' });

    expect(applyTextEdits(marked, todoCommentEdits([site], marked)).output).toBe(
      marked.replace('  return Promise.all', `${indented(getMarker).join('\n')}\n  return Promise.all`),
    );
  });

  it('leaves rewrite findings to rewriteEdits', () => {
    const rewrite = syntheticFinding(source, {
      entryId: 'campaigns-legacy-list',
      at: "'/v1/campaigns'",
      statement: 'await fetch',
      fix: [replaceEdit(source, '/v1/campaigns', '/v1/buyer/campaigns')],
    });

    expect(todoCommentEdits([rewrite], source)).toEqual([]);
  });
});
