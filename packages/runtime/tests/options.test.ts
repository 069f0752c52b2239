import { builtinCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { RuntimeOptionsError } from '../src/errors.js';
import { resolveRuntimeOptions, runtimeOptionsFromEnvironment } from '../src/options.js';

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
  it('defaults to warn mode, every host, the built-in catalog and today', () => {
    const options = runtimeOptionsFromEnvironment({}, noFiles);
    expect(options).toEqual({ mode: 'warn', recordFile: undefined, asOf: new Date().toISOString().slice(0, 10), apiHosts: undefined, catalog: builtinCatalog });
  });

  it('reads every variable', () => {
    const options = runtimeOptionsFromEnvironment(
      { SUNSET_RUNTIME_MODE: 'record', SUNSET_RUNTIME_RECORD: 'out/runtime.jsonl', SUNSET_AS_OF: '2019-12-01', SUNSET_API_HOSTS: ' api.example.com, *.example.net ,localhost:8080' },
      noFiles,
    );
    expect(options).toMatchObject({ mode: 'record', recordFile: 'out/runtime.jsonl', asOf: '2019-12-01', apiHosts: ['api.example.com', '*.example.net', 'localhost:8080'] });
  });

  it('takes record mode from SUNSET_RUNTIME_RECORD alone', () => {
    expect(runtimeOptionsFromEnvironment({ SUNSET_RUNTIME_RECORD: 'r.jsonl' }, noFiles).mode).toBe('record');
  });

  it('reads asOf, apiHosts and customEntries from SUNSET_CONFIG, and lets the variables override them', () => {
    const config = JSON.stringify({ asOf: '2020-02-01', apiHosts: ['api.example.com'], customEntries: [customEntry], failOn: 'retired', ignores: ['dist/**'] });
    const read = (file: string): string => (file === 'sunset.config.json' ? config : noFiles(file));
    const fromFile = runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json' }, read);
    expect(fromFile).toMatchObject({ asOf: '2020-02-01', apiHosts: ['api.example.com'] });
    expect(fromFile.catalog.byId('proxy-campaigns')?.retiredKey).toBe('GET /proxy/v1/campaigns');
    const overridden = runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'sunset.config.json', SUNSET_AS_OF: '2021-01-01', SUNSET_API_HOSTS: 'other.example.com' }, read);
    expect(overridden).toMatchObject({ asOf: '2021-01-01', apiHosts: ['other.example.com'] });
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
      'SUNSET_API_HOSTS must hold hosts written `host`, `host:port` or `*.domain` (no scheme or path), got "https://api.example.com".',
    ],
    [{ SUNSET_API_HOSTS: 'a.example.com,,b.example.com' }, 'SUNSET_API_HOSTS', 'SUNSET_API_HOSTS must hold hosts written `host`, `host:port` or `*.domain` (no scheme or path), got "".'],
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
      'SUNSET_CONFIG (c.json): apiHosts must be a list of hosts (for example ["api.example.com", "*.example.net"]), got "api.example.com".',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read(JSON.stringify({ customEntries: [{ ...customEntry, gaEnds: 'soon' }] })))).message).toBe(
      'SUNSET_CONFIG (c.json): customEntries[0].gaEnds must be a day written YYYY-MM-DD (for example 2026-11-21), got "soon".',
    );
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('{"asOf": '))).message).toMatch(/^SUNSET_CONFIG \(c\.json\) is not valid JSON: /);
    expect(errorOf(() => runtimeOptionsFromEnvironment({ SUNSET_CONFIG: 'c.json' }, read('[]'))).message).toBe('SUNSET_CONFIG (c.json) must hold a JSON object.');
  });
});

describe('resolveRuntimeOptions', () => {
  it('names the field of an options object', () => {
    expect(errorOf(() => resolveRuntimeOptions({ asOf: '2020-02-30' })).message).toBe('asOf "2020-02-30" is not a day on the calendar.');
    expect(errorOf(() => resolveRuntimeOptions({ mode: 'record' })).message).toBe('mode is "record" but recordFile is not set; name the JSON lines file to append to.');
    expect(errorOf(() => resolveRuntimeOptions({ apiHosts: ['api.example.com/v1'] })).source).toBe('apiHosts');
  });

  it('lower-cases the API hosts', () => {
    expect(resolveRuntimeOptions({ apiHosts: ['API.Example.com'] }).apiHosts).toEqual(['api.example.com']);
  });
});
