import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { createPlugin, type SunsetReport } from '@sunset/eslint-plugin';
import { describeEndpoint } from '@sunset/rule-data';
import type { ResolvedConfig } from '../config/types.js';
import type { FileError, Finding, LintFiles, LintTarget } from './types.js';

// `sunset check` lints with ESLint's own `Linter` and the plugin's rules, so the gate and the
// editor always agree. The plugin instance gets an `onFinding` listener: every report arrives with
// the structured finding behind it (entry, phase, migration) that ESLint's messages do not carry.

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

function findingOf(report: SunsetReport, file: string): Finding {
  const position = { file, line: report.line, column: report.column, endLine: report.endLine, endColumn: report.endColumn };
  if (report.ruleId === 'sunset/no-sunset-todo') {
    return { ...position, rule: report.ruleId, message: report.message, ...(report.finding.entry ? { entry: report.finding.entry.id } : {}), severity: 'warning' };
  }
  const { finding } = report;
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

function configFor(target: LintTarget, config: ResolvedConfig, plugin: ReturnType<typeof createPlugin>): Linter.Config[] {
  return [
    { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'], languageOptions: languageOptionsFor(target.path) },
    plugin.configs.recommended as unknown as Linter.Config,
    {
      settings: {
        sunset: {
          asOf: config.asOf,
          ...(config.apiHosts ? { apiHosts: config.apiHosts } : {}),
          reportScheduled: config.reportScheduled,
          ...(config.scheduledWithinDays === undefined ? {} : { scheduledWithinDays: config.scheduledWithinDays }),
          ...(config.customEntries.length > 0 ? { customEntries: config.customEntries } : {}),
        },
      },
    },
  ];
}

export const lintFiles: LintFiles = (targets, config) => {
  const linter = new Linter({ configType: 'flat' });
  const findings: Finding[] = [];
  const errors: FileError[] = [];
  for (const target of targets) {
    const reports: SunsetReport[] = [];
    const plugin = createPlugin({ onFinding: (report) => reports.push(report) });
    const messages = linter.verify(target.source, configFor(target, config, plugin), { filename: target.path });
    for (const message of messages) {
      if (message.fatal === true) errors.push({ file: target.displayPath, line: message.line, message: `Could not parse: ${message.message}` });
    }
    findings.push(...reports.map((report) => findingOf(report, target.displayPath)));
  }
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
  return Promise.resolve({ findings, errors });
};
