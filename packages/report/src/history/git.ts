import { spawn } from 'node:child_process';
import { decodeSource, UsageError } from '@sunset/engine';

/** Runs git (never a shell) and returns its stdout; a failure is a UsageError that says what git said. */
export function git(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(new UsageError(`Cannot run git (${error.message}). --history and --base need git on the PATH.`)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new UsageError(`git ${args.join(' ')} failed in ${cwd}: ${Buffer.concat(err).toString('utf8').trim() || `exit code ${code}`}`));
    });
  });
}

/** A file of a commit's tree. */
export interface TreeFile {
  /** Relative to the repository root, forward slashes. */
  readonly path: string;
  readonly blob: string;
}

/** Every blob of a commit (`git ls-tree -r -z`), submodules and symlinks left out. */
export async function listTree(root: string, commit: string): Promise<TreeFile[]> {
  const out = await git(['ls-tree', '-r', '-z', '--full-tree', commit], root);
  const files: TreeFile[] = [];
  for (const record of out.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, blob] = record.slice(0, tab).split(' ');
    if (type !== 'blob' || mode === '120000' || blob === undefined) continue;
    files.push({ path: record.slice(tab + 1), blob });
  }
  return files;
}

/**
 * One `git cat-file --batch` process for a run: blobs are read straight from the object store,
 * the work tree and the index are never touched. Requests are answered in order.
 */
export class BlobReader {
  readonly #child;
  #buffer: Buffer = Buffer.alloc(0);
  readonly #waiting: { resolve: (text: string) => void; reject: (error: Error) => void }[] = [];
  #failed: Error | undefined;

  constructor(root: string) {
    this.#child = spawn('git', ['cat-file', '--batch'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    const fail = (error: Error): void => {
      this.#failed = error;
      for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
    };
    this.#child.on('error', (error) => fail(new UsageError(`Cannot run git cat-file (${error.message}).`)));
    this.#child.on('close', () => fail(new Error('git cat-file ended')));
  }

  read(blob: string): Promise<string> {
    if (this.#failed !== undefined) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      this.#child.stdin.write(`${blob}\n`);
    });
  }

  close(): void {
    this.#child.stdin.end();
  }

  /** Answers: `<sha> blob <size>\n<content>\n`, or `<sha> missing\n`. */
  #drain(): void {
    for (;;) {
      const newline = this.#buffer.indexOf(10);
      if (newline === -1 || this.#waiting.length === 0) return;
      const header = this.#buffer.subarray(0, newline).toString('utf8');
      const size = /^\S+ \S+ (\d+)$/.exec(header)?.[1];
      if (size === undefined) {
        this.#buffer = this.#buffer.subarray(newline + 1);
        this.#waiting.shift()!.reject(new Error(`git cat-file: ${header}`));
        continue;
      }
      const end = newline + 1 + Number(size);
      if (this.#buffer.length < end + 1) return;
      // Decoded as the current scan decodes files (UTF-16 by its BOM); a blob it cannot read holds no site, as that file is "not checked" today.
      const decoded = decodeSource(this.#buffer.subarray(newline + 1, end));
      const text = decoded.ok ? decoded.text : '';
      this.#buffer = this.#buffer.subarray(end + 1);
      this.#waiting.shift()!.resolve(text);
    }
  }
}
