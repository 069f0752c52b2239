import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The CLI as a user runs it (built dist), on real folders: permissions as an unprivileged user,
// Ctrl-C at several moments of a `fix`, hard links, owners and read-only files.

const bin = path.resolve(import.meta.dirname, '../packages/cli/dist/bin.js');
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sunset-robust-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const retired = "export const list = () => fetch('/v1/campaigns');\n";
const fixed = "export const list = () => fetch('/v1/buyer/campaigns');\n";

/** `setpriv` to run as nobody, when this suite runs as root and the tool exists; else why not. */
function unprivileged(): { prefix: string[] } | { skip: string } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const probe = spawnSync('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, '-e', '0']);
  if (probe.status !== 0) return { skip: `running as root and setpriv cannot switch to nobody (${probe.stderr?.toString().trim() ?? probe.error?.message})` };
  return { prefix: ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'] };
}

function runAs(prefix: string[], cwd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const [command, ...rest] = [...prefix, process.execPath, bin, ...args];
  const result = spawnSync(command!, rest, { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('permissions, as an unprivileged user', () => {
  const user = unprivileged();
  if ('skip' in user) {
    it.skip(`skipped: ${user.skip}`, () => undefined);
    return;
  }
  const prepare = (): string => {
    const root = tree({ 'locked/a.ts': retired, 'ok/b.ts': "export const x = 1;\n" });
    chmodSync(root, 0o777);
    for (const folder of ['ok', 'locked']) chmodSync(path.join(root, folder), 0o777);
    chmodSync(path.join(root, 'locked'), 0o000);
    return root;
  };

  it('lists an unreadable folder inside the scan as not checked and exits 1, for check and fix', () => {
    const root = prepare();
    const check = runAs(user.prefix, root, ['check', '.']);
    expect(check.stdout).toContain('locked  Cannot read the folder: permission denied (EACCES); its files were not checked.');
    expect(check.status).toBe(1);
    const fix = runAs(user.prefix, root, ['fix', '--force', '.']);
    expect(fix.stdout).toContain('locked  Cannot read the folder: permission denied (EACCES); its files were not checked.');
    expect(fix.status).toBe(1);
  });

  it('exits 2 when a path named on the command line cannot be read', () => {
    const root = prepare();
    const check = runAs(user.prefix, root, ['check', 'locked']);
    expect(check.stderr).toBe('sunset: Cannot read path "locked": permission denied (EACCES). Check its permissions and try again.\n');
    expect(check.status).toBe(2);
  });
});

describe('what fix writes', () => {
  it('keeps hard links and the owner, leaves a read-only file alone and says what it did not write', () => {
    const root = tree({ 'src/linked.ts': retired, 'src/owned.ts': retired, 'src/locked.ts': retired });
    linkSync(path.join(root, 'src/linked.ts'), path.join(root, 'other-link.ts'));
    chmodSync(path.join(root, 'src/locked.ts'), 0o444);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(path.join(root, 'src/owned.ts'), 65534, 65534);
    const owner = statSync(path.join(root, 'src/owned.ts'));

    const result = runAs([], root, ['fix', '--force', 'src']);

    // Counted as done: the read-only file is not "changed", its site was not rewritten.
    expect(result.stdout).toBe(
      [
        '3 files scanned, 3 candidates, 2 changed, 1 could not be written.',
        '2 sites rewritten, 0 left with a TODO, 1 skipped.',
        '',
        'Sites a person must finish:',
        '  src/locked.ts:1:33  skipped  campaigns-legacy-list  sunset fix could not write this file (the file is read-only), so nothing was changed here',
        '',
        '1 file could not be transformed and was left untouched:',
        '  src/locked.ts  Could not write: the file is read-only. The file was left as it was.',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
    expect(readFileSync(path.join(root, 'src/locked.ts'), 'utf8')).toBe(retired);
    expect(readFileSync(path.join(root, 'other-link.ts'), 'utf8')).toBe(fixed);
    expect(statSync(path.join(root, 'src/linked.ts')).ino).toBe(statSync(path.join(root, 'other-link.ts')).ino);
    expect(statSync(path.join(root, 'src/linked.ts')).nlink).toBe(2);
    const after = statSync(path.join(root, 'src/owned.ts'));
    expect([after.uid, after.gid]).toEqual([owner.uid, owner.gid]);
    expect(readdirSync(path.join(root, 'src')).sort()).toEqual(['linked.ts', 'locked.ts', 'owned.ts']);
  });
});

/** Every file below `root`, recursively. */
function allFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('Ctrl-C during fix', () => {
  const count = 1500;
  const files = Object.fromEntries(Array.from({ length: count }, (_, index) => [`src/d${index % 20}/f${index}.ts`, retired.repeat(1).replace('list', `list${index}`)]));

  it.each([40, 250, 600, 1200])('stops after %i ms: no temporary file, a summary, exit 130, every file original or fully fixed', async (delay) => {
    const root = tree(files);
    const child = spawn(process.execPath, [bin, 'fix', '--force', '.'], { cwd: root });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, delay));
    child.kill('SIGINT');
    const code = await exited;

    const present = allFiles(root);
    expect(present.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    let written = 0;
    for (const file of present) {
      const text = readFileSync(file, 'utf8');
      const index = /f(\d+)\.ts$/.exec(file)![1];
      expect([retired.replace('list', `list${index}`), fixed.replace('list', `list${index}`)]).toContain(text);
      if (text.includes('/v1/buyer/')) written += 1;
    }
    if (code === 130) {
      expect(stdout).toMatch(new RegExp(`^\\d+ of ${count} files scanned`));
      expect(stdout).toContain(`Interrupted: ${written} file${written === 1 ? '' : 's'} had been written, each completely`);
    } else {
      // The run finished (or had not started reading) before the signal: then it is a normal end, or Node's own exit on SIGINT.
      expect([0, null]).toContain(code);
    }
  }, 30_000);
});
