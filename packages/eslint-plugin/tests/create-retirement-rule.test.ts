// The plugin's own glue (memo, fast path, family filter, phases, fixes and suggestions) tested
// against a stubbed recognizer; the rule tests under tests/rules run the real one.
import type * as AnalysisModule from '@sunset/analysis';
import type { RetiredCallFinding } from '@sunset/analysis';
import { builtinCatalog } from '@sunset/rule-data';
import { Linter } from 'eslint';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlugin } from '../src/index.js';

const analysis = vi.hoisted(() => ({
  findRetiredCalls: vi.fn(),
  mightContainRetiredCall: vi.fn(),
  findSunsetTodos: vi.fn(),
  hasTodoAbove: vi.fn(),
}));
// The recognizer's findings are stubbed; its edit helpers (todoCommentEdit) stay real.
vi.mock('@sunset/analysis', async (importOriginal) => ({ ...(await importOriginal<typeof AnalysisModule>()), ...analysis }));

const code = ["fetch('/v1/campaigns');", 'function load() {', '  return client.GetCampaigns({});', '}'].join('\n');

function entry(id: string): NonNullable<ReturnType<typeof builtinCatalog.byId>> {
  return builtinCatalog.byId(id)!;
}

function finding(overrides: Partial<RetiredCallFinding> & Pick<RetiredCallFinding, 'entry' | 'range'>): RetiredCallFinding {
  return {
    retiredKey: overrides.entry.retiredKey,
    method: undefined,
    replacements: overrides.entry.replacements,
    phase: 'retired',
    migration: 'todo',
    form: 'fetch',
    node: { type: 'Literal', range: overrides.range },
    edits: [],
    candidates: [],
    todoText: `TODO(sunset:${overrides.entry.id}): stub text`,
    statementStart: 0,
    ...overrides,
  };
}

const restFinding = finding({
  entry: entry('campaigns-legacy-list'),
  range: [6, 21],
  migration: 'rewrite',
  edits: [{ range: [7, 20], text: '/v1/buyer/campaigns' }],
});
const soapFinding = finding({
  entry: entry('campaigns-service-get-campaigns'),
  range: [58, 70],
  form: 'soap-client',
  statementStart: 44,
});

function lint(settings: Record<string, unknown> = { asOf: '2024-06-01' }): Linter.LintMessage[] {
  const plugin = createPlugin();
  return new Linter().verify(code, [plugin.configs.recommended as unknown as Linter.Config, { settings: { sunset: settings } }], 'client.js');
}

beforeEach(() => {
  analysis.findRetiredCalls.mockReset().mockReturnValue([restFinding, soapFinding]);
  analysis.mightContainRetiredCall.mockReset().mockReturnValue(true);
  analysis.findSunsetTodos.mockReset().mockReturnValue([]);
  analysis.hasTodoAbove.mockReset().mockReturnValue(false);
});

describe('the retirement rules around the recognizer', () => {
  it('analyses a file once for all three rules and reports each finding under its family', () => {
    const messages = lint();
    expect(analysis.findRetiredCalls).toHaveBeenCalledTimes(1);
    expect(messages.map(({ ruleId, line, column, endColumn }) => ({ ruleId, line, column, endColumn }))).toEqual([
      { ruleId: 'sunset/no-legacy-rest-path', line: 1, column: 7, endColumn: 22 },
      { ruleId: 'sunset/no-retired-soap-operation', line: 3, column: 17, endColumn: 29 },
    ]);
  });

  it('passes asOf, the catalog, the host list and the walk of the AST it analyses to the recognizer', () => {
    lint({ asOf: '2024-06-01', apiHosts: ['api.example.com'] });
    const [program, , { programIndex, ...options } = {}] = analysis.findRetiredCalls.mock.calls[0] ?? [];
    expect(options).toEqual({ asOf: '2024-06-01', catalog: builtinCatalog, apiHosts: ['api.example.com'] });
    expect(programIndex?.program).toBe(program);
    expect(programIndex?.sourceText).toBe(code);
    expect(analysis.mightContainRetiredCall).toHaveBeenCalledWith(code, { asOf: '2024-06-01', catalog: builtinCatalog, apiHosts: ['api.example.com'] });
  });

  it('does not analyse a file that fails the needle test', () => {
    analysis.mightContainRetiredCall.mockReturnValue(false);
    expect(lint()).toEqual([]);
    expect(analysis.findRetiredCalls).not.toHaveBeenCalled();
  });

  it('turns a rewrite into a fix and a todo into suggestions with the TODO above the statement, indented', () => {
    const [rest, soap] = lint();
    expect(rest?.fix).toEqual({ range: [7, 20], text: '/v1/buyer/campaigns' });
    expect(rest?.suggestions).toBeUndefined();
    expect(soap?.fix).toBeUndefined();
    expect(soap?.suggestions).toEqual([
      {
        messageId: 'insertTodo',
        desc: 'Insert a TODO(sunset:campaigns-service-get-campaigns) comment above the statement.',
        data: { entryId: 'campaigns-service-get-campaigns' },
        fix: { range: [42, 42], text: '  // TODO(sunset:campaigns-service-get-campaigns): stub text\n' },
      },
    ]);
  });

  it('offers no second TODO marker when one is already above the statement', () => {
    analysis.hasTodoAbove.mockReturnValue(true);
    const soap = lint()[1];
    expect(analysis.hasTodoAbove).toHaveBeenCalledWith(code, 44, 'campaigns-service-get-campaigns');
    expect(soap?.suggestions).toBeUndefined();
  });

  it('offers a suggestion per candidate that has edits', () => {
    analysis.findRetiredCalls.mockReturnValue([
      finding({
        entry: entry('campaigns-legacy-get'),
        range: [6, 21],
        candidates: [
          { replacement: { method: 'GET', path: '/v1/buyer/campaigns/{id}' }, edits: [{ range: [7, 20], text: '/v1/buyer/campaigns/1' }] },
          { replacement: { method: 'GET', path: '/v1/buyer/campaigns/{id}/rtbSettings' }, edits: [] },
        ],
      }),
    ]);
    const [rest] = lint();
    expect(rest?.suggestions?.map(({ desc, fix }) => ({ desc, fix }))).toEqual([
      { desc: 'Insert a TODO(sunset:campaigns-legacy-get) comment above the statement.', fix: { range: [0, 0], text: '// TODO(sunset:campaigns-legacy-get): stub text\n' } },
      { desc: 'Switch to GET /v1/buyer/campaigns/{id}.', fix: { range: [7, 20], text: '/v1/buyer/campaigns/1' } },
    ]);
  });

  it('reports scheduled findings only with reportScheduled and within scheduledWithinDays of asOf', () => {
    analysis.findRetiredCalls.mockReturnValue([{ ...restFinding, phase: 'scheduled' }]);
    expect(lint({ asOf: '2018-08-01' })).toEqual([]);
    expect(lint({ asOf: '2018-06-01', reportScheduled: true })).toEqual([]);
    expect(lint({ asOf: '2018-07-03', reportScheduled: true }).map((message) => message.ruleId)).toEqual(['sunset/no-legacy-rest-path']);
    expect(lint({ asOf: '2018-06-01', reportScheduled: true, scheduledWithinDays: 122 }).map((message) => message.ruleId)).toEqual([
      'sunset/no-legacy-rest-path',
    ]);
  });
});
