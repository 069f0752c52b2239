import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import ignore from 'ignore';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const legacyAppDir = path.join(repoRoot, 'fixtures/legacy-app');

/** The sample app pins `asOf`, so its expected phases do not move with the calendar. */
export const fixtureAsOf = '2026-11-21';

export interface ExpectedFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly entry: string;
  readonly retired: string;
  readonly fix: 'rewrite' | 'todo';
}

export function expectedFindings(dir = legacyAppDir): ExpectedFinding[] {
  return JSON.parse(readFileSync(path.join(dir, 'expected-findings.json'), 'utf8')) as ExpectedFinding[];
}

/** The app's source files as a user's editor would lint them: `.gitignore` honoured, `node_modules` skipped. */
export function legacyAppSourceFiles(dir = legacyAppDir): string[] {
  const gitignore = ignore().add(readFileSync(path.join(dir, '.gitignore'), 'utf8'));
  const files = fg.sync('**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}', { cwd: dir, ignore: ['**/node_modules/**'], dot: true });
  return gitignore.filter(files).sort();
}

export const byPosition = <T extends { file: string; line: number; column: number; entry?: string }>(a: T, b: T): number =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || (a.entry ?? '').localeCompare(b.entry ?? '');
