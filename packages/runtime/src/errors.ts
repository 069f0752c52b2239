import type { RetiredCallRecord } from '@sunset/rule-data';

export { RuntimeRecordError } from '@sunset/rule-data';

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
