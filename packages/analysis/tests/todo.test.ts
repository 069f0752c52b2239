import { analyzeFile } from '@sunset/analysis';
import { builtinCatalog, todoText, withTodoClause } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { todoCommentEdit } from '../src/todo/comment-edit.js';
import { hasTodoAbove } from '../src/todo/markers.js';
import { analysisOptions, parseWith, type ParserName } from './parsers.js';

const parsers: readonly [ParserName, string][] = [
  ['typescript-estree', 'a.ts'],
  ['espree', 'a.js'],
  ['oxc', 'a.js'],
];

const todoFindings = (parser: ParserName, filename: string, code: string) =>
  analyzeFile(parseWith(parser, code, filename), analysisOptions(), { 'no-sunset-todo': [] }).map((finding) => ({
    messageId: finding.messageId,
    text: code.slice(finding.range[0], finding.range[1]),
    message: finding.message,
  }));

describe('no-sunset-todo', () => {
  it.each(parsers)('reports markers in line and block comments, from the marker to the end of its text (%s)', (parser, filename) => {
    const code = [
      '// TODO(sunset:campaigns-legacy-get): pick the campaign or its RTB settings',
      "const s = 'TODO(sunset:not-a-comment)';",
      'const t = `${a} // TODO(sunset:in-template)`;',
      'const r = /\\/\\/ TODO\\(sunset:in-regex\\)/;',
      '/* keep',
      ' * TODO(sunset:reporting-sync-reportdata): migrate the report */',
      '// TODO(sunset:no-such-entry): x',
      '// TODO(jira:ADS-12): tidy up',
    ].join('\n');
    expect(todoFindings(parser, filename, code)).toEqual([
      {
        messageId: 'sunsetTodo',
        text: 'TODO(sunset:campaigns-legacy-get): pick the campaign or its RTB settings',
        message:
          'TODO(sunset:campaigns-legacy-get) is still open: GET /v1/campaigns/{id} is retired (support ended 2019-10-01); use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings, then remove the marker.',
      },
      {
        messageId: 'sunsetTodo',
        text: 'TODO(sunset:reporting-sync-reportdata): migrate the report',
        message:
          'TODO(sunset:reporting-sync-reportdata) is still open: POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31); use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data, then remove the marker.',
      },
      {
        messageId: 'unknownSunsetTodo',
        text: 'TODO(sunset:no-such-entry): x',
        message: 'TODO(sunset:no-such-entry) names no known retirement entry; correct the id (see the Sunset rule docs) or remove the marker.',
      },
    ]);
  });
});

describe('a call and the TODO marker fix left on it are one finding', () => {
  const rules = { 'no-legacy-rest-path': [], 'no-sunset-todo': [] } as const;
  const findings = (parser: ParserName, filename: string, code: string) =>
    analyzeFile(parseWith(parser, code, filename), analysisOptions(), rules).map((finding) => ({
      rule: finding.rule,
      text: code.slice(finding.range[0], finding.range[1]),
      related: finding.related.map((related) => ({ text: code.slice(related.range[0], related.range[1]), message: related.message })),
    }));

  it.each(parsers)('reports the call with its marker as the related place, and a marker whose call is gone on its own (%s)', (parser, filename) => {
    const code = [
      'export async function load(id) {',
      '  // TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}',
      '  const campaign = await fetch(`/v1/campaigns/${id}`);',
      '  // TODO(sunset:campaigns-legacy-orders): this call was migrated by hand',
      "  const orders = await fetch(`/v1/buyer/orders?campaign=${id}`);",
      '  // TODO(sunset:campaigns-legacy-list): a marker of another entry stays',
      '  return fetch(`/v1/campaigns/${id}`).then(() => [campaign, orders]);',
      '}',
    ].join('\n');
    expect(findings(parser, filename, code)).toEqual([
      {
        rule: 'no-legacy-rest-path',
        text: '`/v1/campaigns/${id}`',
        related: [{ text: 'TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}', message: 'the TODO(sunset:campaigns-legacy-get) marker left on this call' }],
      },
      { rule: 'no-sunset-todo', text: 'TODO(sunset:campaigns-legacy-orders): this call was migrated by hand', related: [] },
      { rule: 'no-sunset-todo', text: 'TODO(sunset:campaigns-legacy-list): a marker of another entry stays', related: [] },
      { rule: 'no-legacy-rest-path', text: '`/v1/campaigns/${id}`', related: [] },
    ]);
  });
});

describe('a TODO wrapped over several lines (by a person, or an editor that reflows comments)', () => {
  const wrapped = [
    'export async function load(id) {',
    '  // TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the',
    '  //   campaign is split into two resources: the campaign and its RTB settings;',
    '  //   candidates GET /v1/buyer/campaigns/{id}; support ended 2019-10-01',
    '  const campaign = await fetch(`/v1/campaigns/${id}`);',
    '  /*',
    '   * TODO(sunset:campaigns-legacy-orders): this call was migrated by hand,',
    '   * the marker stays',
    '   */',
    '  return fetch(`/v1/buyer/orders?campaign=${id}`).then(() => campaign);',
    '}',
  ].join('\n');

  it.each(parsers)('is one marker, found from the statement through its continuation lines (%s)', (parser, filename) => {
    const found = analyzeFile(parseWith(parser, wrapped, filename), analysisOptions(), { 'no-legacy-rest-path': [], 'no-sunset-todo': [] }).map((finding) => ({
      rule: finding.rule,
      text: wrapped.slice(finding.range[0], finding.range[1]),
      related: finding.related.map((related) => wrapped.slice(related.range[0], related.range[1])),
    }));
    expect(found).toEqual([
      { rule: 'no-legacy-rest-path', text: '`/v1/campaigns/${id}`', related: ['TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the'] },
      { rule: 'no-sunset-todo', text: 'TODO(sunset:campaigns-legacy-orders): this call was migrated by hand,', related: [] },
    ]);
    // So a second `sunset fix` adds no marker above it.
    expect(hasTodoAbove(wrapped, wrapped.indexOf('const campaign'), 'campaigns-legacy-get')).toBe(true);
  });
});

describe('todoCommentEdit', () => {
  it("inserts the comment on its own line above the statement, with the statement's indentation", () => {
    const source = 'function f() {\n    return fetch(x);\n}\n';
    expect(todoCommentEdit(source, source.indexOf('return'), 'TODO(sunset:a): b')).toEqual({ range: [15, 15], text: '    // TODO(sunset:a): b\n' });
  });

  it('keeps CRLF line breaks', () => {
    const source = 'a();\r\n\tfetch(x);\r\n';
    expect(todoCommentEdit(source, source.indexOf('fetch'), 'TODO(sunset:a): b')).toEqual({ range: [6, 6], text: '\t// TODO(sunset:a): b\r\n' });
  });

  it('inserts at the start of a file', () => {
    expect(todoCommentEdit('fetch(x);\n', 0, 'TODO(sunset:a): b')).toEqual({ range: [0, 0], text: '// TODO(sunset:a): b\n' });
  });

  it('ends the line before a statement that does not begin its line, and moves the statement to the next line', () => {
    const source = '  a(); fetch(x);\n';
    expect(todoCommentEdit(source, source.indexOf('fetch'), 'TODO(sunset:a): b')).toEqual({ range: [7, 7], text: '// TODO(sunset:a): b\n  ' });
  });

  it('puts each clause of the text (a line of it) on a line of its own, its spaces made one', () => {
    expect(todoCommentEdit('f();\n', 0, 'TODO(sunset:a): b\n  c   d; e')).toEqual({ range: [0, 0], text: '// TODO(sunset:a): b\n//   c d; e\n' });
  });

  it('leaves a marker that hasTodoAbove finds on the next run, also before a statement that did not begin its line', () => {
    const source = 'class A {\n  patch() { return http.patch(url); }\n}\n';
    const edit = todoCommentEdit(source, source.indexOf('return'), 'TODO(sunset:campaigns-legacy-status): x');
    const marked = source.slice(0, edit.range[0]) + edit.text + source.slice(edit.range[1]);
    expect(marked).toBe('class A {\n  patch() { // TODO(sunset:campaigns-legacy-status): x\n  return http.patch(url); }\n}\n');
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaigns-legacy-status')).toBe(true);
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaigns-legacy-get')).toBe(false);
  });
});

describe('todoCommentEdit lays a TODO out for review', () => {
  const todoOf = (entryId: string): string => todoText(builtinCatalog.byId(entryId)!, '2026-11-21');
  const labels = withTodoClause(todoOf('campaign-dictionary-labels'), 'the path is PATHS.labels of ../api/paths.ts');
  const apply = (source: string, at: string, todo: string): string => {
    const edit = todoCommentEdit(source, source.indexOf(at), todo);
    return source.slice(0, edit.range[0]) + edit.text + source.slice(edit.range[1]);
  };

  it("puts the action on the marker's line and each clause on a line of its own, wrapped at words within 100 columns, with no one-word last line", () => {
    const source = 'export async function labels() {\n    return fetch(PATHS.labels);\n}\n';
    const marked = apply(source, 'return', labels);
    // Filled greedily, the clause's last line would be `have` alone: the line before gives it `not`.
    expect(marked).toBe(
      [
        'export async function labels() {',
        '    // TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the',
        '    //     new endpoint lists labels per advertiser: it needs an advertiser id the old call did',
        '    //     not have',
        '    //   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
        '    //   support ended 2019-10-01',
        '    //   the path is PATHS.labels of ../api/paths.ts',
        '    return fetch(PATHS.labels);',
        '}',
        '',
      ].join('\n'),
    );
    expect(Math.max(...marked.split('\n').map((line) => line.length))).toBeLessThanOrEqual(100);
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaign-dictionary-labels')).toBe(true);
  });

  it("keeps an entry's reason with its own '; ' in one clause: its lines go on at the continuation indent, never at a clause's", () => {
    const source = 'function load(id) {\n  return fetch(`/v1/campaigns/${id}`);\n}\n';
    expect(apply(source, 'return', todoOf('campaigns-legacy-get'))).toBe(
      [
        'function load(id) {',
        '  // TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into',
        '  //     two resources: the campaign and its RTB settings; call the one(s) this code needs',
        '  //   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
        '  //   support ended 2019-10-01',
        '  return fetch(`/v1/campaigns/${id}`);',
        '}',
        '',
      ].join('\n'),
    );
    // The Label service's reason goes on after its '; ' on the same line.
    expect(apply('  fetch(u);\n', 'fetch', todoOf('label-service-get-advertiser-labels-as-json'))).toBe(
      [
        '  // TODO(sunset:label-service-get-advertiser-labels-as-json): migrate GetAdvertiserLabelsAsJson:',
        '  //     the spec pairs the Label service operations with the new endpoints by kind only (Get with',
        '  //     GET); pick the endpoint that fits this call',
        '  //   candidates GET /v1/buyer/campaigns/{id}/labels, GET /v1/buyer/advertisers/{id}/campaignLabels',
        '  //   support ended 2019-10-01',
        '  fetch(u);',
        '',
      ].join('\n'),
    );
  });

  it('takes no word from a line that would be left with one, nor one the last line has no room for', () => {
    const lines = (todo: string, indentation: string): string[] => apply(`${indentation}f();\n`, 'f();', todo).split('\n').slice(0, -2);
    // At column 55 the first line holds 42 characters of text, the others 40.
    expect(lines(`TODO(sunset:a): ${'a'.repeat(20)} ${'b'.repeat(30)}`, ' '.repeat(55))).toEqual([
      `${' '.repeat(55)}// TODO(sunset:a): ${'a'.repeat(20)}`,
      `${' '.repeat(55)}//     ${'b'.repeat(30)}`,
    ]);
    expect(lines(`TODO(sunset:a): x ${'a'.repeat(20)} ${'b'.repeat(39)}`, ' '.repeat(55))).toEqual([
      `${' '.repeat(55)}// TODO(sunset:a): x ${'a'.repeat(20)}`,
      `${' '.repeat(55)}//     ${'b'.repeat(39)}`,
    ]);
    // With room, the same last word takes one.
    expect(lines(`TODO(sunset:a): x ${'a'.repeat(20)} ${'b'.repeat(19)}`, ' '.repeat(55))).toEqual([
      `${' '.repeat(55)}// TODO(sunset:a): x`,
      `${' '.repeat(55)}//     ${'a'.repeat(20)} ${'b'.repeat(19)}`,
    ]);
  });

  it('writes CRLF continuation lines in a CRLF file and keeps tab indentation, a tab counting four columns', () => {
    const source = 'function f() {\r\n\t\treturn fetch(PATHS.labels);\r\n}\r\n';
    expect(apply(source, 'return', labels)).toBe(
      [
        'function f() {',
        '\t\t// TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels:',
        '\t\t//     the new endpoint lists labels per advertiser: it needs an advertiser id the old call',
        '\t\t//     did not have',
        '\t\t//   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
        '\t\t//   support ended 2019-10-01',
        '\t\t//   the path is PATHS.labels of ../api/paths.ts',
        '\t\treturn fetch(PATHS.labels);',
        '}',
        '',
      ].join('\r\n'),
    );
    const split = 'function f() {\r\n\treturn fetch(u);\r\n}\r\n';
    expect(apply(split, 'return', todoOf('campaigns-legacy-orders'))).toBe(
      [
        'function f() {',
        '\t// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new',
        "\t//     endpoint has no campaign in its path; how to select one campaign's orders is not shown in",
        '\t//     the spec',
        '\t//   candidates GET /v1/buyer/orders',
        '\t//   support ended 2019-10-01',
        '\treturn fetch(u);',
        '}',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a method with its path, a word longer than the line whole, and at least 40 characters of text on a deeply indented line', () => {
    const deep = ' '.repeat(70);
    const source = `${deep}fetch(u);\n`;
    const todo = withTodoClause('TODO(sunset:a): replace GET /v1/campaigns/dictionaries/clients with GET /v1/buyer/advertisers', 'see https://example.com/a-very-long-address-that-no-line-of-forty-characters-can-hold');
    expect(apply(source, 'fetch', todo)).toBe(
      [
        `${deep}// TODO(sunset:a): replace`,
        `${deep}//     GET /v1/campaigns/dictionaries/clients`,
        `${deep}//     with GET /v1/buyer/advertisers`,
        `${deep}//   see`,
        `${deep}//     https://example.com/a-very-long-address-that-no-line-of-forty-characters-can-hold`,
        `${deep}fetch(u);`,
        '',
      ].join('\n'),
    );
  });

  it('splits no word and no `GET /path` on a line of 40 characters, also after a bracket or quote and before a base or an address', () => {
    const deep = '\t'.repeat(20);
    const todo = 'TODO(sunset:a): compare (GET /v1/campaigns/{campaignId}/orders/{orderId}) and `PUT /v1/buyer/campaigns/{id}/status` and PATCH {base}/v1/campaigns and DELETE https://api.adform.com/v1/x';
    const marked = apply(`${deep}fetch(u);\n`, 'fetch', todo).split('\n').slice(0, -2);
    expect(marked).toEqual([
      `${deep}// TODO(sunset:a): compare`,
      `${deep}//     (GET /v1/campaigns/{campaignId}/orders/{orderId})`,
      `${deep}//     and`,
      `${deep}//     \`PUT /v1/buyer/campaigns/{id}/status\``,
      `${deep}//     and PATCH {base}/v1/campaigns`,
      `${deep}//     and DELETE https://api.adform.com/v1/x`,
    ]);
    // Each word of the text is on one line, whole.
    const words = todo.split(' ');
    expect(marked.flatMap((line) => line.replace(/^\t*\/\/ +/, '').split(' '))).toEqual(words);
  });

  it('ends the line of a statement that does not begin it, the further lines indented like that line, and finds it again', () => {
    const source = 'class A {\n  patch() { return http.patch(url); }\n}\n';
    const marked = apply(source, 'return', labels);
    expect(marked).toBe(
      [
        'class A {',
        '  patch() { // TODO(sunset:campaign-dictionary-labels): migrate',
        '  //     GET /v1/campaigns/dictionaries/labels: the new endpoint lists labels per advertiser: it',
        '  //     needs an advertiser id the old call did not have',
        '  //   candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
        '  //   support ended 2019-10-01',
        '  //   the path is PATHS.labels of ../api/paths.ts',
        '  return http.patch(url); }',
        '}',
        '',
      ].join('\n'),
    );
    expect(hasTodoAbove(marked, marked.indexOf('return'), 'campaign-dictionary-labels')).toBe(true);
  });
});

describe('hasTodoAbove', () => {
  const marker = '// TODO(sunset:campaigns-legacy-get): pick one';

  it('sees a marker for the entry in the comment lines directly above the statement', () => {
    const source = `function f() {\n  ${marker}\n  // another note\n  return fetch(u);\n}`;
    expect(hasTodoAbove(source, source.indexOf('return'), 'campaigns-legacy-get')).toBe(true);
  });

  it('ignores a marker for another entry, one separated by code or a blank line, and one further up', () => {
    const other = `${marker}\nfetch(u);`;
    expect(hasTodoAbove(other, other.indexOf('fetch'), 'campaigns-legacy-list')).toBe(false);
    const separated = `${marker}\nconst a = 1;\nfetch(u);`;
    expect(hasTodoAbove(separated, separated.indexOf('fetch'), 'campaigns-legacy-get')).toBe(false);
    const blank = `${marker}\n\nfetch(u);`;
    expect(hasTodoAbove(blank, blank.indexOf('fetch'), 'campaigns-legacy-get')).toBe(false);
  });

  it('sees a marker in a block comment before the statement on the same line', () => {
    const source = '/* TODO(sunset:campaigns-legacy-get): x */ fetch(u);';
    expect(hasTodoAbove(source, source.indexOf('fetch'), 'campaigns-legacy-get')).toBe(true);
  });
});
