import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReportIo } from '../../src/io.js';

export interface ThrowawayRepo {
  readonly dir: string;
  /** Writes (string) or deletes (null) files, then commits them all at `date` (ISO 8601); returns the commit. */
  commit(files: Readonly<Record<string, string | null>>, date: string, message?: string): string;
  /** Copies a folder of this repository into the work tree (not committed). */
  copy(from: string, to: string): void;
  git(...args: string[]): string;
}

export function throwawayRepo(prefix = 'sunset-report-'): ThrowawayRepo {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=Sunset Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  return {
    dir,
    git,
    copy(from, to) {
      cpSync(from, path.join(dir, to), { recursive: true });
    },
    commit(files, date, message = `commit at ${date}`) {
      for (const [file, text] of Object.entries(files)) {
        const target = path.join(dir, file);
        if (text === null) rmSync(target, { force: true });
        else {
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, text);
        }
      }
      git('add', '-A', '-f', '.');
      execFileSync('git', ['-c', 'user.name=Sunset Test', '-c', 'user.email=test@example.com', 'commit', '-q', '--allow-empty', '-m', message], {
        cwd: dir,
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
      return git('rev-parse', 'HEAD').trim();
    },
  };
}

/** Every file under `dir` (but `.git` and the names in `except`) with its bytes, for "untouched" checks. */
export function snapshot(dir: string, except: readonly string[] = []): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const relative = path.relative(dir, full);
      if (relative === '.git' || except.includes(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else files.set(relative, readFileSync(full).toString('base64'));
    }
  };
  walk(dir);
  return files;
}

export interface CapturedIo extends ReportIo {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(cwd: string, now: string): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    cwd,
    env: {},
    now: () => new Date(now),
    out: () => out,
    err: () => err,
  };
}
