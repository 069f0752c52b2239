import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import type { Linter as Linter10 } from 'eslint';
import type { Linter as Linter9 } from 'eslint9';
import fg from 'fast-glob';
import ignore from 'ignore';
import { createPlugin } from '@sunset/eslint-plugin';

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

/** A finding of a request rule (report limits, OAuth usage): no retirement entry, the message says what is broken. */
export interface ExpectedRequestFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
}

function expectedList(dir: string): (ExpectedFinding | ExpectedRequestFinding)[] {
  return JSON.parse(readFileSync(path.join(dir, 'expected-findings.json'), 'utf8')) as (ExpectedFinding | ExpectedRequestFinding)[];
}

/** The expected retirement findings (those with an entry). */
export function expectedFindings(dir = legacyAppDir): ExpectedFinding[] {
  return expectedList(dir).filter((finding): finding is ExpectedFinding => 'entry' in finding);
}

/** The expected findings of calls that read a constant of another file by relative path (the module graph, and the plugin's relative modules). */
export function expectedCrossFileFindings(dir = legacyAppDir): ExpectedFinding[] {
  return JSON.parse(readFileSync(path.join(dir, 'expected-cross-file-findings.json'), 'utf8')) as ExpectedFinding[];
}

/** The expected findings of the request rules (report limits, OAuth usage): position, rule and message. */
export function expectedRequestFindings(dir = legacyAppDir): ExpectedRequestFinding[] {
  return expectedList(dir).filter((finding): finding is ExpectedRequestFinding => !('entry' in finding));
}

/** The app's source files as a user's editor would lint them: `.gitignore` honoured, `node_modules` skipped. */
export function legacyAppSourceFiles(dir = legacyAppDir): string[] {
  const gitignore = ignore().add(readFileSync(path.join(dir, '.gitignore'), 'utf8'));
  const files = fg.sync('**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}', { cwd: dir, ignore: ['**/node_modules/**'], dot: true });
  return gitignore.filter(files).sort();
}

export const byPosition = <T extends { file: string; line: number; column: number; entry?: string; rule?: string; message?: string }>(a: T, b: T): number =>
  a.file.localeCompare(b.file) ||
  a.line - b.line ||
  a.column - b.column ||
  (a.entry ?? '').localeCompare(b.entry ?? '') ||
  (a.rule ?? '').localeCompare(b.rule ?? '') ||
  (a.message ?? '').localeCompare(b.message ?? '');

export interface LintedFile {
  readonly file: string;
  readonly messages: readonly Linter10.LintMessage[];
}

/**
 * Lints an app tree file by file as a user's flat config would: the language options for the
 * file's kind, the plugin's `recommended` config, and `asOf` pinned to the fixtures' day.
 */
export function lintWithRecommended(linter: Linter9 | Linter10, dir = legacyAppDir): LintedFile[] {
  return legacyAppSourceFiles(dir).map((file) => {
    const plugin = createPlugin();
    const config = [
      {
        files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
        languageOptions: {
          ecmaVersion: 'latest' as const,
          sourceType: file.endsWith('.cjs') ? ('commonjs' as const) : ('module' as const),
          ...(/\.[cm]?tsx?$/.test(file) ? { parser: tsParser } : {}),
          parserOptions: { ecmaFeatures: { jsx: file.endsWith('x') } },
        },
      },
      plugin.configs.recommended,
      { settings: { sunset: { asOf: fixtureAsOf } } },
    ];
    const source = readFileSync(path.join(dir, file), 'utf8');
    // The two majors' config types differ only in details these plain objects do not use.
    const messages = (linter as Linter10).verify(source, config as Linter10.Config[], { filename: path.join(dir, file) });
    return { file, messages };
  });
}
