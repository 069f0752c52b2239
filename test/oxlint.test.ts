import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlugin } from '@sunset/eslint-plugin';
import { ensureBuilt, makeTempDir } from './support/cli.js';
import { fixtureAsOf, legacyAppDir, lintWithRecommended, repoRoot } from './support/legacy-app.js';

// oxlint as a supported face: oxlint 1.94 loads the BUILT plugin through `jsPlugins` (the alias form,
// so the rules are `sunset/<rule>`) and must report on fixtures/legacy-app exactly what ESLint with the
// plugin reports, but for one difference by design: ESLint hands the plugin its parser, with which
// it reads the modules a file imports by relative path (a constant or a client made there), while
// oxlint's JS plugins get a parser whose parse() is not implemented yet, so under oxlint those calls
// are read one file at a time. typeAware gets no types under oxlint: the plugin says so on stderr.

const oxlintBin = path.join(repoRoot, 'node_modules/.bin/oxlint');
const pluginEntry = path.join(repoRoot, 'packages/eslint-plugin/dist/index.js');

interface OxlintDiagnostic {
  readonly code: string;
  readonly filename: string;
  readonly labels: readonly { readonly span: { readonly line: number; readonly column: number } }[];
}

/** The `.oxlintrc.json` of the recipe in docs/editor.md, with every recommended Sunset rule on: oxlint's own rules off. */
function oxlintConfig(settings: object): object {
  return {
    categories: { correctness: 'off' },
    jsPlugins: [{ name: 'sunset', specifier: pluginEntry }],
    rules: createPlugin().configs.recommended.rules,
    settings: { sunset: settings },
  };
}

describe('oxlint with the Sunset plugin as a JS plugin', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };

  beforeAll(async () => {
    await ensureBuilt();
    temp = await makeTempDir('oxlint');
  });

  afterAll(async () => {
    await temp.cleanup();
  });

  function runOxlint(settings: object): { code: number | null; positions: string[]; stderr: string } {
    const configFile = path.join(temp.dir, `oxlintrc-${Object.keys(settings).join('-')}.json`);
    writeFileSync(configFile, JSON.stringify(oxlintConfig(settings)));
    const run = spawnSync(oxlintBin, ['-c', configFile, '--format', 'json', '.'], { cwd: legacyAppDir, encoding: 'utf8' });
    const diagnostics = (JSON.parse(run.stdout) as { diagnostics: OxlintDiagnostic[] }).diagnostics;
    const positions = diagnostics.map((diagnostic) => {
      const { line, column } = diagnostic.labels[0]!.span;
      return `${diagnostic.filename}:${line}:${column} ${diagnostic.code.replace(/^sunset\((.+)\)$/, 'sunset/$1')}`;
    });
    return { code: run.status, positions: positions.sort(), stderr: run.stderr };
  }

  /** The calls of the legacy app that read a constant of src/config/endpoints.ts: ESLint reads it, oxlint cannot. */
  const throughAnotherFile = (JSON.parse(readFileSync(path.join(legacyAppDir, 'expected-cross-file-findings.json'), 'utf8')) as { file: string; line: number; column: number; rule: string }[]).map(
    (finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule}`,
  );

  /** What ESLint reports on the legacy app, less the calls it reads through another file. */
  const eslintPositions = (): string[] => {
    const positions = lintWithRecommended(new Linter()).flatMap(({ file, messages }) => messages.map((message) => `${file}:${message.line}:${message.column} ${message.ruleId ?? 'fatal'}`));
    expect(throughAnotherFile.filter((position) => !positions.includes(position))).toEqual([]);
    return positions.filter((position) => !throughAnotherFile.includes(position)).sort();
  };

  it('reports exactly the findings ESLint reports on the legacy app, at the same lines and columns, but those read through another file', () => {
    const oxlint = runOxlint({ asOf: fixtureAsOf });
    const eslint = eslintPositions();
    expect(eslint.length).toBeGreaterThan(60);
    expect(oxlint.positions).toEqual(eslint);
    expect(oxlint.code).toBe(1);
  });

  it('warns on stderr that typeAware has no types under oxlint, and reports the syntax-only findings', () => {
    const oxlint = runOxlint({ asOf: fixtureAsOf, typeAware: true });
    expect(oxlint.stderr).toContain('SunsetWarning: settings.sunset.typeAware is on, but the parser gave no TypeScript program for ');
    expect(oxlint.stderr).toContain('oxlint gives JS plugins no type information');
    expect(oxlint.stderr.match(/SunsetWarning/g)?.length).toBeGreaterThanOrEqual(1);
    expect(oxlint.positions).toEqual(eslintPositions());
  });

  it('stops on a bad setting of .oxlintrc.json with an error that names that file, not only the ESLint config', () => {
    writeFileSync(path.join(temp.dir, 'client.js'), "fetch('/v1/campaigns');\n");
    const configFile = path.join(temp.dir, '.oxlintrc.json');
    writeFileSync(configFile, JSON.stringify(oxlintConfig({ asOf: '2026-02-30' })));
    const run = spawnSync(oxlintBin, ['-c', configFile, '--format', 'json', 'client.js'], { cwd: temp.dir, encoding: 'utf8' });
    const [diagnostic] = (JSON.parse(run.stdout) as { diagnostics: { message: string }[] }).diagnostics;
    expect(diagnostic?.message.split('\n')[2]).toBe(
      'SunsetSettingsError: Invalid Sunset option `settings.sunset.asOf`: "2026-02-30" is not a day on the calendar. Fix it where settings.sunset is set (eslint.config.* for ESLint, .oxlintrc.json for oxlint). ' +
        'Every Sunset rule reads settings.sunset, so a rule named with this error is only the first one that read it.',
    );
    expect(run.status).toBe(1);
  });
});
