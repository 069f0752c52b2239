import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { createPlugin, type SunsetReport } from '@sunset/eslint-plugin';
import { describeEndpoint } from '@sunset/rule-data';
import type { FileError, Finding, LintTarget } from './types.js';

// The linting engine behind `sunset check`: ESLint's own `Linter` and the plugin's rules, so the gate
// and the editor always agree. The plugin instance gets an `onFinding` listener: every report arrives
// with the structured finding behind it (entry, phase, migration) that ESLint's messages do not carry.
// This module loads ESLint, the TypeScript parser and the plugin; `lint-files.ts` imports it only
// when there is something to lint, in the main thread and in each lint worker.

/** The plugin settings of a run: plain data, so a lint worker can receive them. */
export interface LintSettings {
  readonly asOf: string;
  readonly apiHosts: readonly string[] | undefined;
  readonly identityHosts: readonly string[] | undefined;
  readonly reportScheduled: boolean;
  readonly scheduledWithinDays: number | undefined;
  readonly customEntries: readonly unknown[];
}

/** What linting one file produced, in the order the plugin reported it. */
export interface FileLintResult {
  readonly findings: readonly Finding[];
  readonly errors: readonly FileError[];
}

const typescriptFile = /\.[cm]?tsx?$/;

function languageOptionsFor(file: string): Linter.LanguageOptions {
  const jsx = file.endsWith('x') || /\.[cm]?js$/.test(file);
  return {
    ecmaVersion: 'latest',
    sourceType: file.endsWith('.cjs') || file.endsWith('.cts') ? 'commonjs' : 'module',
    ...(typescriptFile.test(file) ? { parser: tsParser as Linter.Parser } : {}),
    parserOptions: { ecmaFeatures: { jsx: typescriptFile.test(file) ? file.endsWith('x') : jsx } },
  };
}

/** The facts `languageOptionsFor` depends on: files that share them share one config array. */
function languageKeyOf(file: string): string {
  const typescript = typescriptFile.test(file);
  return [typescript, file.endsWith('x'), /\.[cm]?js$/.test(file), file.endsWith('.cjs') || file.endsWith('.cts')].join(',');
}

function findingOf(report: SunsetReport, file: string): Finding {
  const position = { file, line: report.line, column: report.column, endLine: report.endLine, endColumn: report.endColumn };
  if (report.ruleId === 'sunset/no-sunset-todo') {
    return { ...position, rule: report.ruleId, message: report.message, ...(report.finding.entry ? { entry: report.finding.entry.id } : {}), severity: 'warning' };
  }
  const { finding } = report;
  // Request rules (report limits, OAuth usage) carry no retirement entry: the message says what is broken.
  if ('check' in finding) return { ...position, rule: report.ruleId, message: report.message, severity: 'error' };
  return {
    ...position,
    rule: report.ruleId,
    message: report.message,
    entry: finding.entry.id,
    retired: finding.retiredKey,
    replacements: finding.replacements.map(describeEndpoint),
    phase: finding.phase,
    fix: finding.migration,
    severity: 'error',
  };
}

function settingsOf(settings: LintSettings): Linter.Config {
  return {
    settings: {
      sunset: {
        asOf: settings.asOf,
        ...(settings.apiHosts ? { apiHosts: settings.apiHosts } : {}),
        ...(settings.identityHosts ? { identityHosts: settings.identityHosts } : {}),
        reportScheduled: settings.reportScheduled,
        ...(settings.scheduledWithinDays === undefined ? {} : { scheduledWithinDays: settings.scheduledWithinDays }),
        ...(settings.customEntries.length > 0 ? { customEntries: settings.customEntries } : {}),
      },
    },
  };
}

/**
 * A linter for one run: one `Linter`, one plugin instance and one config array per kind of file
 * (created once, not per file). The plugin's listener collects into the array of the file being
 * linted; `lintTarget` is synchronous, so reports never mix between files.
 */
export function createLintEngine(settings: LintSettings): (target: LintTarget) => FileLintResult {
  // The config's `files` globs are matched relative to the Linter's cwd, and a file outside it
  // matches no config and is silently not linted; with the file-system root as cwd every path we
  // hand over (explicit paths outside the working directory included) is linted.
  const linter = new Linter({ configType: 'flat', cwd: path.parse(process.cwd()).root });
  let reports: SunsetReport[] = [];
  const plugin = createPlugin({ onFinding: (report) => reports.push(report) });
  const sharedSettings = settingsOf(settings);
  const configs = new Map<string, Linter.Config[]>();
  const configFor = (file: string): Linter.Config[] => {
    const key = languageKeyOf(file);
    let config = configs.get(key);
    if (config === undefined) {
      config = [
        { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'], languageOptions: languageOptionsFor(file) },
        plugin.configs.recommended as unknown as Linter.Config,
        sharedSettings,
      ];
      configs.set(key, config);
    }
    return config;
  };
  return (target) => {
    reports = [];
    const messages = linter.verify(target.source, configFor(target.path), { filename: target.path });
    const errors: FileError[] = [];
    for (const message of messages) {
      if (message.fatal === true) errors.push({ file: target.displayPath, line: message.line, message: `Could not parse: ${message.message}` });
      // Any other message without a rule is ESLint saying it did not lint the file: never pass silently.
      else if (message.ruleId === null) errors.push({ file: target.displayPath, message: `Not checked: ${message.message}` });
    }
    return { findings: reports.map((report) => findingOf(report, target.displayPath)), errors };
  };
}
