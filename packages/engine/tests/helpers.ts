import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtinCatalog, type RuleName } from '@sunset/rule-data';
import type { AnalysisCore, Check, FileIndex, Finding, SourceFile, SunsetOptions } from '../src/analysis-contract.js';
import type { FixRun } from '../src/fix/fix-files.js';
import { planFix, rangeOf, refusedFix, todoCommentLines } from '@sunset/analysis';

/** A fresh folder under the system temp folder holding `files` (path → text). */
export function makeTree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-engine-'));
  writeTree(root, files);
  return root;
}

export function writeTree(root: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}

export const asOf = '2026-11-21';

export function sunsetOptions(overrides: Partial<SunsetOptions> = {}): SunsetOptions {
  return {
    asOf,
    failOn: 'deprecated',
    apiHosts: undefined,
    identityHosts: undefined,
    ignores: [],
    reportScheduled: false,
    scheduledWithinDays: 90,
    apis: [],
    customEntries: [],
    catalog: builtinCatalog,
    baseline: undefined,
    rules: {},
    typeAware: false,
    maxFileSize: 1024 * 1024,
    checkMinified: false,
    ...overrides,
  };
}

/** Every string Literal of a program, in source order. */
function stringLiterals(file: SourceFile): { value: string; range: readonly [number, number] }[] {
  const found: { value: string; range: readonly [number, number] }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const node = value as { type?: unknown; value?: unknown };
    if (node.type === 'Literal' && typeof node.value === 'string') found.push({ value: node.value, range: rangeOf(node as SourceFile['program']) });
    for (const child of Object.values(node)) visit(child);
  };
  visit(file.program);
  return found.sort((a, b) => a.range[0] - b.range[0]);
}

const listEntry = builtinCatalog.byId('campaigns-legacy-list')!;
const statusEntry = builtinCatalog.byId('campaigns-legacy-status')!;

/**
 * A stand-in for the analysis' retirement check: every string literal `'/v1/campaigns'` is a finding
 * (`no-legacy-rest-path`, rewritten to `/v1/buyer/campaigns`), every `'PATCH /v1/campaigns'` a TODO finding.
 * The options it was run with end up in `data.options`.
 */
export const fakeRetirementCheck: Check = {
  meta: { name: 'no-legacy-rest-path', type: 'problem', description: 'fake', recommended: true, fixable: true, hasSuggestions: false, optionsSchema: [], defaultOptions: [{ checkStrings: true }] },
  run(index, _options, ruleOptions) {
    const text = index.file.text;
    return stringLiterals(index.file).flatMap(({ value, range }): Finding[] => {
      const statementStart = text.lastIndexOf('\n', range[0]) + 1;
      const base = { messageId: 'retired', data: { options: JSON.stringify(ruleOptions) }, suggestions: [], related: [], range } as const;
      if (value === '/v1/campaigns') {
        return [
          {
            ...base,
            rule: 'no-legacy-rest-path',
            message: 'GET /v1/campaigns is retired.',
            fix: [{ range: [range[0] + 1, range[1] - 1], text: '/v1/buyer/campaigns' }],
            retirement: retirementOf(listEntry, 'rewrite', statementStart),
          },
        ];
      }
      if (value === 'PATCH /v1/campaigns') {
        return [{ ...base, rule: 'no-legacy-rest-path', message: 'PATCH /v1/campaigns is retired.', retirement: retirementOf(statusEntry, 'todo', statementStart) }];
      }
      return [];
    });
  },
};

function retirementOf(entry: typeof listEntry, migration: 'rewrite' | 'todo', statementStart: number): NonNullable<Finding['retirement']> {
  return {
    entry,
    retiredKey: entry.retiredKey,
    method: undefined,
    host: undefined,
    replacements: entry.replacements,
    phase: 'retired',
    migration,
    form: 'fetch',
    todoText: `TODO(sunset:${entry.id}): migrate ${entry.retiredKey}`,
    statementStart,
    candidates: [],
  };
}

/** A rule off by default (not recommended): reports every literal `'secret'` with its rule options. */
export const fakeOffByDefaultCheck: Check = {
  meta: { name: 'no-client-secret-in-source', type: 'problem', description: 'fake', recommended: false, fixable: false, hasSuggestions: false, optionsSchema: [], defaultOptions: [] },
  run(index, _options, ruleOptions) {
    return stringLiterals(index.file)
      .filter(({ value }) => value === 'secret')
      .map(({ range }) => ({ rule: 'no-client-secret-in-source' as RuleName, messageId: 'secret', data: { options: JSON.stringify(ruleOptions) }, message: 'A secret.', range, suggestions: [], related: [] }));
  },
};

/** The fake rule core: the two fake checks, an index that is just the file, `/v1/` or `secret` as the prefilter needle. */
export const fakeCore: Partial<AnalysisCore> = {
  checks: { 'no-legacy-rest-path': fakeRetirementCheck, 'no-client-secret-in-source': fakeOffByDefaultCheck },
  // The fake checks read only the file; the rest of a real index is never built.
  indexFile: (file) => ({ file }) as unknown as FileIndex,
  mightNeedAnalysis: (text) => text.includes('/v1/') || text.includes('secret'),
  mightNeedFix: (text) => text.includes('/v1/'),
  planFix,
  refusedFix,
};

/** A fix run over `root` with the default mode's module graph (`crossFile`), writing (`force`: no git check). */
export function crossFileFixRun(root: string, overrides: Partial<FixRun> = {}): FixRun {
  return { cwd: root, baseDir: root, options: sunsetOptions(), dry: false, force: true, crossFile: true, ...overrides };
}

/**
 * A TODO written on one line here (`// TODO(sunset:<id>): ...; ...`) as the fix lays it out at `indentation`
 * (spaces): what these tests check is which text goes where; analysis's tests pin the layout itself.
 */
export function laidOut(indentation: string, oneLine: string): string {
  return todoCommentLines(oneLine.replace(/^\/\/ /, ''), indentation.length, indentation.length)
    .map((line) => `${indentation}${line}`)
    .join('\n');
}
