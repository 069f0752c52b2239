import { readFileSync } from 'node:fs';
import { RuntimeRecordError } from '../errors.js';
import { parseRuntimeRecord, type RuntimeRecord } from './record-line.js';

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

/** Reads a record file written by `SUNSET_RUNTIME_MODE=record`: every line validated, in file order. */
export function readRuntimeRecord(file: string): RuntimeRecord[] {
  return parseRuntimeRecordText(readFileSync(file, 'utf8'), file);
}
