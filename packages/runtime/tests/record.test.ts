import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeOptionsError, RuntimeRecordError } from '../src/errors.js';
import { headerLookupOf, observedRequestOf } from '../src/match/observed-request.js';
import { createNodeObserver, nodeObserverOutput } from '../src/node/install.js';
import { checkRecordFile } from '../src/node/record-file.js';
import { createObserver } from '../src/observer.js';
import { resolveRuntimeOptions } from '../src/options.js';
import { readRuntimeRecord } from '../src/record/read-record.js';
import { mergeRuntimeRecords, parseRuntimeRecord, type RuntimeRecord } from '../src/record/record-line.js';
import { siteOf } from './support/call-sites.js';

const here = import.meta.url;

function recordRun(): { file: string; text: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunset-record-'));
  const options = resolveRuntimeOptions({ mode: 'record', recordFile: 'runtime.jsonl', asOf: '2026-03-01', apiHosts: ['127.0.0.1'] });
  const times = ['2026-03-01T10:00:00.000Z', '2026-03-01T10:00:01.000Z', '2026-03-01T10:00:02.000Z'];
  const observer = createObserver(options, { ...nodeObserverOutput(options, dir), now: () => new Date(times.shift() ?? '2026-03-01T10:59:59.000Z') });
  const listCall = observedRequestOf('GET', 'http://127.0.0.1:4000/v1/campaigns?access_token=abc&page=2', headerLookupOf({}))!;
  for (let round = 0; round < 3; round++) observer.checkRequest(listCall); // site: record-loop
  const soapCall = observedRequestOf('POST', 'http://127.0.0.1:4000/CampaignService.asmx', headerLookupOf({ SOAPAction: 'urn:x/GetCampaigns' }), '<x/>')!;
  observer.checkRequest(soapCall); // site: record-soap
  observer.checkResponse(observedRequestOf('GET', 'http://127.0.0.1:4000/v2/reports', headerLookupOf({}))!, headerLookupOf({ Deprecation: '@1767225600' }));
  observer.flush();
  observer.flush();
  const file = path.join(dir, 'runtime.jsonl');
  return { file, text: readFileSync(file, 'utf8') };
}

describe('record mode', () => {
  it('appends one JSON line per new site, and the repeats at flush', () => {
    const { text } = recordRun();
    const loop = siteOf(here, 'record-loop', 'checkRequest');
    const soap = siteOf(here, 'record-soap', 'checkRequest');
    const caller = (site: typeof loop) => `{"file":${JSON.stringify(site.file)},"line":${site.line},"column":${site.column}}`;
    expect(text).toBe(
      [
        `{"type":"retired-call","entry":"campaigns-legacy-list","retired":"GET /v1/campaigns","method":"GET","url":"http://127.0.0.1:4000/v1/campaigns?access_token=…&page=…","host":"127.0.0.1:4000","caller":${caller(loop)},"phase":"retired","replacements":["GET /v1/buyer/campaigns"],"count":1,"time":"2026-03-01T10:00:00.000Z"}`,
        `{"type":"retired-call","entry":"campaigns-service-get-campaigns","retired":"GetCampaigns","method":"POST","url":"http://127.0.0.1:4000/CampaignService.asmx","host":"127.0.0.1:4000","caller":${caller(soap)},"phase":"retired","replacements":["GET /v1/buyer/campaigns"],"count":1,"time":"2026-03-01T10:00:01.000Z"}`,
        `{"type":"deprecation-header","entry":null,"method":"GET","url":"http://127.0.0.1:4000/v2/reports","host":"127.0.0.1:4000","caller":null,"deprecation":"2026-01-01T00:00:00.000Z","sunset":null,"links":[],"count":1,"time":"2026-03-01T10:00:02.000Z"}`,
        `{"type":"retired-call","entry":"campaigns-legacy-list","retired":"GET /v1/campaigns","method":"GET","url":"http://127.0.0.1:4000/v1/campaigns?access_token=…&page=…","host":"127.0.0.1:4000","caller":${caller(loop)},"phase":"retired","replacements":["GET /v1/buyer/campaigns"],"count":2,"time":"2026-03-01T10:59:59.000Z"}`,
        '',
      ].join('\n'),
    );
  });

  it('reads back with readRuntimeRecord and merges to one record per site with the total count', () => {
    const { file } = recordRun();
    const records = readRuntimeRecord(file);
    expect(records).toHaveLength(4);
    const merged = mergeRuntimeRecords(records);
    expect(merged.map((record) => [record.type, record.type === 'retired-call' ? record.entry : record.url, record.count, record.time])).toEqual([
      ['retired-call', 'campaigns-legacy-list', 3, '2026-03-01T10:00:00.000Z'],
      ['retired-call', 'campaigns-service-get-campaigns', 1, '2026-03-01T10:00:01.000Z'],
      ['deprecation-header', 'http://127.0.0.1:4000/v2/reports', 1, '2026-03-01T10:00:02.000Z'],
    ]);
  });

  it('adds up the counts of processes that appended to the same file', () => {
    const { file, text } = recordRun();
    writeFileSync(file, text + text);
    expect(mergeRuntimeRecords(readRuntimeRecord(file)).map((record) => record.count)).toEqual([6, 2, 2]);
  });
});

describe('the record file', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The message checkRecordFile throws for `recordFile` in `cwd`, or undefined when the file can be appended to. */
  function startProblem(recordFile: string, cwd: string): string | undefined {
    try {
      checkRecordFile(recordFile, 'SUNSET_RUNTIME_RECORD', cwd);
      return undefined;
    } catch (error) {
      if (error instanceof RuntimeOptionsError && error.source === 'SUNSET_RUNTIME_RECORD') return error.message;
      throw error;
    }
  }

  it('is checked at start without being created: a missing folder, a folder, a file under a file are refused, naming the setting and the path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sunset-record-'));
    writeFileSync(path.join(dir, 'plain'), '');
    mkdirSync(path.join(dir, 'out'));
    expect(startProblem('missing-dir/sites.jsonl', dir)).toBe(
      `SUNSET_RUNTIME_RECORD (missing-dir/sites.jsonl) cannot be written: the folder ${path.join(dir, 'missing-dir')} does not exist. Point SUNSET_RUNTIME_RECORD at a file in a folder that exists and can be written.`,
    );
    expect(startProblem('out', dir)).toBe('SUNSET_RUNTIME_RECORD (out) cannot be written: it is a folder. Point SUNSET_RUNTIME_RECORD at a file in a folder that exists and can be written.');
    expect(startProblem('plain/sites.jsonl', dir)).toBe(
      `SUNSET_RUNTIME_RECORD (plain/sites.jsonl) cannot be written: ${path.join(dir, 'plain')} is not a folder. Point SUNSET_RUNTIME_RECORD at a file in a folder that exists and can be written.`,
    );
    expect(startProblem('out/sites.jsonl', dir)).toBeUndefined();
    expect(startProblem('plain', dir)).toBeUndefined();
    expect(existsSync(path.join(dir, 'out/sites.jsonl'))).toBe(false);
  });

  it('is checked when createNodeObserver makes the observer, with an error naming the recordFile option, raw or resolved options alike', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sunset-record-'));
    const missing = path.join(dir, 'missing-dir', 'sites.jsonl');
    const creationProblem = (options: Parameters<typeof createNodeObserver>[0]): [string, string] | undefined => {
      try {
        createNodeObserver(options);
        return undefined;
      } catch (error) {
        if (error instanceof RuntimeOptionsError) return [error.source, error.message];
        throw error;
      }
    };
    const refused: [string, string] = [
      'recordFile',
      `recordFile (${missing}) cannot be written: the folder ${path.join(dir, 'missing-dir')} does not exist. Point recordFile at a file in a folder that exists and can be written.`,
    ];
    expect(creationProblem({ mode: 'record', recordFile: missing })).toEqual(refused);
    expect(creationProblem(resolveRuntimeOptions({ mode: 'record', recordFile: missing }))).toEqual(refused);
    expect(creationProblem({ mode: 'record', recordFile: dir })).toEqual(['recordFile', `recordFile (${dir}) cannot be written: it is a folder. Point recordFile at a file in a folder that exists and can be written.`]);
    // A file in a folder that exists: made on the first record, not at creation.
    const writable = path.join(dir, 'sites.jsonl');
    expect(creationProblem({ mode: 'record', recordFile: writable, asOf: '2026-03-01' })).toBeUndefined();
    expect(existsSync(writable)).toBe(false);
    expect(existsSync(path.join(dir, 'missing-dir'))).toBe(false);
  });

  it('failing to append later (its folder removed meanwhile) is said once on stderr, and neither the requests nor the exit see it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sunset-record-'));
    const stderr: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
    const options = resolveRuntimeOptions({ mode: 'record', recordFile: 'out/runtime.jsonl', asOf: '2026-03-01', apiHosts: ['127.0.0.1'] });
    mkdirSync(path.join(dir, 'out'));
    const observer = createObserver(options, nodeObserverOutput(options, dir));
    rmSync(path.join(dir, 'out'), { recursive: true });
    const list = observedRequestOf('GET', 'http://127.0.0.1:4000/v1/campaigns', headerLookupOf({}))!;
    const item = observedRequestOf('GET', 'http://127.0.0.1:4000/v1/campaigns/7', headerLookupOf({}))!;
    const outcomes = [list, list, item].map((request) => observer.checkRequest(request));
    expect(outcomes).toEqual([undefined, undefined, undefined]);
    observer.flush();
    const file = path.join(dir, 'out/runtime.jsonl');
    expect(stderr).toEqual([`[sunset] could not append to the record file ${file} (ENOENT: no such file or directory): the record is incomplete; the application goes on unaffected.\n`]);
    expect(observer.sites().map((site) => site.count)).toEqual([2, 1]);
  });
});

describe('readRuntimeRecord', () => {
  const valid: RuntimeRecord = {
    type: 'retired-call',
    entry: 'campaigns-legacy-list',
    retired: 'GET /v1/campaigns',
    method: 'GET',
    url: 'https://api.example.com/v1/campaigns',
    host: 'api.example.com',
    caller: { file: '/app/a.mjs', line: 3, column: 9 },
    phase: 'retired',
    replacements: ['GET /v1/buyer/campaigns'],
    count: 1,
    time: '2026-03-01T10:00:00.000Z',
  };

  function readLines(...lines: string[]): RuntimeRecord[] {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sunset-record-')), 'r.jsonl');
    writeFileSync(file, lines.join('\n'));
    return readRuntimeRecord(file);
  }

  function problemOf(...lines: string[]): string {
    try {
      readLines(...lines);
    } catch (error) {
      if (error instanceof RuntimeRecordError) return `${error.line}: ${error.message.slice(error.message.indexOf(': ') + 2)}`;
      throw error;
    }
    throw new Error('expected a RuntimeRecordError');
  }

  it('skips blank lines', () => {
    expect(readLines('', JSON.stringify(valid), '  ', '')).toEqual([valid]);
  });

  it('names the line and the field at fault', () => {
    expect(problemOf(JSON.stringify(valid), '{"type":')).toMatch(/^2: is not JSON \(.*\); a record file holds one JSON object per line, written by SUNSET_RUNTIME_MODE=record\.$/);
    expect(problemOf(JSON.stringify({ ...valid, type: 'call' }))).toBe('1: the record has type "call"; expected "retired-call" or "deprecation-header".');
    expect(problemOf(JSON.stringify({ ...valid, count: 0 }))).toBe('1: the record has an invalid "count": 0.');
    expect(problemOf(JSON.stringify({ ...valid, phase: 'gone' }))).toBe('1: the record has an invalid "phase": "gone".');
    expect(problemOf(JSON.stringify({ ...valid, caller: { file: 'a', line: 1 } }))).toBe('1: the record has an invalid "caller": {"file":"a","line":1}.');
    expect(problemOf(JSON.stringify({ ...valid, body: '{"secret":1}' }))).toBe('1: the record has unknown field(s) "body".');
    expect(problemOf(JSON.stringify({ ...valid, time: undefined }))).toBe('1: the record has no "time" field.');
  });

  it('accepts every deprecation-header shape', () => {
    const header = { type: 'deprecation-header', entry: null, method: 'GET', url: 'u', host: 'h', caller: null, sunset: null, links: [], count: 1, time: '2026-03-01T10:00:00Z' };
    expect(parseRuntimeRecord({ ...header, deprecation: true })).toEqual({ ...header, deprecation: true });
    expect(parseRuntimeRecord({ ...header, deprecation: '2026-01-01T00:00:00.000Z' })).toEqual({ ...header, deprecation: '2026-01-01T00:00:00.000Z' });
    expect(parseRuntimeRecord({ ...header, deprecation: 'soon' })).toBe('has an invalid "deprecation": "soon"');
  });
});
