import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { calendarDayPattern, ConfigError, configJsonSchema, optionDocs, optionJsonSchemas, optionNames, optionNamesIn, optionsMarkdownTable, validateOptions } from '../src/index.js';

describe('optionDocs', () => {
  it('documents every option once, in the order of the README reference', () => {
    expect(optionDocs.map((doc) => doc.name)).toEqual([
      'asOf',
      'apiHosts',
      'identityHosts',
      'ignores',
      'failOn',
      'reportScheduled',
      'scheduledWithinDays',
      'apis',
      'customEntries',
      'baseline',
      'rules',
      'maxFileSize',
      'checkMinified',
      'typeAware',
    ]);
    expect(optionDocs.map((doc) => doc.name)).toEqual(optionNames);
    for (const doc of optionDocs) {
      expect([doc.type, doc.default, doc.meaning].every((text) => text.trim() !== ''), doc.name).toBe(true);
    }
  });

  it('names the flags that override an option', () => {
    expect(optionDocs.filter((doc) => doc.flag !== undefined).map((doc) => [doc.name, doc.flag])).toEqual([
      ['asOf', '--as-of'],
      ['apiHosts', '--api-host'],
      ['identityHosts', '--identity-host'],
      ['failOn', '--fail-on'],
      ['baseline', '--baseline'],
    ]);
  });

  it('says where each option is written', () => {
    expect(optionNamesIn('config-file')).toEqual(['asOf', 'apiHosts', 'identityHosts', 'ignores', 'failOn', 'reportScheduled', 'scheduledWithinDays', 'apis', 'customEntries', 'baseline', 'rules', 'maxFileSize', 'checkMinified']);
    expect(optionNamesIn('eslint-settings')).toEqual(['asOf', 'apiHosts', 'identityHosts', 'reportScheduled', 'scheduledWithinDays', 'apis', 'customEntries', 'typeAware']);
  });
});

describe('optionsMarkdownTable', () => {
  it('renders the config file reference with a flag column', () => {
    const lines = optionsMarkdownTable('config-file').split('\n');
    expect(lines.slice(0, 2)).toEqual(['| field | allowed values | default | meaning | flag |', '|---|---|---|---|---|']);
    expect(lines.slice(2).map((line) => /^\| `(\w+)` \|/.exec(line)?.[1])).toEqual(optionNamesIn('config-file'));
    expect(lines[2]).toBe('| `asOf` | `"YYYY-MM-DD"` (a real calendar day) | today (UTC) | the day phases are computed for | `--as-of` |');
    expect(lines[3]).toMatch(/ \| `--api-host` \(repeatable\) \|$/);
    expect(lines[5]).toMatch(/ \| — \|$/);
  });

  it('renders the ESLint settings without flags', () => {
    const lines = optionsMarkdownTable('eslint-settings').split('\n');
    expect(lines[0]).toBe('| setting | allowed values | default | meaning |');
    expect(lines.slice(2).map((line) => /^\| `(\w+)` \|/.exec(line)?.[1])).toEqual(optionNamesIn('eslint-settings'));
    expect(lines.every((line) => line.split(' | ').length <= 4)).toBe(true);
  });
});

describe('configJsonSchema', () => {
  // A rule setting is a tuple whose options may be left out ([level, options?]), which strict mode would flag.
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
  // `format: "regex"` (a rule option's regular expression): editors know it; Ajv 8 needs the formats package.
  addFormats.default(ajv, ['regex']);
  const validate = ajv.compile(configJsonSchema);
  const accepts = (input: unknown): boolean => validate(input);
  const validatorAccepts = (input: unknown): boolean => {
    try {
      validateOptions(input, 'sunset.config.json', optionNamesIn('config-file'));
      return true;
    } catch (error) {
      if (error instanceof ConfigError) return false;
      throw error;
    }
  };

  it.each([
    [{}],
    [
      {
        asOf: '2026-11-21',
        apiHosts: ['api.example.com', 'localhost:8080', '*.example.com'],
        identityHosts: ['[::1]:8443'],
        ignores: ['fixtures/'],
        failOn: 'retired',
        reportScheduled: true,
        scheduledWithinDays: 30,
        customEntries: [{ id: 'proxy', retired: 'GET /proxy/v1/campaigns', replacements: ['GET /v1/buyer/campaigns'], gaEnds: '2026-01-01', supportEnds: '2027-01-01', migration: 'rewrite', family: 'rest' }],
        baseline: 'ci/baseline.json',
        rules: { 'sunset/no-sunset-todo': 'off', 'reporting-request-limits': ['warn', { datePeriodFilterPattern: 'day' }] },
      },
    ],
    [{ failon: 'retired' }],
    [{ typeAware: true }],
    [{ asOf: 20260101 }],
    [{ apiHosts: ['https://api.example.com'] }],
    [{ apiHosts: ['*.example.com:443'] }],
    [{ ignores: [''] }],
    [{ failOn: 'scheduled' }],
    [{ scheduledWithinDays: -1 }],
    [{ scheduledWithinDays: 1.5 }],
    [{ customEntries: [{ id: 'x' }] }],
    [{ customEntries: [{ id: 'x', retired: 'GET /x', gaEnds: '2026-01-01', supportEnds: '2027-01-01', owner: 'me' }] }],
    [{ baseline: '' }],
    [{ rules: { 'sunset/unknown-rule': 'off' } }],
    [{ rules: { 'no-sunset-todo': 'on' } }],
    [{ rules: { 'no-sunset-todo': [] } }],
    [{ rules: { 'no-legacy-rest-path': ['warn', { asOf: '2026-11-21', apiHosts: ['gw.example.com:8443'], reportScheduled: true, scheduledWithinDays: 30 }] } }],
    [{ rules: { 'no-legacy-rest-path': ['error', { asOf: '2026-13-01' }] } }],
    [{ rules: { 'sunset/no-legacy-rest-path': ['error', { apiHosts: ['https://gw.example.com/adform'] }] } }],
    [{ rules: { 'no-sync-reporting': ['error', { asof: '2026-01-01' }] } }],
    [{ rules: { 'no-sync-reporting': ['error', {}, {}] } }],
    [{ rules: { 'oauth-authorize-state': ['error', {}] } }],
    [{ rules: { 'oauth-authorize-state': ['off'] } }],
    [{ rules: { 'reporting-request-limits': ['error', { datePeriodFilterPattern: '(' }] } }],
    [{ rules: { 'reporting-request-limits': ['error', { metricsKeys: [] }] } }],
    [{ rules: { 'reporting-request-limits': ['error', { metricsKeys: ['m', 'm'] }] } }],
  ])('agrees with validateOptions on %j', (input) => {
    expect(accepts(input)).toBe(validatorAccepts(input));
  });

  it('describes each option with its meaning', () => {
    expect(optionJsonSchemas.asOf).toEqual({ type: 'string', pattern: calendarDayPattern, description: 'the day phases are computed for' });
    // The pattern is the calendar: what the reader refuses, a schema validator refuses (an editor's too).
    const day = new RegExp(calendarDayPattern);
    expect(['2024-02-29', '2400-02-29', '2026-12-31', '0100-01-01'].map((value) => day.test(value))).toEqual([true, true, true, true]);
    expect(['2026-02-30', '2025-02-29', '2100-02-29', '2026-11-31', '0099-12-31', '2026-13-01'].map((value) => day.test(value))).toEqual([false, false, false, false, false, false]);
    expect(Object.keys(configJsonSchema.properties as object)).toEqual(optionNamesIn('config-file'));
  });
});
