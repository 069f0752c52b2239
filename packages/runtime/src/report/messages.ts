import { describeAction, describePhase, phaseOf, type IsoDay, type RetirementEntry } from '@sunset/rule-data';
import type { CallerLocation } from '../caller/call-site.js';
import type { DeprecationHeaderRecord, RetiredCallRecord } from '../record/record-line.js';

// The wording of the runtime's lines; the entry's phase and action come from rule-data, as everywhere.

/** Prefix of every line Sunset writes to stderr. */
export const linePrefix = '[sunset]';

export function where(caller: CallerLocation | null, displayFile: (file: string) => string): string {
  return caller ? `${displayFile(caller.file)}:${caller.line}:${caller.column}` : 'unknown caller';
}

/** `GET /v1/campaigns is retired (support ended 2019-10-01): replace GET /v1/campaigns with GET /v1/buyer/campaigns` */
export function retiredCallText(entry: RetirementEntry, asOf: IsoDay): string {
  return `${entry.retiredKey} is ${phaseOf(entry, asOf)} (${describePhase(entry, asOf)}): ${describeAction(entry)}`;
}

/** One line: where, what, and the request (URL masked). */
export function retiredCallLine(record: RetiredCallRecord, entry: RetirementEntry, asOf: IsoDay, displayFile: (file: string) => string): string {
  return `${linePrefix} ${where(record.caller, displayFile)}: ${retiredCallText(entry, asOf)} (request ${record.method} ${record.url})`;
}

/** The message of the error thrown in `error` mode. */
export function blockedCallMessage(record: RetiredCallRecord, entry: RetirementEntry, asOf: IsoDay, displayFile: (file: string) => string): string {
  return `${retiredCallText(entry, asOf)}. Sunset stopped the request ${record.method} ${record.url} from ${where(record.caller, displayFile)} before it was sent (runtime mode "error").`;
}

/** "the server marks GET http://api/v2/things as deprecated since 2026-01-01T00:00:00.000Z, sunset on ..." */
export function deprecationHeaderLine(record: DeprecationHeaderRecord, displayFile: (file: string) => string): string {
  const parts = [
    record.deprecation === true ? 'as deprecated' : record.deprecation === null ? undefined : `as deprecated since ${record.deprecation}`,
    record.sunset === null ? undefined : `with a sunset on ${record.sunset}`,
  ].filter((part): part is string => part !== undefined);
  const said = parts.length > 0 ? parts.join(' ') : 'as deprecated';
  const links = record.links.length > 0 ? `; see ${record.links.join(', ')}` : '';
  return `${linePrefix} ${where(record.caller, displayFile)}: the server marks ${record.method} ${record.url} ${said} (response headers)${links}`;
}
