import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureAsOf, legacyAppDir, lintWithRecommended, repoRoot } from './support/legacy-app.js';

// Issue 4's end-to-end test: `sunset fix` over a git-initialised copy of fixtures/legacy-app gives
// exactly the checked-in tree fixtures/legacy-app-fixed (the files it must change, as they must
// look; every other file byte-identical), a second run changes nothing, and linting the result
// finds no rewrite left and each TODO marker once. Regenerate the tree with
// scripts/update-legacy-app-fixed.mjs and review its diff.

const bin = path.join(repoRoot, 'packages/cli/dist/bin.js');
const expectedDir = path.join(repoRoot, 'fixtures/legacy-app-fixed');
const allFiles = (dir: string): string[] => fg.sync('**/*', { cwd: dir, dot: true, ignore: ['.git/**'] }).sort();

let work = '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: work, encoding: 'utf8' });
const runFix = (): ReturnType<typeof spawnSync> =>
  spawnSync(process.execPath, [bin, 'fix', '.', '--as-of', fixtureAsOf, '--format', 'json'], { cwd: work, encoding: 'utf8' });

function lintTree(dir: string): (Linter.LintMessage & { file: string })[] {
  return lintWithRecommended(new Linter({ configType: 'flat', cwd: dir }), dir).flatMap(({ file, messages }) => {
    expect(messages.filter((message) => message.ruleId === null)).toEqual([]); // no parse error, no unmatched file
    return messages.map((message) => ({ ...message, file }));
  });
}

describe('sunset fix over the legacy app', () => {
  let firstRun: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'sunset-fix-e2e-'));
    cpSync(legacyAppDir, work, { recursive: true });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=sunset', '-c', 'user.email=sunset@example.invalid', 'commit', '-qm', 'before');
    firstRun = runFix();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('exits 0 and reports every site: rewritten or left with a TODO, none skipped', () => {
    expect(firstRun.stderr).toBe('');
    expect(firstRun.status).toBe(0);
    const report = JSON.parse(String(firstRun.stdout)) as { sites: { action: string }[] };
    const count = (action: string): number => report.sites.filter((site) => site.action === action).length;
    // REPORT_DATA_URL of src/config/endpoints.ts gets its TODO at the report runner's request only.
    expect([count('rewritten'), count('todo'), count('skipped')]).toEqual([16, 41, 0]);
  });

  it('changes exactly the files of the expected tree, to exactly their expected text', () => {
    const changed = git('diff', '--name-only').split('\n').filter(Boolean).sort();
    expect(changed).toEqual(allFiles(expectedDir));
    for (const file of changed) {
      expect(readFileSync(path.join(work, file), 'utf8'), file).toBe(readFileSync(path.join(expectedDir, file), 'utf8'));
    }
  });

  it('leaves every other file byte-identical, including the ignored dist/ and node_modules/', () => {
    const changed = new Set(allFiles(expectedDir));
    for (const file of allFiles(legacyAppDir).filter((name) => !changed.has(name))) {
      expect(readFileSync(path.join(work, file)).equals(readFileSync(path.join(legacyAppDir, file))), file).toBe(true);
    }
    expect(git('status', '--porcelain', '--untracked-files=all').split('\n').filter((line) => line.startsWith('??'))).toEqual([]);
  });

  it('changes nothing on a second run', () => {
    git('add', '-A');
    git('-c', 'user.name=sunset', '-c', 'user.email=sunset@example.invalid', 'commit', '-qm', 'after');
    const second = runFix();
    expect(second.status).toBe(0);
    expect(git('status', '--porcelain')).toBe('');
    const report = JSON.parse(String(second.stdout)) as { sites: { action: string }[] };
    expect(report.sites.filter((site) => site.action === 'rewritten')).toEqual([]);
  });

  it('leaves no rewrite for the plugin to report, and each request left with a TODO is one finding: the call, its marker not again', () => {
    const reports = lintTree(work);
    const retired = reports.filter((report) => report.ruleId !== 'sunset/no-sunset-todo');
    expect(retired.filter((report) => report.fix !== undefined)).toEqual([]);
    const markerLines = allFiles(expectedDir).flatMap((file) =>
      readFileSync(path.join(expectedDir, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.includes('TODO(sunset:') ? [`${file}:${index + 1}`] : [])),
    );
    expect(markerLines).toHaveLength(41); // one marker per request (a SOAP envelope and its SOAPAction header share one) and statement
    // Every marker sits on a call that is still there: the call is the finding, the marker its related place.
    // That holds in the editor too for report-runner.ts:79, which reads its URL from another file: the
    // plugin reads src/config/endpoints.ts by relative path, as sunset check's module graph does.
    const todoReports = reports.filter((report) => report.ruleId === 'sunset/no-sunset-todo').map((report) => `${report.file}:${report.line}`);
    expect(todoReports).toEqual([]);
    const retirementRules = ['sunset/no-legacy-rest-path', 'sunset/no-retired-soap-operation', 'sunset/no-sync-reporting'];
    const retirements = retired.filter((report) => retirementRules.includes(report.ruleId ?? ''));
    // Linting endpoints.ts alone, the plugin cannot know that the report runner reads REPORT_DATA_URL: it
    // reports the declaration, which has no marker (sunset check reports and marks the request only).
    const unmarked = retirements.filter((report) => report.file === 'src/config/endpoints.ts').map((report) => `${report.file}:${report.line}:${report.column} ${report.ruleId}`);
    expect(unmarked).toEqual(['src/config/endpoints.ts:12:32 sunset/no-sync-reporting']);
    expect(retirements).toHaveLength(markerLines.length + unmarked.length);
  });
});
