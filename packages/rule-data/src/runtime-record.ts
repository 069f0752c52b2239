// The record file of `@sunset/runtime` (`SUNSET_RUNTIME_MODE=record`): its line types, validation and
// merging. It lives here, below every face, so that the runtime writes and `sunset report` reads one
// format. Browser-safe: no `node:` module (the runtime's browser entry re-exports part of it).
import type { Phase } from './types.js';

/** The application frame that made a request: absolute path (or a URL in a browser), 1-based line, column. */
export interface RecordedCaller {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A line of a record file that is not a runtime record; `line` is 1-based. */
export class RuntimeRecordError extends Error {
  readonly file: string;
  readonly line: number;

  constructor(file: string, line: number, problem: string) {
    super(`${file}:${line}: ${problem}`);
    this.name = 'RuntimeRecordError';
    this.file = file;
    this.line = line;
  }
}

/** A request to an endpoint that rule-data lists as retired (or deprecated) at `asOf`. */
export interface RetiredCallRecord {
  readonly type: 'retired-call';
  /** The rule-data entry id, e.g. `campaigns-legacy-get-campaign`. */
  readonly entry: string;
  /** The retired key as the spec writes it: `GET /v1/campaigns/{id}`, `GetCampaigns`. */
  readonly retired: string;
  readonly method: string;
  /** The request URL with every query value masked: `http://api/v1/campaigns?access_token=…`. */
  readonly url: string;
  /** Hostname, and `:port` when not the scheme's default. */
  readonly host: string;
  /** The application frame that made the request; null when the stack does not show one. */
  readonly caller: RecordedCaller | null;
  readonly phase: Phase;
  /** The replacement endpoints, `METHOD /path`; empty when the spec names none. */
  readonly replacements: readonly string[];
  /** How many requests this line stands for (1 on the first sighting; at exit, the repeats since). */
  readonly count: number;
  /** When the line was written, ISO 8601. */
  readonly time: string;
}

/** A response that carried `Deprecation`, `Sunset` or `Link rel="deprecation"` headers. */
export interface DeprecationHeaderRecord {
  readonly type: 'deprecation-header';
  /** The rule-data entry the request matched too, or null for an endpoint rule-data does not list. */
  readonly entry: string | null;
  readonly method: string;
  readonly url: string;
  readonly host: string;
  readonly caller: RecordedCaller | null;
  /** ISO 8601 from `Deprecation: @<seconds>` (or a legacy HTTP-date); `true` for the legacy `Deprecation: true`; null without the header. */
  readonly deprecation: string | true | null;
  /** ISO 8601 from `Sunset: <HTTP-date>`; null without the header. */
  readonly sunset: string | null;
  /** Targets of `Link: <...>; rel="deprecation"`. */
  readonly links: readonly string[];
  readonly count: number;
  readonly time: string;
}

/** One line of a record file (`SUNSET_RUNTIME_MODE=record`). */
export type RuntimeRecord = RetiredCallRecord | DeprecationHeaderRecord;

/** What makes two lines the same site: the kind, the entry (or endpoint), and the caller. */
export function runtimeRecordSiteKey(record: RuntimeRecord): string {
  const where = record.caller ? `${record.caller.file}:${record.caller.line}:${record.caller.column}` : '?';
  const what = record.type === 'retired-call' ? record.entry : `${record.method} ${record.url.replace(/\?.*$/, '')}`;
  return `${record.type}|${what}|${where}`;
}

/** One record per site with the counts of all its lines added up (lines from several processes may interleave). */
export function mergeRuntimeRecords(records: readonly RuntimeRecord[]): RuntimeRecord[] {
  const sites = new Map<string, RuntimeRecord>();
  for (const record of records) {
    const key = runtimeRecordSiteKey(record);
    const seen = sites.get(key);
    sites.set(key, seen ? { ...seen, count: seen.count + record.count, time: seen.time < record.time ? seen.time : record.time } : record);
  }
  return [...sites.values()];
}

const phases: readonly string[] = ['scheduled', 'deprecated', 'retired'];
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string' && value !== '';
const isCount: Check = (value) => Number.isInteger(value) && (value as number) >= 1;
const isTime: Check = (value) => typeof value === 'string' && isoTime.test(value);
const isStringList: Check = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isCaller: Check = (value) => {
  if (value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const { file, line, column, ...rest } = value as Record<string, unknown>;
  return isString(file) && isCount(line) && Number.isInteger(column) && (column as number) >= 0 && Object.keys(rest).length === 0;
};

const retiredCallFields: Readonly<Record<keyof RetiredCallRecord, Check>> = {
  type: (value) => value === 'retired-call',
  entry: isString,
  retired: isString,
  method: isString,
  url: isString,
  host: isString,
  caller: isCaller,
  phase: (value) => typeof value === 'string' && phases.includes(value),
  replacements: isStringList,
  count: isCount,
  time: isTime,
};

const deprecationHeaderFields: Readonly<Record<keyof DeprecationHeaderRecord, Check>> = {
  type: (value) => value === 'deprecation-header',
  entry: (value) => value === null || isString(value),
  method: isString,
  url: isString,
  host: isString,
  caller: isCaller,
  deprecation: (value) => value === null || value === true || isTime(value),
  sunset: (value) => value === null || isTime(value),
  links: isStringList,
  count: isCount,
  time: isTime,
};

/** Validates one parsed line; returns the problem as a sentence, or the record. */
export function parseRuntimeRecord(value: unknown): RuntimeRecord | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  const record = value as Record<string, unknown>;
  const fields = record['type'] === 'retired-call' ? retiredCallFields : record['type'] === 'deprecation-header' ? deprecationHeaderFields : undefined;
  if (!fields) return `has type ${JSON.stringify(record['type'])}; expected "retired-call" or "deprecation-header"`;
  for (const [field, check] of Object.entries(fields)) {
    if (!(field in record)) return `has no "${field}" field`;
    if (!check(record[field])) return `has an invalid "${field}": ${JSON.stringify(record[field])}`;
  }
  const unknown = Object.keys(record).filter((field) => !(field in fields));
  if (unknown.length > 0) return `has unknown field(s) ${unknown.map((field) => `"${field}"`).join(', ')}`;
  return record as unknown as RuntimeRecord;
}

/** Parses record-file text (JSON lines; blank lines are skipped); errors name the file and line. */
export function parseRuntimeRecordText(text: string, file: string): RuntimeRecord[] {
  const records: RuntimeRecord[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new RuntimeRecordError(file, index + 1, `is not JSON (${(error as Error).message}); a record file holds one JSON object per line, written by SUNSET_RUNTIME_MODE=record.`);
    }
    const record = parseRuntimeRecord(value);
    if (typeof record === 'string') throw new RuntimeRecordError(file, index + 1, `the record ${record}.`);
    records.push(record);
  });
  return records;
}
