import { findRetiredCalls, findSunsetTodos, hasTodoAbove, mightContainRetiredCall } from '@sunset/analysis';
import { builtinEntries, createCatalog, RuleDataError } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { asOf, type Case } from './harness.js';
import { httpCallFormCases } from './cases/http-call-forms.js';
import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { parseWith } from './parsers.js';
import { soapCases } from './cases/soap.js';

describe('finding fields', () => {
  const code = [
    'export class Reports {',
    '  async run(query) {',
    "    const response = await fetch(`${this.base}/v1/reportingstats/agency/reportdata`, { method: 'POST', body: query });",
    '    return response.json();',
    '  }',
    '}',
  ].join('\n');

  it.each(['typescript-eslint', 'babylon'] as const)('carries entry, phase, replacements, TODO text, node and statement start (%s)', (parser) => {
    const [finding, ...rest] = findRetiredCalls(parseWith(parser, code), code, { asOf: '2019-11-15' });
    expect(rest).toEqual([]);
    const urlStart = code.indexOf('`${this.base}');
    const urlEnd = code.indexOf("`, { method") + 1;
    expect(finding).toMatchObject({
      retiredKey: 'POST /v1/reportingstats/agency/reportdata',
      method: 'POST',
      phase: 'deprecated',
      migration: 'todo',
      form: 'fetch',
      range: [urlStart, urlEnd],
      edits: [],
      statementStart: code.indexOf('const response'),
      todoText:
        'TODO(sunset:reporting-sync-reportdata): migrate POST /v1/reportingstats/agency/reportdata: the asynchronous workflow is different: start the report with POST, poll the operation, then read the data, under other limits; candidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data; general availability ended 2019-10-31, support ends 2020-01-31',
    });
    expect(finding!.entry.id).toBe('reporting-sync-reportdata');
    expect(finding!.replacements).toEqual([
      { method: 'POST', path: '/v1/buyer/stats/data' },
      { method: 'GET', path: '/v1/buyer/stats/operations' },
      { method: 'GET', path: '/v1/buyer/stats/data' },
    ]);
    expect(finding!.node.type).toBe('TemplateLiteral');
    expect(finding!.todoCause).toBeUndefined();
  });

  it('computes the phase at asOf: scheduled before the GA end, retired from the support end', () => {
    const source = "fetch('/v1/campaigns/dictionaries/clients');";
    const phaseAt = (day: string): string | undefined => findRetiredCalls(parseWith('espree', source), source, { asOf: day })[0]?.phase;
    expect(phaseAt('2018-09-30')).toBe('scheduled');
    expect(phaseAt('2018-10-01')).toBe('deprecated');
    expect(phaseAt('2019-10-01')).toBe('retired');
  });

  it('rejects an asOf that is not a day, naming the option', () => {
    const source = 'fetch(x);';
    expect(() => findRetiredCalls(parseWith('espree', source), source, { asOf: '2026-13-01' })).toThrow(RuleDataError);
    expect(() => findRetiredCalls(parseWith('espree', source), source, { asOf: 'tomorrow' })).toThrow(/^asOf must be a day written YYYY-MM-DD/);
  });

  it('takes a statement start of a class member for a finding in a field initializer', () => {
    const source = "class A {\n  api = axios.create({ baseURL: B });\n  list = () => this.api.get('/v1/campaigns/dictionaries/clients');\n}";
    for (const parser of ['typescript-eslint', 'babel-tsx'] as const) {
      const [finding] = findRetiredCalls(parseWith(parser, source), source, { asOf });
      expect(finding?.statementStart).toBe(source.indexOf('list ='));
    }
  });
});

describe('coverage of the tables', () => {
  it('finds every built-in entry in at least one case', () => {
    const all: Case[] = [...httpCallFormCases, ...hidingPlaceCases, ...editCases, ...soapCases];
    const found = new Set(all.flatMap((testCase) => testCase.expected.map((expected) => expected.id)));
    expect(builtinEntries.filter((entry) => !found.has(entry.id)).map((entry) => entry.id)).toEqual([]);
  });
});

describe('mightContainRetiredCall', () => {
  it('passes files that mention a retired path segment or operation and skips the rest', () => {
    expect(mightContainRetiredCall("fetch('/v1/Campaigns')")).toBe(true);
    expect(mightContainRetiredCall('client.GetUsersAsync()')).toBe(true);
    expect(mightContainRetiredCall("fetch('/v1/orders')")).toBe(false);
  });

  it('honours custom entries from the catalog option', () => {
    const catalog = createCatalog([{ id: 'old-proxy', retired: 'GET /proxy/legacyreports', gaEnds: '2025-01-01', supportEnds: '2025-06-01' }]);
    expect(mightContainRetiredCall("fetch('/proxy/legacyreports')")).toBe(false);
    expect(mightContainRetiredCall("fetch('/proxy/legacyreports')", { catalog })).toBe(true);
  });
});

describe('findSunsetTodos', () => {
  it('finds markers in line and block comments with their text, and not in strings, templates or regexes', () => {
    const source = [
      '// TODO(sunset:campaigns-legacy-get): pick the campaign or its RTB settings',
      "const s = 'TODO(sunset:not-a-comment)';",
      'const t = `${a} // TODO(sunset:in-template)`;',
      'const r = /\\/\\/ TODO\\(sunset:in-regex\\)/;',
      '/* keep',
      ' * TODO(sunset:user-service-get-users): migrate GetUsers */',
    ].join('\n');
    expect(findSunsetTodos(source)).toEqual([
      { entryId: 'campaigns-legacy-get', range: [3, 75], text: 'TODO(sunset:campaigns-legacy-get): pick the campaign or its RTB settings' },
      {
        entryId: 'user-service-get-users',
        range: [source.indexOf('TODO(sunset:user-service'), source.indexOf(' */')],
        text: 'TODO(sunset:user-service-get-users): migrate GetUsers',
      },
    ]);
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
