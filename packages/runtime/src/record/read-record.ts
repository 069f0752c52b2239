import { readFileSync } from 'node:fs';
import { parseRuntimeRecordText, type RuntimeRecord } from '@sunset/rule-data';

export { parseRuntimeRecordText };

/** Reads a record file written by `SUNSET_RUNTIME_MODE=record`: every line validated, in file order. */
export function readRuntimeRecord(file: string): RuntimeRecord[] {
  return parseRuntimeRecordText(readFileSync(file, 'utf8'), file);
}
