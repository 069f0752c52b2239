import { builtinEntries, daysBetween, parseIsoDay, phaseOf, reportingLimits, type Endpoint, type IsoDay, type ReportingLimits } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { hasSpread, propertyKeyName, rangeOf, staticString, unwrap, valueProperties, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import { jsonStringifyArgument } from '../requests/request-parts.js';
import { objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { endpointTargetOf, hostsOfOtherApis, isOnHost } from '../url/match.js';

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
  datePeriodFilters: Node[];
  metrics: Node[];
  dimensions: Node[];
  pageLimits: Node[];
}

const isoDay = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const numberValue = (node: Node): number | undefined => (node.type === 'Literal' && typeof node.value === 'number' ? node.value : undefined);

const isNothing = (node: Node): boolean => (node.type === 'Literal' && node.value === null && !('regex' in node)) || (node.type === 'Identifier' && node.name === 'undefined');

/** A value whose contents are known: literals, templates, object and array literals (same-file constants too). */
function isTransparent(node: Node, context: EvaluationContext): boolean {
  const value = unwrap(node);
  if (value.type === 'ArrayExpression' || value.type === 'TemplateLiteral' || objectLiteralOf(value, context) !== undefined) return true;
  return value.type === 'Literal' || isNothing(value);
}

function readShape(object: TSESTree.ObjectExpression, names: ReportFieldNames, context: EvaluationContext, shape: ReportShape, depth: number): void {
  const properties = valueProperties(object);
  if (hasSpread(object) || object.properties.length !== properties.length) shape.closed = false;
  for (const property of properties) {
    const key = propertyKeyName(property);
    const value = unwrap(property.value);
    if (key === undefined) {
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

function readPaging(value: Node, names: ReportFieldNames, context: EvaluationContext, shape: ReportShape): void {
  const paging = objectLiteralOf(value, context);
  if (!paging) return;
  for (const property of valueProperties(paging)) {
    const key = propertyKeyName(property);
    if (key !== undefined && names.pagingLimit.includes(key)) shape.pageLimits.push(unwrap(property.value));
  }
}

/** The element count of an array literal; undefined with a spread (the length is not known). */
function arrayLength(node: Node, context: EvaluationContext): { node: Node; length: number } | undefined {
  let value = unwrap(node);
  if (value.type === 'Identifier') {
    const binding = context.scope.resolve(value);
    const init = binding && binding.kind === 'const' && !binding.mutated && !binding.destructured ? binding.init : undefined;
    if (!init) return undefined;
    value = unwrap(init);
  }
  if (value.type !== 'ArrayExpression') return undefined;
  if (value.elements.some((element) => element === null || element.type === 'SpreadElement')) return undefined;
  return { node: value, length: value.elements.length };
}

/** ISO date literals (`'2024-01-31'`, `'2024-01-31T00:00:00Z'`) anywhere inside a date period filter value. */
function isoDateLiterals(node: Node, context: EvaluationContext, depth = 0): { node: Node; day: IsoDay }[] {
  const value = unwrap(node);
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
  if (value.type === 'ArrayExpression') return value.elements.flatMap((element) => (element ? isoDateLiterals(element, context, depth + 1) : []));
  const object = objectLiteralOf(value, context);
  if (!object) return [];
  return valueProperties(object).flatMap((property) => isoDateLiterals(property.value, context, depth + 1));
}

/** A problem of a report body, at the node it is reported at. */
type ShapeProblem = Omit<ReportRequestProblem, 'workflow' | 'endpoint' | 'range'> & { readonly node: Node };

function problemsOf(
  shape: ReportShape,
  limits: ReportingLimits,
  bodyNode: Node,
  asOf: IsoDay,
  context: EvaluationContext,
): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
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
    const rows = numberValue(limitNode);
    if (rows === undefined || rows <= limits.maxRowsPerPage) continue;
    problems.push({ kind: 'page-limit-too-large', node: limitNode, limit: limits.maxRowsPerPage, actual: rows });
  }
  const dates = shape.datePeriodFilters.flatMap((filter) => isoDateLiterals(filter, context));
  const earliest = dates.reduce<(typeof dates)[number] | undefined>((first, date) => (first === undefined || date.day < first.day ? date : first), undefined);
  if (earliest && daysBetween(earliest.day, asOf) > limits.dateRangeDaysBack) {
    problems.push({ kind: 'start-date-too-far-back', node: earliest.node, limit: limits.dateRangeDaysBack, actual: earliest.day });
  }
  return problems;
}

/** The built-in entry of the synchronous report endpoint: its schedule says when its limits stop mattering. */
const synchronousEntry = builtinEntries.find((entry) => entry.kind === 'path' && entry.method === 'POST' && entry.path === reportingLimits.synchronous.endpoints.find((endpoint) => endpoint.method === 'POST')!.path)!;
const synchronousRetired = (asOf: IsoDay): boolean => phaseOf(synchronousEntry, asOf) === 'retired';

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
export function findReportRequestProblems(index: FileIndex, asOf: IsoDay, apiHosts: readonly string[] | undefined, names: ReportFieldNames): ReportRequestProblem[] {
  const context = index.evaluation();
  const problems: ReportRequestProblem[] = [];
  const claimed = hostsOfOtherApis(index.options.catalog);
  for (const site of index.requests) {
    if (site.method.method !== 'POST' || !isOnHost(site.url, apiHosts, claimed)) continue;
    const target = reportEndpoints.find(({ endpoint }) => endpointTargetOf(site.url, endpoint.path) !== undefined);
    if (!target || !site.body) continue;
    // Once the synchronous API is retired its requests fail whatever they ask: no-sync-reporting's finding alone.
    if (target.limits.workflow === 'synchronous' && synchronousRetired(asOf)) continue;
    const report = objectLiteralOf(jsonStringifyArgument(site.body) ?? site.body, context);
    if (!report) continue;
    const shape: ReportShape = { closed: true, datePeriodFilters: [], metrics: [], dimensions: [], pageLimits: [] };
    readShape(report, names, context, shape, 0);
    for (const { node, ...problem } of problemsOf(shape, target.limits, site.body, asOf, context)) {
      problems.push({ ...problem, workflow: target.limits.workflow, endpoint: target.endpoint, range: rangeOf(node) });
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
