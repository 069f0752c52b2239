import type { RetiredCallRecord } from './record/record-line.js';

/** An invalid runtime option; `source` names the environment variable or config field at fault. */
export class RuntimeOptionsError extends Error {
  readonly source: string;

  constructor(message: string, source: string) {
    super(message);
    this.name = 'RuntimeOptionsError';
    this.source = source;
  }
}

/** Thrown (error mode) instead of sending a request to a retired endpoint. */
export class RetiredEndpointError extends Error {
  readonly code = 'SUNSET_RETIRED_ENDPOINT';
  readonly record: RetiredCallRecord;

  constructor(message: string, record: RetiredCallRecord) {
    super(message);
    this.name = 'RetiredEndpointError';
    this.record = record;
  }
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
