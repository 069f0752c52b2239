import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfig, resolveConfig, type ConfigProblems } from '../src/config-file/load.js';
import { describeJsonError } from '../src/config-file/package-json.js';
import { validateConfig } from '../src/config-file/validate.js';
import { makeTree } from './helpers.js';

const source = 'sunset.config.json';

describe('validateConfig', () => {
  it('accepts every documented field', () => {
    const config = {
      asOf: '2019-06-01',
      apiHosts: ['api.example.com', 'localhost'],
      ignores: ['fixtures/'],
      failOn: 'retired',
      reportScheduled: true,
      scheduledWithinDays: 90,
      customEntries: [],
      baseline: 'ci/baseline.json',
    };
    expect(validateConfig(config, source)).toEqual(config);
  });

  it.each([
    [{ failOnn: 'retired' }, 'Invalid config in sunset.config.json: "failOnn" is not a known option; did you mean "failOn"? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.'],
    [{ typeAware: true }, 'Invalid config in sunset.config.json: "typeAware" cannot be set here (it belongs in ESLint\'s settings.sunset); the options here are asOf, apiHosts, identityHosts, ignores, failOn, reportScheduled, scheduledWithinDays, apis, customEntries, baseline, rules, maxFileSize, checkMinified. Fix it and run again.'],
    [{ failOn: 'soon' }, 'Invalid config in sunset.config.json: "failOn" must be one of "deprecated", "retired", got "soon". Fix it and run again.'],
    [{ asOf: '2019-13-01' }, 'Invalid config in sunset.config.json: "asOf": "2019-13-01" is not a day on the calendar. Fix it and run again.'],
    [{ asOf: 20190601 }, 'Invalid config in sunset.config.json: "asOf" must be a day written YYYY-MM-DD (for example 2026-11-21), got 20190601. Fix it and run again.'],
    [{ apiHosts: 'api.example.com' }, 'Invalid config in sunset.config.json: "apiHosts" must be an array of hostnames such as ["api.example.com"], got "api.example.com". Fix it and run again.'],
    [{ apiHosts: ['https://api.example.com'] }, 'Invalid config in sunset.config.json: "apiHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://api.example.com". Fix it and run again.'],
    [{ identityHosts: ['login.example.com/sts'] }, 'Invalid config in sunset.config.json: "identityHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "login.example.com/sts". Fix it and run again.'],
    [{ ignores: ['ok', 3] }, 'Invalid config in sunset.config.json: "ignores" must be an array of non-empty strings, got ["ok",3]. Fix it and run again.'],
    [{ reportScheduled: 'yes' }, 'Invalid config in sunset.config.json: "reportScheduled" must be true or false, got "yes". Fix it and run again.'],
    [{ scheduledWithinDays: -1 }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got -1. Fix it and run again.'],
    [{ scheduledWithinDays: 1.5 }, 'Invalid config in sunset.config.json: "scheduledWithinDays" must be a whole number of days, 0 or more, got 1.5. Fix it and run again.'],
    [{ customEntries: {} }, 'Invalid config in sunset.config.json: "customEntries" must be an array of entries, got {}. Fix it and run again.'],
    [{ baseline: '' }, 'Invalid config in sunset.config.json: "baseline" must be a file path (relative to the config file), got "". Fix it and run again.'],
    [[], 'Invalid config in sunset.config.json: the config must be an object, got []. Fix it and run again.'],
  ])('rejects %j with a message naming the file and field', (raw, message) => {
    expect(() => validateConfig(raw, source)).toThrow(message);
  });

  it('rejects a bad custom entry with the message of rule-data naming the entry field', () => {
    expect(() => validateConfig({ customEntries: [{ id: 'x' }] }, source)).toThrow(
      /^Invalid config in sunset\.config\.json: "customEntries\[0\]\.\w+" /,
    );
  });
});

describe('findConfig', () => {
  it('finds sunset.config.json in a parent folder up to the git root', async () => {
    const root = makeTree({ 'sunset.config.json': '{ "failOn": "retired" }', 'packages/app/src/a.ts': '' });
    mkdirSync(path.join(root, '.git'));
    const found = await findConfig(path.join(root, 'packages/app/src'), undefined);
    expect(found).toEqual({ file: path.join(root, 'sunset.config.json'), config: { failOn: 'retired' } });
  });

  it('accepts a UTF-8 BOM at the start of the file, as Windows editors write it', async () => {
    const root = makeTree({ 'sunset.config.json': '\uFEFF{ "failOn": "retired", "asOf": "2026-11-21" }' });
    const found = await findConfig(root, undefined);
    expect(found?.config).toEqual({ failOn: 'retired', asOf: '2026-11-21' });
  });

  it('does not look above the git root', async () => {
    const root = makeTree({ 'sunset.config.json': '{ "failOn": "retired" }', 'repo/src/a.ts': '' });
    mkdirSync(path.join(root, 'repo/.git'));
    expect(await findConfig(path.join(root, 'repo/src'), undefined)).toBeUndefined();
  });

  it('reads the "sunset" key of package.json and skips a package.json without one', async () => {
    const root = makeTree({
      'package.json': JSON.stringify({ name: 'root', sunset: { asOf: '2019-01-01' } }),
      'app/package.json': JSON.stringify({ name: 'app' }),
    });
    mkdirSync(path.join(root, '.git'));
    const found = await findConfig(path.join(root, 'app'), undefined);
    expect(found).toEqual({ file: path.join(root, 'package.json'), config: { asOf: '2019-01-01' } });
  });

  it('passes over a package.json that does not parse, records it, and finds the config above it', async () => {
    const root = makeTree({
      'package.json': JSON.stringify({ name: 'root', sunset: { asOf: '2019-01-01' } }),
      'fixtures/broken/package.json': '{ "name": "broken"\n  "version": "1.0.0" }',
    });
    mkdirSync(path.join(root, '.git'));
    const problems: ConfigProblems = new Map();
    const found = await findConfig(path.join(root, 'fixtures/broken'), undefined, problems);
    expect(found).toEqual({ file: path.join(root, 'package.json'), config: { asOf: '2019-01-01' } });
    expect([...problems.values()]).toStrictEqual([
      {
        file: path.join(root, 'fixtures/broken/package.json'),
        reason: 'invalid-package-json',
        message:
          'Not read as a config: it is not valid JSON (Expected \',\' or \'}\' after property value, at line 2, column 3). A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.',
      },
    ]);
  });

  it('still rejects a broken package.json named by --config', async () => {
    const root = makeTree({ 'package.json': '{ "sunset": { } ' });
    await expect(findConfig(root, 'package.json', new Map())).rejects.toThrow(
      'Invalid config in package.json: it is not valid JSON (Expected \',\' or \'}\' after property value, at line 1, column 17). Fix the syntax and run again.',
    );
  });

  it('names package.json and its key when the "sunset" value is invalid', async () => {
    const root = makeTree({ 'package.json': JSON.stringify({ sunset: { failOn: 'never' } }) });
    await expect(findConfig(root, undefined)).rejects.toThrow(
      'Invalid config in package.json ("sunset" key): "failOn" must be one of "deprecated", "retired", got "never". Fix it and run again.',
    );
  });

  it('reports a config file that is not JSON', async () => {
    const root = makeTree({ 'sunset.config.json': '{ failOn: retired }' });
    await expect(findConfig(root, undefined)).rejects.toThrow(/^Invalid config in sunset\.config\.json: it is not valid JSON \(/);
  });

  it('reports a --config file that does not exist', async () => {
    const root = makeTree({});
    await expect(findConfig(root, 'ci/sunset.json')).rejects.toThrow(
      'Cannot read config --config ci/sunset.json: the file does not exist. Check the path and try again.',
    );
  });
});

describe('describeJsonError', () => {
  const errorOf = (text: string): Error => {
    try {
      JSON.parse(text);
    } catch (error) {
      return error as Error;
    }
    throw new Error(`${text} parsed`);
  };

  it('gives the place as a line and column, and the end of the text when the input stops short', () => {
    expect(describeJsonError('[1,\n 2\n 3]', errorOf('[1,\n 2\n 3]'))).toBe("Expected ',' or ']' after array element, at line 3, column 2");
    expect(describeJsonError('{\n  "a": [', errorOf('{\n  "a": ['))).toBe('Unexpected end of JSON input, at line 2, column 9');
  });

  it('reads the line and column Node 22 adds and the offset Node 20 gives alike', () => {
    const text = '{\n"a": 1\n"b": 2}';
    expect(describeJsonError(text, new Error("Expected ',' or '}' after property value in JSON at position 9 (line 3 column 1)"))).toBe(
      "Expected ',' or '}' after property value, at line 3, column 1",
    );
    expect(describeJsonError(text, new Error("Expected ',' or '}' after property value in JSON at position 9"))).toBe(
      "Expected ',' or '}' after property value, at line 3, column 1",
    );
  });
});

describe('resolveConfig', () => {
  it('fills defaults when there is no config file', async () => {
    const root = makeTree({});
    mkdirSync(path.join(root, '.git'));
    const config = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined }, new Date('2026-03-04T23:59:00Z'));
    expect({ ...config, catalog: undefined }).toEqual({
      file: undefined,
      baseDir: root,
      asOf: '2026-03-04',
      apiHosts: undefined,
      ignores: [],
      failOn: 'deprecated',
      reportScheduled: false,
      scheduledWithinDays: 90,
      apis: [],
      customEntries: [],
      catalog: undefined,
      rules: {},
      typeAware: false,
      maxFileSize: 1048576,
      checkMinified: false,
      baselineFile: path.join(root, '.sunset-baseline.json'),
    });
    // The spec's 27 rows plus the synchronous reporting API retired by path prefix.
    expect(config.catalog.entries).toHaveLength(28);
  });

  it('lets flags override the file, and resolves the baseline next to the config file', async () => {
    const root = makeTree({
      'sunset.config.json': JSON.stringify({ asOf: '2019-01-01', failOn: 'deprecated', apiHosts: ['a.example.com'], baseline: 'ci/base.json' }),
      'app/a.ts': '',
    });
    mkdirSync(path.join(root, '.git'));
    const config = await resolveConfig(path.join(root, 'app'), {
      config: undefined,
      asOf: '2020-02-02',
      apiHosts: ['b.example.com'],
      failOn: 'retired',
    });
    expect([config.asOf, config.apiHosts, config.failOn, config.baselineFile]).toEqual([
      '2020-02-02',
      ['b.example.com'],
      'retired',
      path.join(root, 'ci/base.json'),
    ]);
  });

  it('reads identityHosts from the file and lets --identity-host override it', async () => {
    const root = makeTree({ 'sunset.config.json': JSON.stringify({ identityHosts: ['login.example.com'] }) });
    mkdirSync(path.join(root, '.git'));
    const fromFile = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined });
    expect(fromFile.identityHosts).toEqual(['login.example.com']);
    const fromFlag = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined, identityHosts: ['sso.example.com'] });
    expect(fromFlag.identityHosts).toEqual(['sso.example.com']);
    await expect(resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined, identityHosts: ['https://sso'] })).rejects.toThrow(
      'Invalid value for --identity-host: must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://sso". Fix it and run again.',
    );
  });

  it('accepts host:port and *.domain hosts in the file and in flags, as the analysis matches them', async () => {
    const root = makeTree({ 'sunset.config.json': JSON.stringify({ apiHosts: ['*.example.com', 'localhost:8080'] }) });
    mkdirSync(path.join(root, '.git'));
    const fromFile = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined });
    expect(fromFile.apiHosts).toEqual(['*.example.com', 'localhost:8080']);
    const fromFlag = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: ['*.corp.example'], identityHosts: ['sso.example.com:8443'] });
    expect([fromFlag.apiHosts, fromFlag.identityHosts]).toEqual([['*.corp.example'], ['sso.example.com:8443']]);
  });

  it('reads rule levels from the file', async () => {
    const root = makeTree({ 'sunset.config.json': JSON.stringify({ rules: { 'sunset/no-sunset-todo': 'off', 'reporting-request-limits': ['warn', { datePeriodFilterPattern: 'day' }] } }) });
    mkdirSync(path.join(root, '.git'));
    const config = await resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: undefined });
    expect(config.rules).toEqual({
      'no-sunset-todo': { level: 'off', options: [] },
      'reporting-request-limits': { level: 'warn', options: [{ datePeriodFilterPattern: 'day' }] },
    });
  });

  it('rejects a bad --as-of naming the flag', async () => {
    const root = makeTree({});
    await expect(resolveConfig(root, { config: undefined, asOf: '01/02/2020', apiHosts: undefined })).rejects.toThrow(
      'Invalid value for --as-of: must be a day written YYYY-MM-DD (for example 2026-11-21), got "01/02/2020". Fix it and run again.',
    );
  });

  it('rejects a bad --api-host naming the flag', async () => {
    const root = makeTree({});
    await expect(resolveConfig(root, { config: undefined, asOf: undefined, apiHosts: ['http://x'] })).rejects.toThrow(
      'Invalid value for --api-host: must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "http://x". Fix it and run again.',
    );
  });
});
