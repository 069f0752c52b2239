import { builtinEntries } from './entries/builtin.js';
import { reportingLimits, reportingQuotas } from './limits.js';
import { describeReplacements, supportEndCell } from './messages.js';
import type { RetirementEntry } from './types.js';

// The generated artefacts for non-JavaScript consumers and for docs: `schedule.json`, its JSON
// Schema, and the Markdown table in the README. `tests/generated-files.test.ts` fails when the
// checked-in files drift from these functions; `pnpm generate` rewrites them.

export function scheduleDocument(entries: readonly RetirementEntry[] = builtinEntries): Record<string, unknown> {
  return {
    $schema: './schedule.schema.json',
    source: 'interface-spec.md, Versioning and Limits parts',
    entries: entries.map((entry) => ({
      id: entry.id,
      family: entry.family,
      kind: entry.kind,
      retired: entry.retiredKey,
      ...(entry.kind === 'path' ? { method: entry.method, path: entry.path, ...(entry.scope === undefined ? {} : { scope: entry.scope }) } : { operation: entry.operation }),
      service: entry.service,
      replacementApis: entry.replacementApis,
      gaEnds: entry.schedule.gaEnds,
      supportEnds: entry.schedule.supportEnds,
      replacements: entry.replacements.map(({ method, path }) => ({ method, path })),
      migration: entry.migration,
      ...(entry.todoReason === undefined ? {} : { todoReason: entry.todoReason }),
    })),
    reportingLimits: Object.values(reportingLimits).map((limits) => ({
      ...limits,
      defaultRowsPerPage: limits.defaultRowsPerPage ?? 'not shown',
    })),
    reportingQuotas,
  };
}

const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const endpoint = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path'],
  properties: { method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] }, path: { type: 'string', pattern: '^/' } },
};
const count = { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null', description: 'unlimited' }] };

export const scheduleJsonSchema: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://sunset.dev/schema/schedule.schema.json',
  title: 'Sunset retirement schedule',
  type: 'object',
  additionalProperties: false,
  required: ['source', 'entries', 'reportingLimits', 'reportingQuotas'],
  properties: {
    $schema: { type: 'string' },
    source: { type: 'string' },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'family', 'kind', 'retired', 'service', 'replacementApis', 'gaEnds', 'supportEnds', 'replacements', 'migration'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
          family: { enum: ['soap', 'rest', 'reporting'] },
          kind: { enum: ['path', 'operation'] },
          retired: { type: 'string', description: 'The retired key exactly as the spec writes it.' },
          method: { enum: [...endpoint.properties.method.enum, '*'], description: '`*`: every method (a prefix entry).' },
          path: { type: 'string' },
          scope: { enum: ['prefix'], description: 'Every path under `path` is retired, unless another entry names it.' },
          operation: { type: 'string' },
          service: { type: 'string' },
          replacementApis: { type: 'array', items: { type: 'string' } },
          gaEnds: day,
          supportEnds: day,
          replacements: { type: 'array', items: endpoint },
          migration: { enum: ['rewrite', 'todo'] },
          todoReason: { type: 'string' },
        },
      },
    },
    reportingLimits: {
      type: 'array',
      items: {
        type: 'object',
        required: ['workflow', 'endpoints', 'dateRangeDaysBack', 'maxDimensions', 'maxMetrics', 'maxRowsPerPage', 'defaultRowsPerPage'],
        properties: {
          workflow: { enum: ['synchronous', 'asynchronous'] },
          endpoints: { type: 'array', items: endpoint },
          dateRangeDaysBack: { type: 'integer' },
          maxDimensions: count,
          maxMetrics: count,
          maxRowsPerPage: { type: 'integer' },
          defaultRowsPerPage: { anyOf: [{ type: 'integer' }, { const: 'not shown' }] },
          zeroLimitMeansUnlimited: { type: 'boolean' },
          requiresDatePeriodFilter: { type: 'boolean' },
          minMetrics: { type: 'integer' },
        },
      },
    },
    reportingQuotas: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['endpoint'],
        properties: { endpoint, perSecond: { type: 'integer' }, perMinute: { type: 'integer' }, perDay: { type: 'integer' } },
      },
    },
  },
};

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The schedule as a Markdown table, for the READMEs. */
export function scheduleMarkdownTable(entries: readonly RetirementEntry[] = builtinEntries): string {
  const header = '| id | retired | service | replacement | GA ends | support ends | migration |\n|---|---|---|---|---|---|---|';
  const rows = entries.map((entry) =>
    [
      `\`${entry.id}\``,
      `\`${entry.retiredKey}\``,
      entry.service,
      entry.replacements.length === 0 ? 'none (N/A)' : describeReplacements(entry).split(', ').map((text) => `\`${text}\``).join(', '),
      entry.schedule.gaEnds,
      supportEndCell(entry.schedule.supportEnds),
      entry.migration,
    ].map(cell).join(' | '),
  );
  return [header, ...rows.map((row) => `| ${row} |`)].join('\n');
}
