import { readFileSync } from 'node:fs';
import { describeFileError } from '../errors.js';
import type { SkippedFile } from '../files/source-shape.js';

/** A package.json as the config lookup and the walk read it: its value, or, when it cannot be read as JSON, the file as not read. */
export type PackageJsonRead = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly skipped: SkippedFile };

/**
 * Reads a package.json that may hold a `sunset` key. One that cannot be read or does not parse is not
 * a config source (tools' repositories keep broken ones as test fixtures): it comes back as a file not
 * read, with a sentence saying why, and never stops the run. A UTF-8 BOM is not part of the JSON.
 */
export function readPackageJson(file: string): PackageJsonRead {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, skipped: invalidPackageJson(file, `it cannot be read: ${describeFileError(error)}`) };
  }
  const json = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(json) as unknown };
  } catch (error) {
    return { ok: false, skipped: invalidPackageJson(file, `it is not valid JSON (${describeJsonError(json, error as Error)})`) };
  }
}

function invalidPackageJson(file: string, why: string): SkippedFile {
  return {
    file,
    reason: 'invalid-package-json',
    message: `Not read as a config: ${why}. A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.`,
  };
}

/**
 * V8's reason with the place as a line and column (`Expected ',' or '}' after property value, at line
 * 7, column 1`), the same on every Node version: Node 20 gives only the offset, Node 22 adds its own line.
 */
export function describeJsonError(text: string, error: Error): string {
  const reason = error.message.replace(/\s*\(line \d+ column \d+\)\s*$/, '').replace(/\s+in JSON at position \d+$/, '');
  const offset = /at position (\d+)/.exec(error.message)?.[1];
  const at = offset !== undefined ? Number(offset) : /end of JSON input/.test(error.message) ? text.length : undefined;
  if (at === undefined) return reason;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - (before.lastIndexOf('\n') + 1) + 1;
  return `${reason}, at line ${line}, column ${column}`;
}
