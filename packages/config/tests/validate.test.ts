import { describe, expect, it } from 'vitest';
import { ConfigError, optionNamesIn, validateOptions, validateRuleOptions } from '../src/index.js';

const file = 'sunset.config.json';
const fileOptions = optionNamesIn('config-file');
const eslintOptions = optionNamesIn('eslint-settings');

const customEntry = {
  id: 'proxy-campaign-status',
  retired: 'PATCH /proxy/v1/campaigns/{id}',
  replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
  gaEnds: '2027-01-01',
  supportEnds: '2027-06-30',
};

function errorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('validateOptions accepts', () => {
  it('every option with a good value and returns them as written', () => {
    const input = {
      asOf: '2024-02-29',
      failOn: 'retired',
      apiHosts: ['api.example.com'],
      identityHosts: ['login.example.com'],
      ignores: ['fixtures/', '*.generated.ts'],
      reportScheduled: true,
      scheduledWithinDays: 0,
      customEntries: [customEntry],
      baseline: 'ci/baseline.json',
      rules: { 'sunset/no-sunset-todo': 'off' },
      typeAware: true,
    };
    expect(validateOptions(input, 'test')).toEqual({ ...input, rules: { 'no-sunset-todo': { level: 'off', options: [] } } });
  });

  it('an empty object, and options set to undefined as if they were absent', () => {
    expect(validateOptions({}, file)).toEqual({});
    expect(validateOptions({ asOf: undefined, apiHosts: undefined }, '--as-of')).toEqual({});
  });

  it('both failOn values and both booleans', () => {
    expect(validateOptions({ failOn: 'deprecated', reportScheduled: false, typeAware: false }, 'test')).toEqual({
      failOn: 'deprecated',
      reportScheduled: false,
      typeAware: false,
    });
  });

  it('empty lists', () => {
    expect(validateOptions({ apiHosts: [], identityHosts: [], ignores: [], customEntries: [] }, file)).toEqual({
      apiHosts: [],
      identityHosts: [],
      ignores: [],
      customEntries: [],
    });
  });
});

describe('apis', () => {
  it('reads each API with its hosts and base paths (trailing slashes dropped, root when none), named by its id', () => {
    const layer = validateOptions(
      {
        customEntries: [{ ...customEntry, retired: 'GET /tracks', replacements: [], api: 'music' }],
        apis: { music: { name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1/', '/v1'] }, video: { hosts: ['*'] } },
      },
      file,
    );
    expect(layer.apis).toEqual([
      { id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] },
      { id: 'video', name: 'video', hosts: ['*'], basePaths: [''] },
    ]);
  });
});

describe('hosts', () => {
  it.each([
    'api.example.com',
    'API.Example.COM',
    'localhost',
    'localhost:8080',
    'api.example.com:443',
    'api.example.com:65535',
    '*.example.com',
    '*.localhost',
    '127.0.0.1',
    '127.0.0.1:3000',
    '[::1]',
    '[::1]:8443',
    'xn--bcher-kva.example',
  ])('accepts %s in apiHosts and identityHosts', (host) => {
    expect(validateOptions({ apiHosts: [host], identityHosts: [host] }, file)).toEqual({ apiHosts: [host], identityHosts: [host] });
  });

  it.each([
    'https://api.example.com',
    '//api.example.com',
    'api.example.com/v1',
    'api.example.com?x=1',
    'user@api.example.com',
    'api.example.com:0',
    'api.example.com:65536',
    'api.example.com:',
    ':8080',
    '*.example.com:8443',
    '*example.com',
    '*.',
    'api.*.com',
    'a..example.com',
    '-api.example.com',
    ' api.example.com',
    'api_v1.example.com',
    '',
  ])('rejects %j with the allowed forms', (host) => {
    expect(() => validateOptions({ apiHosts: ['ok.example.com', host] }, file)).toThrow(
      `Invalid config in sunset.config.json: "apiHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got ${JSON.stringify(host)}. Fix it and run again.`,
    );
  });

  it('takes "*" for every host', () => {
    expect(validateOptions({ apiHosts: ['*'], identityHosts: ['*', 'id.example.com'] }, file)).toEqual({ apiHosts: ['*'], identityHosts: ['*', 'id.example.com'] });
    expect(() => validateOptions({ apiHosts: ['*example.com'] }, file)).toThrow(/"apiHosts" must list hostnames only/);
  });

  it('rejects a label longer than 63 characters and a name longer than 253', () => {
    expect(() => validateOptions({ apiHosts: [`${'a'.repeat(64)}.example.com`] }, file)).toThrow(/"apiHosts" must list hostnames only/);
    expect(() => validateOptions({ apiHosts: [`${'abcdefghi.'.repeat(25)}example`] }, file)).toThrow(/"apiHosts" must list hostnames only/);
  });
});

describe('messages in a config file name the file and the field, and say what is allowed', () => {
  it.each([
    [{ asOf: '2019-13-01' }, 'Invalid config in sunset.config.json: "asOf": "2019-13-01" is not a day on the calendar. Fix it and run again.'],
    [{ asOf: 20190601 }, 'Invalid config in sunset.config.json: "asOf" must be a day written YYYY-MM-DD (for example 2026-11-21), got 20190601. Fix it and run again.'],
    [{ asOf: null }, 'Invalid config in sunset.config.json: "asOf" must be a day written YYYY-MM-DD (for example 2026-11-21), got null. Fix it and run again.'],
    [{ failOn: 'soon' }, 'Invalid config in sunset.config.json: "failOn" must be one of "deprecated", "retired", got "soon". Fix it and run again.'],
    [{ apiHosts: 'api.example.com' }, 'Invalid config in sunset.config.json: "apiHosts" must be an array of hostnames such as ["api.example.com"], got "api.example.com". Fix it and run again.'],
    [{ identityHosts: [3] }, 'Invalid config in sunset.config.json: "identityHosts" must be an array of hostnames such as ["api.example.com"], got [3]. Fix it and run again.'],
    [{ ignores: ['ok', 3] }, 'Invalid config in sunset.config.json: "ignores" must be an array of non-empty strings, got ["ok",3]. Fix it and run again.'],
    [{ ignores: [''] }, 'Invalid config in sunset.config.json: "ignores" must be an array of non-empty strings, got [""]. Fix it and run again.'],
    [{ reportScheduled: 'yes' }, 'Invalid config in sunset.config.json: "reportScheduled" must be true or false, got "yes". Fix it and run again.'],
    [{ scheduledWithinDays: -1 }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got -1. Fix it and run again.'],
    [{ scheduledWithinDays: 1.5 }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got 1.5. Fix it and run again.'],
    [{ scheduledWithinDays: '30' }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got "30". Fix it and run again.'],
    [{ scheduledWithinDays: JSON.parse('1e400') as number }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got a number too large to represent (Infinity). Fix it and run again.'],
    [{ maxFileSize: 0 }, 'Invalid config in sunset.config.json: "maxFileSize" must be a whole number of bytes, 1 or more (e.g. 2097152 for 2 MiB), got 0. Fix it and run again.'],
    [{ maxFileSize: '1MB' }, 'Invalid config in sunset.config.json: "maxFileSize" must be a whole number of bytes, 1 or more (e.g. 2097152 for 2 MiB), got "1MB". Fix it and run again.'],
    [{ checkMinified: 'yes' }, 'Invalid config in sunset.config.json: "checkMinified" must be true or false, got "yes". Fix it and run again.'],
    [{ customEntries: {} }, 'Invalid config in sunset.config.json: "customEntries" must be an array of entries, got {}. Fix it and run again.'],
    [
      { customEntries: [{ ...customEntry, gaEnds: 'soon' }] },
      'Invalid config in sunset.config.json: "customEntries[0].gaEnds" must be a day written YYYY-MM-DD (for example 2026-11-21), got "soon". Fix it and run again.',
    ],
    [
      { customEntries: [customEntry, { ...customEntry, id: 'other', replacements: ['FETCH /y'] }] },
      'Invalid config in sunset.config.json: "customEntries[1].replacements[0]" must be "METHOD /path" with METHOD one of GET, POST, PUT, PATCH, DELETE (for example "GET /v1/buyer/campaigns"), got "FETCH /y". Fix it and run again.',
    ],
    [
      { customEntries: [customEntry, customEntry] },
      'Invalid config in sunset.config.json: "customEntries[1].id": "proxy-campaign-status" is already used by another entry; ids must be unique. Fix it and run again.',
    ],
    [{ apis: [] }, 'Invalid config in sunset.config.json: "apis" must be an object of APIs by id, such as { "other-vendor": { "hosts": ["api.example.com"] } }, got []. Fix it and run again.'],
    [{ apis: { Music: { hosts: ['api.music.example'] } } }, 'Invalid config in sunset.config.json: "apis.Music" is not an API id: use lower-case letters, digits and dashes (for example "other-vendor"). Fix it and run again.'],
    [{ apis: { builtin: { hosts: ['api.music.example'] } } }, 'Invalid config in sunset.config.json: "apis.builtin" is the built-in API; its hosts are apiHosts, not apis.builtin. Fix it and run again.'],
    [{ apis: { music: {} } }, 'Invalid config in sunset.config.json: "apis.music.hosts" is missing: list the hosts the API is served from, or ["*"] for every host. Fix it and run again.'],
    [{ apis: { music: { hosts: [] } } }, 'Invalid config in sunset.config.json: "apis.music.hosts" is empty: list the hosts the API is served from, or ["*"] for every host. Fix it and run again.'],
    [{ apis: { music: { hosts: ['https://api.music.example'] } } }, 'Invalid config in sunset.config.json: "apis.music.hosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://api.music.example". Fix it and run again.'],
    [{ apis: { music: { hosts: ['*'], basePaths: ['v1'] } } }, 'Invalid config in sunset.config.json: "apis.music.basePaths.0" must be a server path such as "/v1" or "" (no host, query or spaces), got "v1". Fix it and run again.'],
    [{ apis: { music: { hosts: ['*'], basePaths: [] } } }, 'Invalid config in sunset.config.json: "apis.music.basePaths" must be a non-empty array of server paths such as ["/v1"], got []. Fix it and run again.'],
    [{ apis: { music: { hosts: ['*'], owner: 'me' } } }, 'Invalid config in sunset.config.json: "apis.music.owner" is not a known field of an API; the fields are name, hosts and basePaths. Fix it and run again.'],
    [
      { apis: { music: { hosts: ['*'] } }, customEntries: [{ ...customEntry, api: 'video' }] },
      'Invalid config in sunset.config.json: "customEntries[0].api" names no API: "video" is not under apis (there: music); define it there with its hosts, or leave api out for the built-in API. Fix it and run again.',
    ],
    [{ baseline: '' }, 'Invalid config in sunset.config.json: "baseline" must be a file path (relative to the config file), got "". Fix it and run again.'],
    [{ baseline: 3 }, 'Invalid config in sunset.config.json: "baseline" must be a file path (relative to the config file), got 3. Fix it and run again.'],
    [[], 'Invalid config in sunset.config.json: the config must be an object, got []. Fix it and run again.'],
    ['{}', 'Invalid config in sunset.config.json: the config must be an object, got "{}". Fix it and run again.'],
  ])('%j', (input, message) => {
    expect(errorOf(() => validateOptions(input, file, fileOptions)).message).toBe(message);
  });

  it('lists the allowed options for an unknown one, and says where an option of another place belongs', () => {
    expect(errorOf(() => validateOptions({ failOnn: 'retired' }, file, fileOptions)).message).toBe(
      'Invalid config in sunset.config.json: "failOnn" is not a known option; did you mean "failOn"? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.',
    );
    expect(errorOf(() => validateOptions({ typeAware: true }, file, fileOptions)).message).toBe(
      'Invalid config in sunset.config.json: "typeAware" cannot be set here (it belongs in ESLint\'s settings.sunset); the options here are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.',
    );
    expect(errorOf(() => validateOptions({ catalog: {} }, file, fileOptions)).path).toBe('catalog');
  });

  it('names the option a misspelled one likely means, among those of its place; none where no option is near', () => {
    const known = 'The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.';
    expect(errorOf(() => validateOptions({ apiHost: ['api.adform.com'] }, file, fileOptions)).message).toBe(`Invalid config in sunset.config.json: "apiHost" is not a known option; did you mean "apiHosts"? ${known}`);
    expect(errorOf(() => validateOptions({ ignore: ['dist/'] }, file, fileOptions)).message).toBe(`Invalid config in sunset.config.json: "ignore" is not a known option; did you mean "ignores"? ${known}`);
    expect(errorOf(() => validateOptions({ MAXFILESIZE: 1 }, file, fileOptions)).message).toBe(`Invalid config in sunset.config.json: "MAXFILESIZE" is not a known option; did you mean "maxFileSize"? ${known}`);
    expect(errorOf(() => validateOptions({ hosts: ['api.adform.com'] }, file, fileOptions)).message).toBe(
      `Invalid config in sunset.config.json: "hosts" is not a known option; the known ones are ${known.slice('The known ones are '.length)}`,
    );
    // typeAware is ESLint's: a near miss in the config file is not pointed at an option that cannot be set there.
    expect(errorOf(() => validateOptions({ typeAwar: true }, file, fileOptions)).message).toBe(
      `Invalid config in sunset.config.json: "typeAwar" is not a known option; the known ones are ${known.slice('The known ones are '.length)}`,
    );
  });

  it('names any origin the caller gives, such as the "sunset" key of package.json', () => {
    expect(errorOf(() => validateOptions({ failOn: 'never' }, 'package.json ("sunset" key)')).message).toBe(
      'Invalid config in package.json ("sunset" key): "failOn" must be one of "deprecated", "retired", got "never". Fix it and run again.',
    );
  });
});

describe('messages in ESLint settings keep the plugin\'s frame', () => {
  const settings = 'settings.sunset';

  it.each([
    [{ asOf: '2024/06/01' }, 'Invalid Sunset option `settings.sunset.asOf`: must be a day written YYYY-MM-DD (for example 2026-11-21), got "2024/06/01". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ asOf: '2024-02-30' }, 'Invalid Sunset option `settings.sunset.asOf`: "2024-02-30" is not a day on the calendar. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ apiHosts: 'api.example.com' }, 'Invalid Sunset option `settings.sunset.apiHosts`: must be an array of hostnames such as ["api.example.com"], got "api.example.com". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ reportScheduled: 'yes' }, 'Invalid Sunset option `settings.sunset.reportScheduled`: must be true or false, got "yes". Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ scheduledWithinDays: 1.5 }, 'Invalid Sunset option `settings.sunset.scheduledWithinDays`: must be a whole number of days, 0 or more, got 1.5. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ typeAware: 1 }, 'Invalid Sunset option `settings.sunset.typeAware`: must be true or false, got 1. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ asof: '2024-06-01' }, 'Invalid Sunset option `settings.sunset.asof`: is not a known option; did you mean "asOf"? The known ones are asOf, apiHosts, identityHosts, reportScheduled, scheduledWithinDays, apis, customEntries, typeAware. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [{ failOn: 'retired' }, 'Invalid Sunset option `settings.sunset.failOn`: cannot be set here (it belongs in sunset.config.json); the options here are asOf, apiHosts, identityHosts, reportScheduled, scheduledWithinDays, apis, customEntries, typeAware. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
    [
      { customEntries: [{ id: 'proxy', retired: 'GET /proxy/v1/campaigns', gaEnds: '2024-13-01', supportEnds: '2025-01-01' }] },
      'Invalid Sunset option `settings.sunset.customEntries[0].gaEnds`: "2024-13-01" is not a day on the calendar. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).',
    ],
    [3, 'Invalid Sunset option `settings.sunset`: must be an object, got 3. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).'],
  ])('%j', (input, message) => {
    expect(errorOf(() => validateOptions(input, settings, eslintOptions)).message).toBe(message);
  });

  it('frames a rule\'s options object the same way', () => {
    expect(errorOf(() => validateOptions({ asOf: '2024-02-30' }, 'rules.sunset/no-legacy-rest-path', ['asOf'])).message).toBe(
      'Invalid Sunset option `rules.sunset/no-legacy-rest-path.asOf`: "2024-02-30" is not a day on the calendar. Fix it where the rule\'s options are set (eslint.config.* or an inline /* eslint */ comment for ESLint, .oxlintrc.json for oxlint).',
    );
  });

  it('shows values JSON cannot (functions, big integers, cycles) and shortens long ones', () => {
    expect(errorOf(() => validateOptions({ typeAware: () => true }, settings)).problem).toBe('must be true or false, got a function.');
    expect(errorOf(() => validateOptions({ scheduledWithinDays: 10n }, settings)).problem).toBe('must be a whole number of days, 0 or more, got 10n.');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorOf(() => validateOptions({ reportScheduled: cyclic }, settings)).problem).toBe('must be true or false, got [object Object].');
    expect(errorOf(() => validateOptions({ reportScheduled: 'x'.repeat(200) }, settings)).problem).toBe(`must be true or false, got "${'x'.repeat(118)}….`);
  });

  it('says a Date is a Date, not the ISO string or null JSON would print for it', () => {
    const problemOf = (asOf: unknown): string => errorOf(() => validateOptions({ asOf }, settings, eslintOptions)).problem;
    const mustBe = 'must be a day written YYYY-MM-DD (for example 2026-11-21), got';
    // The day JavaScript made of the argument, which new Date() rolls over: 2026-02-30 is March 2.
    expect(problemOf(new Date('2026-02-30'))).toBe(`${mustBe} a Date object, not a string (new Date() made it 2026-03-02T00:00:00.000Z).`);
    expect(problemOf(new Date('2026-11-21'))).toBe(`${mustBe} a Date object, not a string (new Date() made it 2026-11-21T00:00:00.000Z).`);
    expect(problemOf(new Date('2026-13-01'))).toBe(`${mustBe} a Date object, not a string (an Invalid Date: new Date() could not read what it was given).`);
    const gaEnds = errorOf(() => validateOptions({ customEntries: [{ id: 'proxy', retired: 'GET /proxy/v1/campaigns', gaEnds: new Date(Number.NaN), supportEnds: '2027-01-01' }] }, settings, eslintOptions));
    expect(gaEnds.message).toBe(
      'Invalid Sunset option `settings.sunset.customEntries[0].gaEnds`: must be a day written YYYY-MM-DD (for example 2026-11-21), got a Date object, not a string (an Invalid Date: new Date() could not read what it was given). ' +
        'Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint).',
    );
  });
});

describe('messages for a command-line flag name the flag', () => {
  it.each([
    ['--as-of', { asOf: '01/02/2020' }, 'Invalid value for --as-of: must be a day written YYYY-MM-DD (for example 2026-11-21), got "01/02/2020". Fix it and run again.'],
    ['--as-of', { asOf: '2020-02-30' }, 'Invalid value for --as-of: "2020-02-30" is not a day on the calendar. Fix it and run again.'],
    ['--api-host', { apiHosts: ['http://x'] }, 'Invalid value for --api-host: must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "http://x". Fix it and run again.'],
    ['--fail-on', { failOn: 'scheduled' }, 'Invalid value for --fail-on: must be one of "deprecated", "retired", got "scheduled". Fix it and run again.'],
  ])('%s %j', (flag, input, message) => {
    expect(errorOf(() => validateOptions(input, flag)).message).toBe(message);
  });
});

describe('rules', () => {
  it('takes a level or [level, ...options], under `sunset/<rule>` or `<rule>`', () => {
    expect(
      validateOptions(
        {
          rules: {
            'sunset/no-legacy-rest-path': 'error',
            'no-sunset-todo': 'off',
            'sunset/reporting-request-limits': ['warn', { datePeriodFilterPattern: 'day' }],
            'oauth-authorize-state': ['error'],
          },
        },
        file,
      ),
    ).toEqual({
      rules: {
        'no-legacy-rest-path': { level: 'error', options: [] },
        'no-sunset-todo': { level: 'off', options: [] },
        'reporting-request-limits': { level: 'warn', options: [{ datePeriodFilterPattern: 'day' }] },
        'oauth-authorize-state': { level: 'error', options: [] },
      },
    });
  });

  it.each([
    [[], 'Invalid config in sunset.config.json: "rules" must be an object of rule levels such as { "sunset/no-sync-reporting": "error" }, got []. Fix it and run again.'],
    [
      { 'sunset/no-legacy-rest-paths': 'error' },
      'Invalid config in sunset.config.json: "rules.sunset/no-legacy-rest-paths" is not a Sunset rule; the rules are no-client-secret-in-source, no-legacy-rest-path, no-retired-soap-operation, no-sunset-todo, no-sync-reporting, oauth-authorize-state, oauth-offline-access-code-flow, oauth-redirect-uri-https, oauth-token-form-body, reporting-request-limits. Fix it and run again.',
    ],
    [{ 'no-console': 'off' }, /^Invalid config in sunset\.config\.json: "rules\.no-console" is not a Sunset rule; /],
    [
      { 'sunset/no-sunset-todo': 'off', 'no-sunset-todo': 'warn' },
      'Invalid config in sunset.config.json: "rules.no-sunset-todo" names the same rule as "sunset/no-sunset-todo"; write each rule once. Fix it and run again.',
    ],
    [
      { 'no-sync-reporting': 'on' },
      'Invalid config in sunset.config.json: "rules.no-sync-reporting" must be "off", "warn" or "error", or an array that starts with one of them (["error", { … }]), got "on". Fix it and run again.',
    ],
    [{ 'no-sync-reporting': 2 }, /"rules\.no-sync-reporting" must be "off", "warn" or "error", .* got 2\./],
    [{ 'no-sync-reporting': [] }, /"rules\.no-sync-reporting" must be "off", "warn" or "error", .* got \[\]\./],
    [{ 'no-sync-reporting': [{ a: 1 }, 'error'] }, /"rules\.no-sync-reporting" must be .* got \[\{"a":1\},"error"\]\./],
  ])('rejects %j', (rules, message) => {
    expect(() => validateOptions({ rules }, file)).toThrow(message);
  });

  it('puts the rule in the error path', () => {
    const error = errorOf(() => validateOptions({ rules: { 'sunset/no-sync-reporting': 'on' } }, file));
    expect([error.origin, error.path]).toEqual(['sunset.config.json', 'rules.sunset/no-sync-reporting']);
  });
});

describe('rule options', () => {
  const rule = (setting: unknown, key = 'sunset/no-legacy-rest-path'): unknown => ({ rules: { [key]: setting } });
  const hostsProblem = 'must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path)';

  it('accepts every option of every rule, and keeps them as written', () => {
    const rules = {
      'no-legacy-rest-path': ['error', { asOf: '2024-02-29', apiHosts: ['gw.example.com:8443', '*.example.com'], reportScheduled: true, scheduledWithinDays: 0 }],
      'sunset/no-retired-soap-operation': ['warn', { apiHosts: ['*'] }],
      'no-sync-reporting': ['error', {}],
      'reporting-request-limits': ['error', { datePeriodFilterPattern: '^(window|range)$', metricsKeys: ['measures'], dimensionsKeys: ['groupBy'], pagingKeys: ['paging'], pagingLimitKeys: ['limit', 'pageSize'] }],
      'oauth-authorize-state': ['error'],
    };
    expect(validateOptions({ rules }, file).rules).toEqual({
      'no-legacy-rest-path': { level: 'error', options: [rules['no-legacy-rest-path'][1]] },
      'no-retired-soap-operation': { level: 'warn', options: [{ apiHosts: ['*'] }] },
      'no-sync-reporting': { level: 'error', options: [{}] },
      'reporting-request-limits': { level: 'error', options: [rules['reporting-request-limits'][1]] },
      'oauth-authorize-state': { level: 'error', options: [] },
    });
  });

  it.each([
    [rule(['error', { asOf: '2026-13-01' }]), '"rules.sunset/no-legacy-rest-path[1].asOf": "2026-13-01" is not a day on the calendar.'],
    [rule(['off', { asOf: '2026-02-30' }]), '"rules.sunset/no-legacy-rest-path[1].asOf": "2026-02-30" is not a day on the calendar.'],
    [rule(['error', { asOf: '2026/01/01' }], 'no-sync-reporting'), '"rules.no-sync-reporting[1].asOf" must be a day written YYYY-MM-DD (for example 2026-11-21), got "2026/01/01".'],
    [rule(['error', { apiHosts: ['https://gw.example.com/adform'] }]), `"rules.sunset/no-legacy-rest-path[1].apiHosts" ${hostsProblem}, got "https://gw.example.com/adform".`],
    [rule(['error', { apiHosts: 'gw.example.com' }]), '"rules.sunset/no-legacy-rest-path[1].apiHosts" must be an array of hostnames such as ["api.example.com"], got "gw.example.com".'],
    [rule(['error', { reportScheduled: 'yes' }]), '"rules.sunset/no-legacy-rest-path[1].reportScheduled" must be true or false, got "yes".'],
    [rule(['error', { scheduledWithinDays: -1 }]), '"rules.sunset/no-legacy-rest-path[1].scheduledWithinDays" must be a whole number of days, 0 or more, got -1.'],
    [
      rule(['error', { asof: '2026-01-01' }]),
      '"rules.sunset/no-legacy-rest-path[1].asof" is not an option of sunset/no-legacy-rest-path; its options are asOf, apiHosts, reportScheduled, scheduledWithinDays.',
    ],
    [rule(['error', { constructor: 1 }]), /"rules\.sunset\/no-legacy-rest-path\[1\]\.constructor" is not an option of sunset\/no-legacy-rest-path; /],
    [rule(['error', 'retired']), '"rules.sunset/no-legacy-rest-path[1]" must be an object of options (asOf, apiHosts, reportScheduled, scheduledWithinDays), got "retired".'],
    [rule(['error', {}, {}]), '"rules.sunset/no-legacy-rest-path[2]" must not be given: sunset/no-legacy-rest-path takes one options object.'],
    [
      rule(['error', {}], 'sunset/oauth-authorize-state'),
      '"rules.sunset/oauth-authorize-state[1]" must not be given: sunset/oauth-authorize-state takes no options; write its level alone, such as "error".',
    ],
    [
      rule(['warn', { datePeriodFilterPattern: '(' }], 'reporting-request-limits'),
      '"rules.reporting-request-limits[1].datePeriodFilterPattern" is not a valid regular expression (Invalid regular expression: /(/i: Unterminated group); give one such as "date|period".',
    ],
    [
      rule(['warn', { datePeriodFilterPattern: 'date\\Z' }], 'reporting-request-limits'),
      '"rules.reporting-request-limits[1].datePeriodFilterPattern" uses \\Z, which JavaScript reads as the letter Z; write $ for the end of the key.',
    ],
    [rule(['warn', { datePeriodFilterPattern: '' }], 'reporting-request-limits'), '"rules.reporting-request-limits[1].datePeriodFilterPattern" must be a regular expression such as "date|period", got "".'],
    [rule(['warn', { metricsKeys: [] }], 'reporting-request-limits'), '"rules.reporting-request-limits[1].metricsKeys" must be a non-empty array of keys such as ["metrics"], got [].'],
    [rule(['warn', { pagingLimitKeys: ['limit', ''] }], 'reporting-request-limits'), '"rules.reporting-request-limits[1].pagingLimitKeys" must be a non-empty array of keys such as ["limit"], got ["limit",""].'],
    [rule(['warn', { dimensionsKeys: ['groupBy', 'groupBy'] }], 'reporting-request-limits'), '"rules.reporting-request-limits[1].dimensionsKeys" lists "groupBy" twice; list each key once.'],
  ])('rejects %j, naming the option by its place in the setting', (input, problem) => {
    const message = errorOf(() => validateOptions(input, file, fileOptions)).message;
    if (typeof problem === 'string') expect(message).toBe(`Invalid config in sunset.config.json: ${problem} Fix it and run again.`);
    else expect(message).toMatch(problem);
  });

  it('reads a value as the setting of the same name does: the same problem, framed for ESLint', () => {
    for (const [name, value] of [['asOf', '2026-02-30'], ['apiHosts', ['https://gw.example.com/adform']], ['reportScheduled', 1], ['scheduledWithinDays', 1.5]] as const) {
      const setting = errorOf(() => validateOptions({ [name]: value }, 'settings.sunset', eslintOptions));
      const option = errorOf(() => validateRuleOptions('no-sync-reporting', [{ [name]: value }], 'rules.sunset/no-sync-reporting'));
      expect(option.problem).toBe(setting.problem);
      expect(option.message).toBe(`Invalid Sunset option \`rules.sunset/no-sync-reporting[1].${name}\`: ${setting.problem} Fix it where the rule's options are set (eslint.config.* or an inline /* eslint */ comment for ESLint, .oxlintrc.json for oxlint).`);
    }
  });

  it('validates options as ESLint hands them to a rule, and returns them', () => {
    expect(validateRuleOptions('no-legacy-rest-path', [{ asOf: '2026-01-01', apiHosts: undefined }], 'rules.sunset/no-legacy-rest-path')).toEqual([{ asOf: '2026-01-01', apiHosts: undefined }]);
    expect(validateRuleOptions('oauth-token-form-body', [], 'rules.sunset/oauth-token-form-body')).toEqual([]);
    const error = errorOf(() => validateRuleOptions('no-legacy-rest-path', [{ asOf: '2026-13-01' }], 'rules.sunset/no-legacy-rest-path'));
    expect([error.origin, error.path]).toEqual(['rules.sunset/no-legacy-rest-path', '[1].asOf']);
  });
});

describe('ConfigError', () => {
  it('carries the origin, the path and the problem', () => {
    const error = errorOf(() => validateOptions({ customEntries: [{ ...customEntry, supportEnds: '2026-01-01' }] }, file));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConfigError');
    expect([error.origin, error.path, error.problem]).toEqual([
      'sunset.config.json',
      'customEntries[0].supportEnds',
      '(2026-01-01) must not be before gaEnds (2027-01-01).',
    ]);
    expect(error.message).toBe(
      'Invalid config in sunset.config.json: "customEntries[0].supportEnds": (2026-01-01) must not be before gaEnds (2027-01-01). Fix it and run again.',
    );
  });
});
