import { findOAuthProblems, findReportRequestProblems, findRetiredCalls, indexProgram } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { parseWith, type ParserName } from './parsers.js';

const code = [
  'export async function load(API: string, AUTH: string) {',
  '  const list = await fetch(`${API}/v1/campaigns?active=true`);',
  "  const report = await fetch(`${API}/v1/buyer/stats/data`, { method: 'POST', body: JSON.stringify({ metrics: ['clicks'], paging: { limit: 200000 } }) });",
  "  location.assign(`${AUTH}/sts/connect/authorize?client_id=app&response_type=code&redirect_uri=https://app.example/cb`);",
  '  return [list, report];',
  '}',
].join('\n');
const asOf = '2024-06-01';
const parsers: readonly ParserName[] = ['typescript-eslint', 'babel-tsx'];

describe('options.programIndex', () => {
  it.each(parsers)('gives each analysis the same results as its own walk (%s)', (parser) => {
    const program = parseWith(parser, code);
    const programIndex = indexProgram(program, code);
    const kinds = {
      retired: findRetiredCalls(program, code, { asOf }).map((finding) => `${finding.entry.id}:${finding.form}`),
      report: findReportRequestProblems(program, code, { asOf }).map((problem) => problem.kind),
      oauth: findOAuthProblems(program, code).map((problem) => problem.kind),
    };
    expect(kinds).toEqual({
      retired: ['campaigns-legacy-list:fetch'],
      report: ['missing-date-period-filter', 'page-limit-too-large'],
      oauth: ['missing-state'],
    });
    expect(findRetiredCalls(program, code, { asOf, programIndex })).toEqual(findRetiredCalls(program, code, { asOf }));
    expect(findReportRequestProblems(program, code, { asOf, programIndex })).toEqual(findReportRequestProblems(program, code, { asOf }));
    expect(findOAuthProblems(program, code, { programIndex })).toEqual(findOAuthProblems(program, code));
  });

  it('rejects an index of another AST with an error that says how to build the right one', () => {
    const programIndex = indexProgram(parseWith('typescript-eslint', code), code);
    const program = parseWith('typescript-eslint', code);
    const message =
      'options.programIndex was built for another AST or source text; build it with indexProgram(program, sourceText) of the file being analysed, or leave it out.';
    expect(() => findRetiredCalls(program, code, { asOf, programIndex })).toThrow(new TypeError(message));
    expect(() => findOAuthProblems(program, code, { programIndex })).toThrow(new TypeError(message));
  });

  it('rejects an index of the same AST built for another text', () => {
    const program = parseWith('typescript-eslint', code);
    const programIndex = indexProgram(program, `${code}\n`);
    expect(() => findReportRequestProblems(program, code, { asOf, programIndex })).toThrow(/built for another AST or source text/);
  });
});
