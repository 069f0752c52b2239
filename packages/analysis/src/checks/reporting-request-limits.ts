import { ruleOptionsMeta, type ReportingRequestLimitsOptions } from '@sunset/config';
import { daysBetween, describeEndpoint, type IsoDay } from '@sunset/rule-data';
import { defaultReportFieldNames, findReportRequestProblems, type ReportFieldNames, type ReportRequestProblem } from '../reporting/find-report-problems.js';
import { byRange, plainFinding, type Check } from './check.js';

const rule = 'reporting-request-limits';

const messageIds: Readonly<Record<ReportRequestProblem['kind'], string>> = {
  'missing-date-period-filter': 'missingDatePeriodFilter',
  'missing-metric': 'missingMetric',
  'too-many-dimensions': 'tooManyDimensions',
  'too-many-metrics': 'tooManyMetrics',
  'page-limit-too-large': 'pageLimitTooLarge',
  'start-date-too-far-back': 'startDateTooFarBack',
};

/**
 * `toLocaleString('en-US')` is this format made anew for every call: made once here, on first use (the
 * first `Intl` object of a thread loads ICU's locale data, 20-25 ms every thread and the ESLint plugin paid at import).
 */
let countFormat: Intl.NumberFormat | undefined;
const formatCount = (value: number | string | undefined): string => (typeof value === 'number' ? (countFormat ??= new Intl.NumberFormat('en-US')).format(value) : (value ?? ''));

/** The field names in force: the defaults, and the options (validated by @sunset/config, the pattern included). */
function fieldNamesOf(options: ReportingRequestLimitsOptions): ReportFieldNames {
  return {
    datePeriodFilter: options.datePeriodFilterPattern === undefined ? defaultReportFieldNames.datePeriodFilter : new RegExp(options.datePeriodFilterPattern, 'i'),
    metrics: options.metricsKeys ?? defaultReportFieldNames.metrics,
    dimensions: options.dimensionsKeys ?? defaultReportFieldNames.dimensions,
    paging: options.pagingKeys ?? defaultReportFieldNames.paging,
    pagingLimit: options.pagingLimitKeys ?? defaultReportFieldNames.pagingLimit,
  };
}

function messageData(problem: ReportRequestProblem, fieldNames: ReportFieldNames, asOf: IsoDay): Record<string, string> {
  const unlimited = problem.workflow === 'asynchronous' ? ' Use 0 for an unlimited response.' : '';
  return {
    workflow: problem.workflow,
    endpoint: describeEndpoint(problem.endpoint),
    pattern: fieldNames.datePeriodFilter.source,
    limit: formatCount(problem.limit),
    actual: formatCount(problem.actual),
    hint: problem.kind === 'page-limit-too-large' ? unlimited : '',
    days: typeof problem.actual === 'string' ? String(daysBetween(problem.actual, asOf)) : '',
    asOf,
  };
}

/** Report requests written in code that break the reporting API's limits. */
const reportingRequestLimits: Check<readonly [ReportingRequestLimitsOptions?]> = {
  meta: {
    name: rule,
    type: 'problem',
    description: 'Enforce the reporting API limits on report requests written in code',
    recommended: true,
    fixable: false,
    hasSuggestions: false,
    optionsSchema: ruleOptionsMeta[rule].schema,
    defaultOptions: ruleOptionsMeta[rule].defaultOptions,
  },
  run(index, options, [ruleOptions = {}]) {
    const fieldNames = fieldNamesOf(ruleOptions);
    const key = `report:${JSON.stringify([options.asOf, options.apiHosts ?? null, fieldNames.datePeriodFilter.source, fieldNames.metrics, fieldNames.dimensions, fieldNames.paging, fieldNames.pagingLimit])}`;
    const problems = index.cached(key, () => findReportRequestProblems(index, options.asOf, options.apiHosts, fieldNames));
    return problems.map((problem) => plainFinding(rule, messageIds[problem.kind], messageData(problem, fieldNames, options.asOf), problem.range)).sort(byRange);
  },
};

export default reportingRequestLimits;
