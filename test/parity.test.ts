import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { findSourceFiles } from '@sunset/engine';
import sunset from '@sunset/eslint-plugin';
import { writeRepo } from '../bench/generate.mjs';
import { repoRoot } from './support/legacy-app.js';

// Issue 11's parity proof: `sunset check --format json` (oxc-parser and the engine) and ESLint with the
// plugin's `recommended` config (espree for JavaScript, @typescript-eslint/parser for TypeScript) report
// the same findings — rule, file, line, column and message — over the same files. Both run the same rule
// core; this shows the two front ends give it the same trees and that disable comments count alike.

const asOf = '2026-11-21';
const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');

interface JsonReport {
  readonly findings: readonly { file: string; line: number; column: number; rule: string; message: string }[];
  readonly errors: readonly { file: string }[];
}

function sunsetCheck(cwd: string, paths: readonly string[]): { findings: string[]; errors: string[] } {
  const result = spawnSync(process.execPath, [bin, 'check', ...paths, '--as-of', asOf, '--format', 'json'], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0 && result.status !== 1) throw new Error(`sunset check exited ${String(result.status)}: ${result.stderr}`);
  const report = JSON.parse(result.stdout) as JsonReport;
  return {
    findings: report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.message}`).sort(),
    errors: report.errors.map((error) => error.file).sort(),
  };
}

async function eslintCheck(cwd: string, paths: readonly string[]): Promise<{ findings: string[]; errors: string[] }> {
  const { files } = await findSourceFiles(paths, { cwd });
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      { files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'], ...(sunset.configs.recommended as unknown as Linter.Config) },
      { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser: tsParser } },
      { files: ['**/*.{js,jsx,mjs,cjs}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
      { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
      { settings: { sunset: { asOf } } },
    ],
  });
  const results = await eslint.lintFiles(files.map((file) => file.path));
  const relative = (file: string): string => path.relative(cwd, file).split(path.sep).join('/');
  return {
    findings: results
      .flatMap((result) => result.messages.filter((message) => message.fatal !== true).map((message) => `${relative(result.filePath)}:${message.line}:${message.column} ${message.ruleId ?? ''} ${message.message}`))
      .sort(),
    errors: results.filter((result) => result.messages.some((message) => message.fatal === true)).map((result) => relative(result.filePath)).sort(),
  };
}

describe('sunset check and ESLint with the plugin give the same findings', () => {
  const benchRepo = mkdtempSync(path.join(tmpdir(), 'sunset-parity-'));
  afterAll(() => rmSync(benchRepo, { recursive: true, force: true }));

  it.each([
    ['the legacy app', 'fixtures/legacy-app'],
    ['the codemod fixtures (inputs and outputs)', 'fixtures/codemod'],
    ['the CLI fixtures', 'fixtures/cli/small'],
  ])('over %s', async (_name, folder) => {
    const cwd = path.join(repoRoot, folder);
    const [cli, eslint] = [sunsetCheck(cwd, ['.']), await eslintCheck(cwd, ['.'])];
    expect(cli.findings.length).toBeGreaterThan(0);
    expect(cli).toEqual(eslint);
  });

  it('over a generated repo of 400 files in every retired form', async () => {
    writeRepo(benchRepo, { files: 400, seed: 7, share: 0.05 });
    const [cli, eslint] = [sunsetCheck(benchRepo, ['.']), await eslintCheck(benchRepo, ['.'])];
    expect(cli.findings.length).toBeGreaterThan(20);
    expect(cli).toEqual(eslint);
  });
});
