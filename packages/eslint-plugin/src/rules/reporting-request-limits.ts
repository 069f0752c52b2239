import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { defaultReportFieldNames, findReportRequestProblems, type ReportFieldNames, type ReportRequestProblem } from '@sunset/analysis';
import { daysBetween, describeEndpoint, type IsoDay } from '@sunset/rule-data';
import { SunsetSettingsError } from '../settings.js';
import { createRequestRule, type RequestRuleModule } from '../util/create-request-rule.js';
import type { RuleHooks } from '../util/rule-hooks.js';
import { createRuleHooks } from '../util/rule-hooks.js';

export type MessageId =
  | 'missingDatePeriodFilter'
  | 'missingMetric'
  | 'tooManyDimensions'
  | 'tooManyMetrics'
  | 'pageLimitTooLarge'
  | 'startDateTooFarBack';

/** The request field names the rule assumes (the spec does not show them); each overrides the default. */
export interface ReportingRequestLimitsOptions {
  /** A regular expression (case-insensitive) for the key of the date period filter. Default `date|period`. */
  readonly datePeriodFilterPattern?: string;
  readonly metricsKeys?: readonly string[];
  readonly dimensionsKeys?: readonly string[];
  readonly pagingKeys?: readonly string[];
  readonly pagingLimitKeys?: readonly string[];
}

export type ReportingRequestLimitsRuleModule = RequestRuleModule<MessageId, [ReportingRequestLimitsOptions]>;

const RULE_NAME = 'reporting-request-limits';

const keyList = (description: string): JSONSchema4 => ({ type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, uniqueItems: true, description });

const optionsSchema: JSONSchema4 = {
  type: 'object',
  additionalProperties: false,
  properties: {
    datePeriodFilterPattern: {
      type: 'string',
      minLength: 1,
      description: 'Regular expression (case-insensitive) matching the key of the date period filter. Default: "date|period".',
    },
    metricsKeys: keyList('Keys of the metrics array. Default: ["metrics"].'),
    dimensionsKeys: keyList('Keys of the dimensions array. Default: ["dimensions"].'),
    pagingKeys: keyList('Keys of the paging object. Default: ["paging"].'),
    pagingLimitKeys: keyList('Keys of the rows-per-page value inside the paging object. Default: ["limit"].'),
  },
};

const MESSAGES: Readonly<Record<MessageId, string>> = {
  missingDatePeriodFilter:
    'A report request of the {{workflow}} workflow ({{endpoint}}) must contain a date period filter; this body has no field matching /{{pattern}}/i.',
  missingMetric: 'A report request of the {{workflow}} workflow ({{endpoint}}) needs at least {{limit}} metric; this one has {{actual}}.',
  tooManyDimensions: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} dimensions per request; this one has {{actual}}.',
  tooManyMetrics: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} metrics per request; this one has {{actual}}.',
  pageLimitTooLarge: 'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} rows per page; paging.limit is {{actual}}.{{hint}}',
  startDateTooFarBack:
    'The {{workflow}} reporting workflow ({{endpoint}}) reaches {{limit}} days back from today; the start date {{actual}} is {{days}} days before {{asOf}}.',
};

const messageIds: Readonly<Record<ReportRequestProblem['kind'], MessageId>> = {
  'missing-date-period-filter': 'missingDatePeriodFilter',
  'missing-metric': 'missingMetric',
  'too-many-dimensions': 'tooManyDimensions',
  'too-many-metrics': 'tooManyMetrics',
  'page-limit-too-large': 'pageLimitTooLarge',
  'start-date-too-far-back': 'startDateTooFarBack',
};

const formatCount = (value: number | string | undefined): string => (typeof value === 'number' ? value.toLocaleString('en-US') : (value ?? ''));

function fieldNamesOf(options: ReportingRequestLimitsOptions): ReportFieldNames {
  let datePeriodFilter = defaultReportFieldNames.datePeriodFilter;
  if (options.datePeriodFilterPattern !== undefined) {
    try {
      datePeriodFilter = new RegExp(options.datePeriodFilterPattern, 'i');
    } catch (error) {
      throw new SunsetSettingsError(`sunset/${RULE_NAME} option datePeriodFilterPattern`, `${(error as Error).message}; give a valid regular expression such as "date|period".`);
    }
  }
  return {
    datePeriodFilter,
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

/** Builds `reporting-request-limits`; `hooks` come from `createPlugin` (memo and the caller's report listener). */
export function createReportingRequestLimits(hooks: RuleHooks = createRuleHooks()): ReportingRequestLimitsRuleModule {
  return createRequestRule<MessageId, [ReportingRequestLimitsOptions]>(
    {
      name: RULE_NAME,
      description: 'Enforce the reporting API limits on report requests written in code',
      messages: MESSAGES,
      schema: [optionsSchema],
      defaultOptions: [{}],
      check: (program, sourceText, options, [ruleOptions]) => {
        const fieldNames = fieldNamesOf(ruleOptions);
        const analysisOptions = { asOf: options.asOf, fieldNames, ...(options.apiHosts === undefined ? {} : { apiHosts: options.apiHosts }) };
        const key = `report:${JSON.stringify([options.asOf, options.apiHosts ?? null, fieldNames.datePeriodFilter.source, fieldNames.metrics, fieldNames.dimensions, fieldNames.paging, fieldNames.pagingLimit])}`;
        const problems = hooks.memo.requestChecksOf(program, key, () =>
          findReportRequestProblems(program, sourceText, { ...analysisOptions, programIndex: hooks.memo.programIndexOf(program, sourceText) }),
        );
        return problems.map((problem) => ({ check: problem.kind, range: problem.range, messageId: messageIds[problem.kind], data: messageData(problem, fieldNames, options.asOf) }));
      },
    },
    hooks,
  );
}

export default createReportingRequestLimits();
