import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { CliIo } from '../src/io.js';

// Every tree of a test file lives under one temp folder, removed when the file's tests are done
// (vitest evaluates this module once per test file).
const treesRoot = realpathSync(mkdtempSync(path.join(tmpdir(), 'sunset-cli-')));
afterAll(() => rmSync(treesRoot, { recursive: true, force: true }));

/** A fresh temp folder (real path, so symlink checks compare like with like) holding `files`. */
export function makeTree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(path.join(treesRoot, 'tree-'));
  writeTree(root, files);
  return root;
}

export function writeTree(root: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}

export interface CapturedIo extends CliIo {
  readonly out: () => string;
  readonly err: () => string;
}

export function captureIo(cwd: string, options: Partial<Pick<CliIo, 'isTTY' | 'stderrIsTTY' | 'env' | 'now'>> = {}): CapturedIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
    cwd,
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
    ...(options.stderrIsTTY === undefined ? {} : { stderrIsTTY: options.stderrIsTTY }),
    now: options.now ?? (() => new Date('2026-01-15T12:00:00Z')),
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

/**
 * A `--format json` result without what says where it comes from (`tool`, `version`, `provenance`, each
 * finding's `owners`), for tests about the findings themselves. Those fields have their own tests:
 * format.test.ts (the document), report/tests/merge.test.ts and test/org-report-browser.test.ts (real runs).
 */
export function withoutOrigin(report: unknown): unknown {
  const origin = new Set(['tool', 'version', 'provenance']);
  const rest = Object.fromEntries(Object.entries(report as Record<string, unknown>).filter(([key]) => !origin.has(key)));
  const findings = (rest['findings'] as Record<string, unknown>[] | undefined)?.map((finding) => {
    const copy = { ...finding };
    delete copy['owners'];
    return copy;
  });
  return findings === undefined ? rest : { ...rest, findings };
}
