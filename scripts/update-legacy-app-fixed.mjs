#!/usr/bin/env node
// Regenerates fixtures/legacy-app-fixed/: the files `sunset fix` changes in fixtures/legacy-app, as
// they must look afterwards. Run after `pnpm build`, then REVIEW `git diff fixtures/legacy-app-fixed`
// line by line: test/fix-legacy-app.test.ts treats this tree as the specification.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const expectedDir = path.join(root, 'fixtures/legacy-app-fixed');
const work = mkdtempSync(path.join(tmpdir(), 'sunset-fixed-'));
cpSync(path.join(root, 'fixtures/legacy-app'), work, { recursive: true });
const git = (...args) => execFileSync('git', args, { cwd: work, encoding: 'utf8' });
git('init', '-q');
git('add', '-A');
git('-c', 'user.name=sunset', '-c', 'user.email=sunset@example.invalid', 'commit', '-qm', 'before');
execFileSync(process.execPath, [path.join(root, 'packages/cli/dist/bin.js'), 'fix', '.', '--as-of', '2026-11-21'], { cwd: work, stdio: 'inherit' });
const changed = git('diff', '--name-only').split('\n').filter(Boolean);
rmSync(expectedDir, { recursive: true, force: true });
for (const file of changed) {
  mkdirSync(path.dirname(path.join(expectedDir, file)), { recursive: true });
  writeFileSync(path.join(expectedDir, file), readFileSync(path.join(work, file)));
}
rmSync(work, { recursive: true, force: true });
console.log(`wrote ${changed.length} files to fixtures/legacy-app-fixed; review the diff before committing`);
