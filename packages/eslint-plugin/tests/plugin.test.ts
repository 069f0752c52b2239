import { readFileSync } from 'node:fs';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { Linter as Linter9 } from 'eslint9';
import { describe, expect, it } from 'vitest';
import { calendarDayPattern, hostEntryPattern, validateRuleOptions } from '@sunset/config';
import plugin, { createPlugin, ruleMeta, SunsetSettingsError } from '../src/index.js';

// ESLint's config types expect ESLint's Plugin type; ours is typed by @typescript-eslint/utils (same runtime shape).
type EslintPlugin = NonNullable<Linter.Config['plugins']>[string];

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

const clientCode = [
  "import axios from 'axios';",
  '',
  'export async function loadCampaigns(API_BASE: string) {',
  '  const list = await fetch(`${API_BASE}/v1/campaigns?active=true`);',
  "  const report = await axios.post('/v1/reportingstats/agency/reportdata', request);",
  '  // TODO(sunset:campaigns-legacy-get): split the call',
  '  return [list, report];',
  '}',
].join('\n');

function configFor(sunsetPlugin: typeof plugin, settings: Record<string, unknown> = { asOf: '2024-06-01' }): Linter.Config[] {
  return [
    { ...(sunsetPlugin.configs.recommended as unknown as Linter.Config) },
    { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    { settings: { sunset: settings } },
  ];
}

/** What a call throws: the plugin's settings error, with the setting it names. */
function thrownBy(call: () => unknown): SunsetSettingsError {
  try {
    call();
  } catch (error) {
    if (error instanceof SunsetSettingsError) return error;
    throw error;
  }
  throw new Error('expected a SunsetSettingsError');
}

describe('the plugin object', () => {
  it('names itself after the package', () => {
    expect(plugin.meta).toEqual({ name: packageJson.name, version: packageJson.version });
  });

  it('lists the ten rules alphabetically and enables all of them in both configs', () => {
    const names = [
      'no-client-secret-in-source',
      'no-legacy-rest-path',
      'no-retired-soap-operation',
      'no-sunset-todo',
      'no-sync-reporting',
      'oauth-authorize-state',
      'oauth-offline-access-code-flow',
      'oauth-redirect-uri-https',
      'oauth-token-form-body',
      'reporting-request-limits',
    ];
    expect(Object.keys(plugin.rules)).toEqual(names);
    const levels = Object.fromEntries(names.map((name) => [`sunset/${name}`, 'error']));
    expect(plugin.configs.recommended.rules).toEqual(levels);
    expect(plugin.configs.all.rules).toEqual(levels);
    expect(plugin.configs.recommended.plugins.sunset).toBe(plugin);
    expect(plugin.configs.all.plugins.sunset).toBe(plugin);
  });

  it('stamps settings.sunset.asOf in the configs with the day they were loaded (so it reaches the cache key)', () => {
    expect(plugin.configs.recommended.settings.sunset.asOf).toBe(new Date().toISOString().slice(0, 10));
  });

  it('exports the meta of every rule for docs generation', () => {
    expect(Object.keys(ruleMeta)).toEqual(Object.keys(plugin.rules));
    expect(ruleMeta['no-legacy-rest-path'].docs?.url).toBe(
      'https://github.com/sunset-tools/sunset/blob/main/packages/eslint-plugin/docs/rules/no-legacy-rest-path.md',
    );
  });
});

describe('linting with the recommended config', () => {
  const expected = [
    {
      ruleId: 'sunset/no-legacy-rest-path',
      line: 4,
      column: 28,
      message: 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.',
    },
    {
      ruleId: 'sunset/no-sync-reporting',
      line: 5,
      column: 35,
      message:
        'POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, ' +
        'GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
    },
    {
      ruleId: 'sunset/no-sunset-todo',
      line: 6,
      column: 6,
      message:
        'TODO(sunset:campaigns-legacy-get) is still open: GET /v1/campaigns/{id} is retired (support ended 2019-10-01); ' +
        'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings, then remove the marker.',
    },
  ];
  const summarise = (messages: readonly Linter.LintMessage[]): object[] =>
    messages.map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));

  it('reports the same messages under ESLint 10 and ESLint 9', () => {
    const eslint10 = new Linter().verify(clientCode, configFor(plugin), 'client.ts');
    const eslint9 = new Linter9().verify(clientCode, configFor(plugin) as never, 'client.ts');
    expect(summarise(eslint10)).toEqual(expected);
    expect(summarise(eslint9)).toEqual(expected);
  });

  it('autofixes only the one-to-one rewrite', () => {
    const { output } = new Linter().verifyAndFix(clientCode, configFor(plugin), 'client.ts');
    expect(output).toBe(clientCode.replace('${API_BASE}/v1/campaigns?', '${API_BASE}/v1/buyer/campaigns?'));
  });

  it('reports nothing in a file that calls only the new API', () => {
    const messages = new Linter().verify("await fetch('/v1/buyer/campaigns');", configFor(createPlugin()), 'client.ts');
    expect(messages).toEqual([]);
  });
});

describe('invalid settings', () => {
  const lint = (settings: Record<string, unknown>): Linter.LintMessage[] =>
    new Linter().verify("fetch('/v1/campaigns');", configFor(plugin, settings), 'client.ts');

  it.each([
    [{ asOf: '2024/06/01' }, 'Invalid Sunset option `settings.sunset.asOf`: must be a day written YYYY-MM-DD (for example 2026-11-21), got "2024/06/01". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ asOf: '2024-02-30' }, 'Invalid Sunset option `settings.sunset.asOf`: "2024-02-30" is not a day on the calendar. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [
      { asOf: new Date('2024-02-30') },
      'Invalid Sunset option `settings.sunset.asOf`: must be a day written YYYY-MM-DD (for example 2026-11-21), got a Date object, not a string (new Date() made it 2024-03-01T00:00:00.000Z). Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).',
    ],
    [
      { asOf: new Date('2026-13-01') },
      'Invalid Sunset option `settings.sunset.asOf`: must be a day written YYYY-MM-DD (for example 2026-11-21), got a Date object, not a string (an Invalid Date: new Date() could not read what it was given). Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).',
    ],
    [{ apiHosts: 'api.example.com' }, 'Invalid Sunset option `settings.sunset.apiHosts`: must be an array of hostnames such as ["api.example.com"], got "api.example.com". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ reportScheduled: 'yes' }, 'Invalid Sunset option `settings.sunset.reportScheduled`: must be true or false, got "yes". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ scheduledWithinDays: 1.5 }, 'Invalid Sunset option `settings.sunset.scheduledWithinDays`: must be a whole number of days, 0 or more, got 1.5. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ typeAware: 1 }, 'Invalid Sunset option `settings.sunset.typeAware`: must be true or false, got 1. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ asof: '2024-06-01' }, 'Invalid Sunset option `settings.sunset.asof`: is not a known option; did you mean "asOf"? The known ones are asOf, apiHosts, identityHosts, reportScheduled, scheduledWithinDays, apis, customEntries, typeAware. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [
      { customEntries: [{ id: 'proxy', retired: 'GET /proxy/v1/campaigns', gaEnds: '2024-13-01', supportEnds: '2025-01-01' }] },
      'Invalid Sunset option `settings.sunset.customEntries[0].gaEnds`: "2024-13-01" is not a day on the calendar. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).',
    ],
  ])('stops linting on %j with an error naming the setting', (settings, message) => {
    // Every rule validates the shared settings; ESLint names the first one it loads (alphabetically).
    expect(() => lint(settings)).toThrow(`Error while loading rule 'sunset/no-client-secret-in-source': ${message}`);
  });

  it('says once, after the problem, that the rule ESLint names is only the first to read the settings', () => {
    const error = thrownBy(() => lint({ asOf: '2024-02-30' }));
    expect([error.name, error.setting, error.message]).toEqual([
      'SunsetSettingsError',
      'settings.sunset.asOf',
      "Error while loading rule 'sunset/no-client-secret-in-source': Invalid Sunset option `settings.sunset.asOf`: \"2024-02-30\" is not a day on the calendar. " +
        'Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint). Every Sunset rule reads settings.sunset, so a rule named with this error is only the first one that read it.\nOccurred while linting client.ts',
    ]);
  });
});

describe('invalid rule options', () => {
  const withOptions = (rule: string, options: unknown): Linter.Config[] => [
    { plugins: { sunset: plugin as unknown as EslintPlugin }, rules: { [`sunset/${rule}`]: ['error', options] } },
  ];
  const linters = [
    ['ESLint 10', (code: string, config: Linter.Config[]) => new Linter().verify(code, config, 'client.js')],
    ['ESLint 9', (code: string, config: Linter.Config[]) => new Linter9().verify(code, config as never, 'client.js')],
  ] as const;

  const calendar = `should match pattern "${calendarDayPattern}"`;

  describe.each(linters)('%s', (_name, verify) => {
    it.each([
      ['no-legacy-rest-path', { asOf: 'yesterday' }, `Value "yesterday" ${calendar}.`],
      ['no-legacy-rest-path', { asOf: '2026-13-01' }, `Value "2026-13-01" ${calendar}.`],
      // A day the calendar lacks is the schema's too: ESLint stops at its own check, before any rule starts.
      ['no-legacy-rest-path', { asOf: '2026-02-30' }, `Value "2026-02-30" ${calendar}.`],
      ['no-sync-reporting', { apiHosts: ['https://gw.example.com/adform'] }, `Value "https://gw.example.com/adform" should match pattern "${hostEntryPattern}".`],
      ['no-retired-soap-operation', { asof: '2026-01-01' }, 'Value {"asof":"2026-01-01"} should NOT have additional properties.\n\t\tUnexpected property "asof". Expected properties: "asOf", "apiHosts", "reportScheduled", "scheduledWithinDays".'],
      ['reporting-request-limits', { datePeriodFilterPattern: 'date|(period' }, 'Value "date|(period" should match format "regex".'],
      ['reporting-request-limits', { metricsKeys: [] }, 'Value [] should NOT have fewer than 1 items.'],
    ])('stops %s with %j at its own schema check, which names the rule and the value', (rule, options, problem) => {
      expect(() => verify('const nothingRetired = 1;', withOptions(rule, options))).toThrow(new Error(`Key "rules": Key "sunset/${rule}":\n\t${problem}\n`));
    });

    const managers = "fetch('/v1/campaigns/dictionaries/managers');";
    const managersRetired = [2, 7, 2, 'sunset/no-legacy-rest-path', 'GET /v1/campaigns/dictionaries/managers is retired (support ended 2019-10-01): use GET /v1/buyer/classifiers/managers.'];
    const lintInline = (comment: string): unknown[][] =>
      verify(`/* eslint ${comment} */\n${managers}\n`, [...configFor(plugin, { asOf: '2026-11-21' })] as Linter.Config[]).map(({ line, column, severity, ruleId, message }) => [
        line,
        column,
        severity,
        ruleId,
        message,
      ]);

    // Every value the rule refuses is one its schema refuses: ESLint reports the comment, ignores it and lints on,
    // where a refusal as the rule starts would stop the whole run ("Oops! Something went wrong!").
    it.each([
      [{ asOf: '2026-02-30' }, `Value "2026-02-30" ${calendar}.`],
      [{ asOf: '2025-02-29' }, `Value "2025-02-29" ${calendar}.`],
      [{ asOf: '1900-02-29' }, `Value "1900-02-29" ${calendar}.`],
      [{ asOf: '2026-04-31' }, `Value "2026-04-31" ${calendar}.`],
      [{ asOf: '0024-01-01' }, `Value "0024-01-01" ${calendar}.`],
      [{ scheduledWithinDays: -1 }, 'Value -1 should be >= 0.'],
      // levn reads 1e400 as Infinity, which ESLint's validator takes for an integer.
      [{ scheduledWithinDays: '1e400' }, `Value null should be <= ${Number.MAX_SAFE_INTEGER}.`],
    ])('reports an inline comment setting %j as a problem of its own and lints on', (options, problem) => {
      const written = JSON.stringify(options).replace('"1e400"', '1e400');
      expect(lintInline(`sunset/no-legacy-rest-path: [error, ${written}]`)).toEqual([
        [1, 1, 2, 'sunset/no-legacy-rest-path', `Inline configuration for rule "sunset/no-legacy-rest-path" is invalid:\n\t${problem}\n`],
        managersRetired,
      ]);
    });

    it('reports an inline datePeriodFilterPattern that starts with \\Z, which the regex format lets through', () => {
      const messages = verify('/* eslint sunset/reporting-request-limits: [error, { datePeriodFilterPattern: "\\\\Zdate" }] */\nconst nothingRetired = 1;\n', [{ plugins: { sunset: plugin as unknown as EslintPlugin } }]);
      expect(messages.map(({ line, ruleId, message }) => [line, ruleId, message])).toEqual([
        [1, 'sunset/reporting-request-limits', `Inline configuration for rule "sunset/reporting-request-limits" is invalid:\n\tValue "\\\\Zdate" should match pattern "${String.raw`^(?![\s\S]*?(?:^|[^\\])\\Z)`}".\n`],
      ]);
    });

    it('takes a leap day and the calendar days around the ones it refuses', () => {
      for (const asOf of ['2024-02-29', '2400-02-29', '2026-02-28', '2026-04-30', '2026-12-31']) {
        expect(lintInline(`sunset/no-legacy-rest-path: [error, { asOf: '${asOf}' }]`)).toEqual([managersRetired]);
      }
    });
  });

  // D2 of the trial: the rule pages promised an error "naming the rule and the option"; they quote what ESLint prints now.
  it.each([
    ['no-legacy-rest-path', { scheduledWithinDays: -1 }, '"rules.sunset/no-legacy-rest-path[1].scheduledWithinDays" must be a whole number of days, 0 or more, got -1.'],
    ['reporting-request-limits', { pagingLimitKeys: ['limit', 'limit'] }, '"rules.sunset/reporting-request-limits[1].pagingLimitKeys" lists "limit" twice; list each key once.'],
  ])("docs/rules/%s.md quotes ESLint's error for %j and sunset.config.json's", (rule, options, configProblem) => {
    const page = readFileSync(new URL(`../docs/rules/${rule}.md`, import.meta.url), 'utf8');
    const quoted = /^```text\n([\s\S]*?)^```$/m.exec(page.slice(page.indexOf('## Options')))?.[1];
    for (const [, verify] of linters) expect(() => verify('const nothingRetired = 1;', withOptions(rule, options))).toThrow(new Error(quoted));
    expect(page.replace(/\n/g, ' ')).toContain(`\`${configProblem}\``);
    expect(() => validateRuleOptions(rule as 'no-legacy-rest-path', [options], `rules.sunset/${rule}`)).toThrow(configProblem.slice(configProblem.indexOf('" ') + 2));
  });

  it('refuses by the schema what the rule refuses, and nothing else', () => {
    const values = {
      asOf: ['2026-02-30', '2024-02-29', '2100-02-29', '2400-02-29', '2026-06-31', '2026-07-31', '0099-12-31', '0100-01-01', '2026-1-01', '2026-01-01\n'],
      scheduledWithinDays: [0, 1.5, -1, 1e300, 2 ** 53, Infinity, Number.MAX_SAFE_INTEGER],
      datePeriodFilterPattern: ['date|period', '\\Zdate', 'date\\Z', 'date\\\\Z', '(', '^date$'],
    };
    const rules = { asOf: 'no-legacy-rest-path', scheduledWithinDays: 'no-sync-reporting', datePeriodFilterPattern: 'reporting-request-limits' } as const;
    for (const [option, list] of Object.entries(values) as [keyof typeof values, unknown[]][]) {
      for (const value of list) {
        const rule = rules[option];
        const refusedByRule = ((): boolean => {
          try {
            validateRuleOptions(rule, [{ [option]: value }], `rules.sunset/${rule}`);
            return false;
          } catch {
            return true;
          }
        })();
        const refusedBySchema = ((): boolean => {
          try {
            new Linter().verify('const nothingRetired = 1;', withOptions(rule, { [option]: value }), 'client.js');
            return false;
          } catch (error) {
            if ((error as Error).message.startsWith('Key "rules"')) return true;
            throw error;
          }
        })();
        expect([option, value, refusedBySchema]).toEqual([option, value, refusedByRule]);
      }
    }
  });

  it('takes the options every rule documents', () => {
    const config: Linter.Config[] = [
      {
        plugins: { sunset: plugin as unknown as EslintPlugin },
        rules: {
          'sunset/no-legacy-rest-path': ['error', { asOf: '2018-11-01', apiHosts: ['gw.example.com:8443', '*.example.com'], reportScheduled: true, scheduledWithinDays: 30 }],
          'sunset/reporting-request-limits': ['error', { datePeriodFilterPattern: '^(window|range)$', metricsKeys: ['measures'], pagingLimitKeys: ['limit', 'pageSize'] }],
        },
      },
    ];
    const messages = new Linter().verify("fetch('https://gw.example.com:8443/v1/campaigns');", config, 'client.js');
    expect(messages.map(({ ruleId, message }) => [ruleId, message])).toEqual([
      ['sunset/no-legacy-rest-path', 'GET /v1/campaigns is deprecated (general availability ended 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/campaigns.'],
    ]);
  });
});

describe('request rules', () => {
  it('report through ESLint with the message of the rule core and the exact range', () => {
    const code = "await fetch('/sts/connect/token', { method: 'POST', body: JSON.stringify({ grant_type: 'client_credentials' }) });";
    const messages = new Linter().verify(code, configFor(createPlugin()), 'token.ts');
    const start = code.indexOf('JSON.');
    const end = code.indexOf('}) });') + 2;
    expect(messages.map(({ ruleId, line, column, endLine, endColumn, message }) => ({ ruleId, line, column, endLine, endColumn, message }))).toEqual([
      {
        ruleId: 'sunset/oauth-token-form-body',
        line: 1,
        column: start + 1,
        endLine: 1,
        endColumn: end + 1,
        message:
          'The token endpoint (POST /sts/connect/token) takes an application/x-www-form-urlencoded body; this request sends JSON (JSON.stringify). Send URLSearchParams or a form-encoded string instead.',
      },
    ]);
  });
});
