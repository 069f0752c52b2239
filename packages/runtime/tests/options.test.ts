import { builtinCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { RuntimeOptionsError } from '../src/errors.js';
import { resolveRuntimeOptions, runtimeOptionsFromEnvironment, type RuntimeOptionsInput } from '../src/options.js';

const noFiles = (file: string): string => {
  throw new Error(`ENOENT: no such file or directory, open '${file}'`);
};

const customEntry = { id: 'proxy-campaigns', retired: 'GET /proxy/v1/campaigns', replacements: ['GET /v1/buyer/campaigns'], gaEnds: '2026-01-01', supportEnds: '2026-06-30' };

function errorOf(read: () => unknown): RuntimeOptionsError {
  try {
    read();
  } catch (error) {
    if (error instanceof RuntimeOptionsError) return error;
    throw error;
  }
  throw new Error('expected a RuntimeOptionsError');
}

describe('runtimeOptionsFromEnvironment', () => {
  it("defaults to warn mode, the built-in API's own host, the built-in catalog and today", () => {
    const options = runtimeOptionsFromEnvironment({}, noFiles);
    expect(options).toEqual({ mode: 'warn', recordFile: undefined, asOf: new Date().toISOString().slice(0, 10), apiHosts: ['api.adform.com'], catalog: builtinCatalog });
  });

  it('reads every variable', () => {
    const options = runtimeOptionsFromEnvironment(
      { SUNSET_RUNTIME_MODE: 'record', SUNSET_RUNTIME_RECORD: 'out/runtime.jsonl', SUNSET_AS_OF: '2019-12-01', SUNSET_API_HOSTS: ' api.example.com, *.example.net ,localhost:8080' },
      noFiles,
    );
    expect(options).toMatchObject({ mode: 'record', recordFile: 'out/runtime.jsonl', asOf: '2019-12-01', apiHosts: ['api.adform.com', 'api.example.com', '*.example.net', 'localhost:8080'] });
  });

  it('takes record mode from SUNSET_RUNTIME_RECORD alone', () => {
    expect(runtimeOptionsFromEnvironment({ SUNSET_RUNTIME_RECORD: 'r.jsonl' }, noFiles).mode).toBe('record');
  });

  it('reads asOf, apiHosts and customEntries from SUNSET_CONFIG, and lets the variables override them', () => {
    const config = JSON.stringify({ asOf: '2020-02-01', apiHosts: ['api.example.com'], customEntries: [customEntry], failOn: 'retired', ignores: ['dist/**'] });
    const read = (file: string): string => (file === 'sunset.config.json' ? config : noFiles(file));
    const fromFile = runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json' }, read);
    expect(fromFile).toMatchObject({ asOf: '2020-02-01', apiHosts: ['api.adform.com', 'api.example.com'] });
    expect(fromFile.catalog.byId('proxy-campaigns')?.retiredKey).toBe('GET /proxy/v1/campaigns');
    const overridden = runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json', SUNSET_AS_OF: '2021-01-01', SUNSET_API_HOSTS: 'other.example.com' }, read);
    expect(overridden).toMatchObject({ asOf: '2021-01-01', apiHosts: ['api.adform.com', 'other.example.com'] });
  });

  it('reads apis from SUNSET_CONFIG, so the entries an import wrote belong to their API', () => {
    const apis = { music: { name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] } };
    const config = JSON.stringify({ apis, customEntries: [{ id: 'save-tracks', api: 'music', retired: 'PUT /me/tracks', gaEnds: '2026-05-31', supportEnds: '9999-12-31' }] });
    const { catalog } = runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json' }, () => config);
    expect(catalog.apiOf(catalog.byId('save-tracks')!)).toEqual({ id: 'music', name: 'Music API', hosts: ['api.music.example'], basePaths: ['/v1'] });
  });

  it.each([
    [{ SUNSET_API_HOSTS: '*' }, '{}'],
    [{ SUNSET_API_HOSTS: 'gateway.example.com, *' }, '{}'],
    [{ SUNSET_CONFIG: 'sunset.config.json' }, '{"apiHosts": ["*"]}'],
  ])('counts every host for %j with the config %s', (env, config) => {
    expect(runtimeOptionsFromEnvironment(env, () => config).apiHosts).toBeUndefined();
  });

  it.each([
    [{ SUNSET_RUNTIME_MODE: 'loud' }, 'SUNSET_RUNTIME_MODE', 'SUNSET_RUNTIME_MODE must be one of warn, error, record, got "loud".'],
    [{ SUNSET_RUNTIME_MODE: 'record' }, 'SUNSET_RUNTIME_MODE', 'SUNSET_RUNTIME_MODE is "record" but SUNSET_RUNTIME_RECORD is not set; name the JSON lines file to append to.'],
    [
      { SUNSET_RUNTIME_MODE: 'error', SUNSET_RUNTIME_RECORD: 'r.jsonl' },
      'SUNSET_RUNTIME_RECORD',
      'SUNSET_RUNTIME_RECORD is set but SUNSET_RUNTIME_MODE is "error"; set SUNSET_RUNTIME_MODE to "record" (or leave it unset) to record.',
    ],
    [{ SUNSET_AS_OF: '2019-13-01' }, 'SUNSET_AS_OF', 'SUNSET_AS_OF "2019-13-01" is not a day on the calendar.'],
    [{ SUNSET_AS_OF: 'yesterday' }, 'SUNSET_AS_OF', 'SUNSET_AS_OF must be a day written YYYY-MM-DD (for example 2026-11-21), got "yesterday".'],
    [
      { SUNSET_API_HOSTS: 'https://api.example.com' },
      'SUNSET_API_HOSTS',
      'SUNSET_API_HOSTS must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://api.example.com".',
    ],
    [
      { SUNSET_API_HOSTS: 'a.example.com,,b.example.com' },
      'SUNSET_API_HOSTS',
      'SUNSET_API_HOSTS must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "".',
    ],
    [
      { SUNSET_CONFIG: 'missing.json' },
      'SUNSET_CONFIG (missing.json)',
      "SUNSET_CONFIG (missing.json) cannot be read: ENOENT: no such file or directory, open 'missing.json'. Point it at your sunset.config.json or unset it.",
    ],
  ])('rejects %j, naming %s', (env, source, message) => {
    const error = errorOf(() => runtimeOptionsFromEnvironment(env, noFiles));
    expect(error.source).toBe(source);
    expect(error.message).toBe(message);
  });

  it('names the config file and the field when the file is wrong', () => {
    const read = (text: string) => () => text;
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"asOf": 20200101}'))).message).toBe(
      'SUNSET_CONFIG (c.json): asOf must be a day written YYYY-MM-DD (for example 2026-11-21), got 20200101.',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"apiHosts": "api.example.com"}'))).message).toBe(
      'SUNSET_CONFIG (c.json): apiHosts must be an array of hostnames such as ["api.example.com"], got "api.example.com".',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"apiHosts": ["api.example.com/v1"]}'))).message).toBe(
      'SUNSET_CONFIG (c.json): apiHosts must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "api.example.com/v1".',
    );
    const badApi = errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"apis": {"music": {"hosts": ["https://api.music.example"]}}}')));
    expect([badApi.source, badApi.message]).toEqual([
      'SUNSET_CONFIG (c.json): apis',
      'SUNSET_CONFIG (c.json): apis.music.hosts must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://api.music.example".',
    ]);
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read(JSON.stringify({ customEntries: [{ ...customEntry, api: 'music' }] })))).message).toBe(
      'SUNSET_CONFIG (c.json): customEntries[0].api names no API: "music" is not under apis; define it there with its hosts, or leave api out for the built-in API.',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read(JSON.stringify({ customEntries: [{ ...customEntry, gaEnds: 'soon' }] })))).message).toBe(
      'SUNSET_CONFIG (c.json): customEntries[0].gaEnds must be a day written YYYY-MM-DD (for example 2026-11-21), got "soon".',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"asOf": '))).message).toMatch(/^SUNSET_CONFIG \(c\.json\) is not valid JSON: /);
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('[]'))).message).toBe('SUNSET_CONFIG (c.json) must hold a JSON object.');
  });

  it('validates the whole file as sunset check does: a misspelled or unknown field stops the start, naming it', () => {
    const read = (text: string) => () => text;
    const misspelled = errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json' }, read('{"apiHost": ["localhost:4011"]}')));
    expect([misspelled.source, misspelled.message]).toEqual([
      'SUNSET_CONFIG (sunset.config.json): apiHost',
      'SUNSET_CONFIG (sunset.config.json): apiHost is not a known option; did you mean "apiHosts"? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified.',
    ]);
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"typeAware": true}'))).message).toBe(
      "SUNSET_CONFIG (c.json): typeAware cannot be set here (it belongs in ESLint's settings.sunset); the options here are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified.",
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"failOn": "never"}'))).message).toMatch(/^SUNSET_CONFIG \(c\.json\): failOn must be one of /);
  });

  it('reads a package.json\'s "sunset" key, as sunset check --config does', () => {
    const manifest = JSON.stringify({ name: 'app', version: '1.0.0', sunset: { asOf: '2020-02-01', apiHosts: ['api.example.com'] } });
    expect(runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'app/package.json' }, () => manifest)).toMatchObject({ asOf: '2020-02-01', apiHosts: ['api.adform.com', 'api.example.com'] });
    const read = (text: string) => () => text;
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'package.json' }, read('{"name": "app"}'))).message).toBe(
      'SUNSET_CONFIG (package.json) has no "sunset" key; add one, or point it at a sunset.config.json.',
    );
    const misspelled = errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'package.json' }, read('{"sunset": {"apiHost": []}}')));
    expect([misspelled.source, misspelled.message]).toEqual([
      'SUNSET_CONFIG (package.json): sunset.apiHost',
      'SUNSET_CONFIG (package.json): sunset.apiHost is not a known option; did you mean "apiHosts"? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified.',
    ]);
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'package.json' }, read('{"sunset": 3}'))).message).toBe('SUNSET_CONFIG (package.json): sunset must be an object, got 3.');
  });
});

describe('resolveRuntimeOptions', () => {
  it('names the field of an options object', () => {
    expect(errorOf(() => resolveRuntimeOptions({ asOf: '2020-02-30' })).message).toBe('asOf "2020-02-30" is not a day on the calendar.');
    expect(errorOf(() => resolveRuntimeOptions({ mode: 'record' })).message).toBe('mode is "record" but recordFile is not set; name the JSON lines file to append to.');
    const badHost = errorOf(() => resolveRuntimeOptions({ apiHosts: ['api.example.com/v1'] }));
    expect([badHost.source, badHost.message]).toEqual([
      'apiHosts',
      'apiHosts must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "api.example.com/v1".',
    ]);
    expect(errorOf(() => resolveRuntimeOptions({ apis: { Music: { hosts: ['api.music.example'] } } })).message).toBe(
      'apis.Music is not an API id: use lower-case letters, digits and dashes (for example "other-vendor").',
    );
  });

  it('refuses a field it does not know, as the config file does', () => {
    const misspelled = errorOf(() => resolveRuntimeOptions({ apiHost: ['gateway.example.com'] } as RuntimeOptionsInput));
    expect([misspelled.source, misspelled.message]).toEqual(['apiHost', 'apiHost is not a known option; the known ones are mode, recordFile, asOf, apiHosts, apis, customEntries.']);
    expect(errorOf(() => resolveRuntimeOptions({ failOn: 'retired' } as RuntimeOptionsInput)).message).toBe('failOn is not a known option; the known ones are mode, recordFile, asOf, apiHosts, apis, customEntries.');
  });

  it('adds the API hosts to api.adform.com, lower-cased, and takes "*" for every host', () => {
    expect(resolveRuntimeOptions({ apiHosts: ['API.Example.com', 'api.adform.com'] }).apiHosts).toEqual(['api.adform.com', 'api.example.com']);
    expect(resolveRuntimeOptions({ apiHosts: [] }).apiHosts).toEqual(['api.adform.com']);
    expect(resolveRuntimeOptions({ apiHosts: ['*'] }).apiHosts).toBeUndefined();
  });
});
