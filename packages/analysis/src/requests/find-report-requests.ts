import { daysBetween, parseIsoDay, reportingLimits, todayUtc, type Endpoint, type IsoDay, type ReportingLimits } from '@sunset/rule-data';
import { field, fieldList, hasSpread, identifierName, propertiesOf, propertyKeyName, propertyValue, rangeOf, staticString, unwrapTs } from '../ast/nodes.js';
import { recognizeHttpCall } from '../calls/http-calls.js';
import { programIndexFor } from '../scope/program-index.js';
import type { AnalysisOptions, AnyNode } from '../types.js';
import { evaluationContext, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { jsonStringifyArgument, requestPartsOf } from './request-parts.js';
import { isOnListedHost, urlTargetOf } from './url-target.js';

/**
 * The request fields the rule looks for. The spec names only `paging.limit`; the names of the date
 * period filter, metrics and dimensions are "not shown", so these are assumptions the user can change.
 */
export interface ReportFieldNames {
  /** A property whose key matches this (case-insensitively) is the date period filter. */
  readonly datePeriodFilter: RegExp;
  readonly metrics: readonly string[];
  readonly dimensions: readonly string[];
  readonly paging: readonly string[];
  readonly pagingLimit: readonly string[];
}

export const defaultReportFieldNames: ReportFieldNames = {
  datePeriodFilter: /date|period/i,
  metrics: ['metrics'],
  dimensions: ['dimensions'],
  paging: ['paging'],
  pagingLimit: ['limit'],
};

export interface ReportRequestOptions extends AnalysisOptions {
  readonly fieldNames?: ReportFieldNames;
}

export type ReportProblemKind =
  | 'missing-date-period-filter'
  | 'missing-metric'
  | 'too-many-dimensions'
  | 'too-many-metrics'
  | 'page-limit-too-large'
  | 'start-date-too-far-back';

export interface ReportRequestProblem {
  readonly kind: ReportProblemKind;
  readonly workflow: ReportingLimits['workflow'];
  /** The request the problem is in (`POST /v1/buyer/stats/data`). */
  readonly endpoint: Endpoint;
  readonly node: AnyNode;
  readonly range: readonly [number, number];
  /** The limit broken (a count, rows, or days back), when the kind has one. */
  readonly limit?: number;
  /** What the code states: a count, a page size, or the start day. */
  readonly actual?: number | string;
}

/** What one report object literal states, as far as it is statically known. */
interface ReportShape {
  /** False when a spread, a computed key or a value the analysis cannot see into might hold more fields. */
  closed: boolean;
  datePeriodFilters: AnyNode[];
  metrics: AnyNode[];
  dimensions: AnyNode[];
  pageLimits: AnyNode[];
}

const isoDay = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function numberValue(node: AnyNode): number | undefined {
  const value = (node as unknown as { value?: unknown }).value;
  return (node.type === 'Literal' || node.type === 'NumericLiteral') && typeof value === 'number' ? value : undefined;
}

const isNothing = (node: AnyNode): boolean =>
  node.type === 'NullLiteral' || (node.type === 'Literal' && (node as unknown as { value?: unknown }).value === null && !field(node, 'regex')) || identifierName(node) === 'undefined';

/** A value whose contents are known: literals, templates, object and array literals (same-file constants too). */
function isTransparent(node: AnyNode, context: EvaluationContext): boolean {
  const value = unwrapTs(node);
  if (value.type === 'ArrayExpression' || value.type === 'TemplateLiteral' || objectLiteralOf(value, context) !== undefined) return true;
  return value.type === 'Literal' || value.type.endsWith('Literal') || isNothing(value);
}

function readShape(object: AnyNode, names: ReportFieldNames, context: EvaluationContext, shape: ReportShape, depth: number): void {
  if (hasSpread(object) || fieldList(object, 'properties').length !== propertiesOf(object).length + countSpreads(object)) shape.closed = false;
  for (const property of propertiesOf(object)) {
    const key = propertyKeyName(property);
    const value = propertyValue(property);
    if (key === undefined || !value) {
      shape.closed = false;
      continue;
    }
    if (names.metrics.includes(key)) shape.metrics.push(value);
    else if (names.dimensions.includes(key)) shape.dimensions.push(value);
    else if (names.paging.includes(key)) readPaging(value, names, context, shape);
    else if (names.datePeriodFilter.test(key)) {
      if (!isNothing(value)) shape.datePeriodFilters.push(value);
    } else {
      const nested = objectLiteralOf(value, context);
      if (nested && depth < 4) readShape(nested, names, context, shape, depth + 1);
      else if (!isTransparent(value, context)) shape.closed = false;
    }
  }
}

const countSpreads = (object: AnyNode): number =>
  fieldList(object, 'properties').filter((property) => property.type === 'SpreadElement' || property.type === 'SpreadProperty').length;

function readPaging(value: AnyNode, names: ReportFieldNames, context: EvaluationContext, shape: ReportShape): void {
  const paging = objectLiteralOf(value, context);
  if (!paging) return;
  for (const property of propertiesOf(paging)) {
    const key = propertyKeyName(property);
    const limit = propertyValue(property);
    if (key !== undefined && limit && names.pagingLimit.includes(key)) shape.pageLimits.push(limit);
  }
}

/** The element count of an array literal; undefined with a spread (the length is not known). */
function arrayLength(node: AnyNode, context: EvaluationContext): { node: AnyNode; length: number } | undefined {
  let value = unwrapTs(node);
  if (value.type === 'Identifier') {
    const binding = context.index.resolve(value);
    const init = binding && binding.kind === 'const' && !binding.mutated && !binding.destructured ? binding.init : undefined;
    if (!init) return undefined;
    value = unwrapTs(init);
  }
  if (value.type !== 'ArrayExpression') return undefined;
  const elements = (value as unknown as { elements: readonly (AnyNode | null)[] }).elements;
  if (elements.some((element) => element === null || element.type === 'SpreadElement')) return undefined;
  return { node: value, length: elements.length };
}

/** ISO date literals (`'2024-01-31'`, `'2024-01-31T00:00:00Z'`) anywhere inside a date period filter value. */
function isoDateLiterals(node: AnyNode, context: EvaluationContext, depth = 0): { node: AnyNode; day: IsoDay }[] {
  const value = unwrapTs(node);
  const text = staticString(value);
  if (text !== undefined) {
    const found = isoDay.exec(text);
    if (!found) return [];
    try {
      return [{ node: value, day: parseIsoDay(found[1]) }];
    } catch {
      return [];
    }
  }
  if (depth > 3) return [];
  if (value.type === 'ArrayExpression') return fieldList(value, 'elements').flatMap((element) => isoDateLiterals(element, context, depth + 1));
  const object = objectLiteralOf(value, context);
  if (!object) return [];
  return propertiesOf(object).flatMap((property) => {
    const inner = propertyValue(property);
    return inner ? isoDateLiterals(inner, context, depth + 1) : [];
  });
}

function problemsOf(
  shape: ReportShape,
  limits: ReportingLimits,
  bodyNode: AnyNode,
  asOf: IsoDay,
  context: EvaluationContext,
): Omit<ReportRequestProblem, 'workflow' | 'endpoint' | 'range'>[] {
  const problems: Omit<ReportRequestProblem, 'workflow' | 'endpoint' | 'range'>[] = [];
  if (shape.closed && shape.datePeriodFilters.length === 0) problems.push({ kind: 'missing-date-period-filter', node: bodyNode });
  if (shape.closed && shape.metrics.length === 0) problems.push({ kind: 'missing-metric', node: bodyNode, limit: limits.minMetrics, actual: 0 });
  for (const metrics of shape.metrics) {
    const known = arrayLength(metrics, context);
    if (!known) continue;
    if (known.length < limits.minMetrics) problems.push({ kind: 'missing-metric', node: known.node, limit: limits.minMetrics, actual: known.length });
    else if (limits.maxMetrics !== null && known.length > limits.maxMetrics) {
      problems.push({ kind: 'too-many-metrics', node: known.node, limit: limits.maxMetrics, actual: known.length });
    }
  }
  for (const dimensions of shape.dimensions) {
    const known = arrayLength(dimensions, context);
    if (known && limits.maxDimensions !== null && known.length > limits.maxDimensions) {
      problems.push({ kind: 'too-many-dimensions', node: known.node, limit: limits.maxDimensions, actual: known.length });
    }
  }
  for (const limitNode of shape.pageLimits) {
    const rows = numberValue(unwrapTs(limitNode));
    if (rows === undefined || rows <= limits.maxRowsPerPage) continue;
    problems.push({ kind: 'page-limit-too-large', node: unwrapTs(limitNode), limit: limits.maxRowsPerPage, actual: rows });
  }
  const dates = shape.datePeriodFilters.flatMap((filter) => isoDateLiterals(filter, context));
  const earliest = dates.reduce<(typeof dates)[number] | undefined>((first, date) => (first === undefined || date.day < first.day ? date : first), undefined);
  if (earliest && daysBetween(earliest.day, asOf) > limits.dateRangeDaysBack) {
    problems.push({ kind: 'start-date-too-far-back', node: earliest.node, limit: limits.dateRangeDaysBack, actual: earliest.day });
  }
  return problems;
}

/** The report-starting POST of each workflow (the asynchronous workflow's GETs carry no report request). */
const reportEndpoints: readonly { endpoint: Endpoint; limits: ReportingLimits }[] = [reportingLimits.synchronous, reportingLimits.asynchronous].map((limits) => ({
  endpoint: limits.endpoints.find((endpoint) => endpoint.method === 'POST')!,
  limits,
}));

/**
 * Report requests the API will reject, found statically: calls that POST to the synchronous or
 * asynchronous report endpoint with a body that is an object literal at the call or a same-file
 * constant (`JSON.stringify(...)` seen through). Only what is written is judged: array literal
 * lengths, numeric literals, ISO date literals; a value the analysis cannot see is never a problem.
 */
export function findReportRequestProblems(program: AnyNode, sourceText: string, options: ReportRequestOptions = {}): ReportRequestProblem[] {
  const asOf = options.asOf === undefined ? todayUtc() : parseIsoDay(options.asOf, 'asOf');
  const names = options.fieldNames ?? defaultReportFieldNames;
  const index = programIndexFor(program, sourceText, options);
  const problems: ReportRequestProblem[] = [];
  for (const call of index.calls) {
    const context = evaluationContext(index, options);
    const site = recognizeHttpCall(call, context);
    if (!site || site.method.method !== 'POST' || !isOnListedHost(site.url, options.apiHosts)) continue;
    const target = reportEndpoints.find(({ endpoint }) => urlTargetOf(site.url, endpoint.path) !== undefined);
    if (!target) continue;
    const { body } = requestPartsOf(site, context);
    if (!body) continue;
    const report = objectLiteralOf(jsonStringifyArgument(body) ?? body, context);
    if (!report) continue;
    const shape: ReportShape = { closed: true, datePeriodFilters: [], metrics: [], dimensions: [], pageLimits: [] };
    readShape(report, names, context, shape, 0);
    for (const problem of problemsOf(shape, target.limits, body, asOf, context)) {
      problems.push({ ...problem, workflow: target.limits.workflow, endpoint: target.endpoint, range: rangeOf(problem.node) });
    }
  }
  const seen = new Set<string>();
  return problems
    .filter((problem) => {
      const key = `${problem.kind}@${problem.range[0]}:${problem.range[1]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.kind.localeCompare(b.kind));
}
