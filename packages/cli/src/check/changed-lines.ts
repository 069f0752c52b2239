import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';

/** The lines a change adds or edits, by absolute file path (1-based line numbers). */
export interface ChangedLines {
  /** The merge base the change is measured from (full commit id). */
  readonly base: string;
  /** Files with added or edited lines; `'all'` for a file git does not track yet (every line is new). */
  readonly files: ReadonlyMap<string, ReadonlySet<number> | 'all'>;
}

interface GitResult {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs git (never a shell); resolves with its output whatever its exit code, so two can run at once. */
function git(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'core.quotePath=off', ...args], { cwd, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new UsageError('--changed-since needs git, and git is not on the PATH. Install git or drop --changed-since.'));
        return;
      }
      resolve({ ok: error === null, stdout, stderr });
    });
  });
}

/**
 * `origin/main` → `git fetch --depth=50 origin main:refs/remotes/origin/main` (named in full: a
 * single-branch clone's refspec maps only its own branch, so `git fetch origin main` would fill
 * FETCH_HEAD, not `origin/main`); a bare branch or tag → `git fetch --depth=50 origin main:main`, for
 * the same reason (the name must exist here after the fetch); a commit id → `git fetch --depth=50 origin <id>`.
 */
function fetchAdvice(ref: string): string {
  const slash = ref.indexOf('/');
  if (slash > 0 && !ref.startsWith('refs/')) {
    const [remote, branch] = [ref.slice(0, slash), ref.slice(slash + 1)];
    return `git fetch --depth=50 ${remote} ${branch}:refs/remotes/${remote}/${branch}`;
  }
  if (/^[0-9a-f]{7,64}$/i.test(ref)) return `git fetch --depth=50 origin ${ref}`;
  const name = ref.replace(/^refs\/(?:heads|tags)\//, '');
  return `git fetch --depth=50 origin ${name}:${name}`;
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The folder git runs in for a scanned path: the path, its folder when it is a file, or the nearest folder that exists. */
function folderOf(given: string): string {
  for (let current = given; ; current = path.dirname(current)) {
    try {
      return statSync(current).isDirectory() ? current : path.dirname(current);
    } catch {
      if (path.dirname(current) === current) return current;
    }
  }
}

/**
 * The top of the git work tree holding the scanned paths, as those paths spell it (so finding paths
 * compare with the diff's). A path outside git, or paths in two repositories, are usage errors.
 */
async function workTreeOf(ref: string, cwd: string, paths: readonly string[]): Promise<string> {
  const given = paths.length === 0 ? ['.'] : paths;
  const found = await Promise.all(
    given.map(async (scanned) => {
      const absolute = path.resolve(cwd, scanned);
      const folder = folderOf(absolute);
      return { absolute, folder, cdup: await git(folder, ['rev-parse', '--show-cdup']) };
    }),
  );
  const roots = new Set<string>();
  for (const { absolute, folder, cdup } of found) {
    if (!cdup.ok) {
      throw new UsageError(`--changed-since ${ref}: ${absolute} is not inside a git work tree. Check a folder of a git repository, or drop --changed-since.`);
    }
    roots.add(path.resolve(folder, cdup.stdout.trim()));
  }
  if (roots.size > 1) {
    throw new UsageError(`--changed-since ${ref}: the paths lie in ${roots.size} git work trees (${[...roots].join(', ')}). Check each repository on its own.`);
  }
  return [...roots][0]!;
}

/** Why `ref` names no commit, as a sentence that says what to do next. */
async function unknownRefMessage(ref: string, root: string, shallow: boolean): Promise<string> {
  if (!(await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).ok) {
    return `--changed-since ${ref}: the repository at ${root} has no commits yet, so nothing can be measured against ${ref}. Commit first, or drop --changed-since.`;
  }
  // `HEAD~1`, `main^`, `@~2`: a commit counted back from one git knows.
  const relative = /^(.*?)[~^]/.exec(ref);
  const from = relative?.[1] === '' || relative?.[1] === '@' ? 'HEAD' : relative?.[1];
  if (from !== undefined && (await git(root, ['rev-parse', '--verify', '--quiet', `${from}^{commit}`])).ok) {
    if (shallow) return `--changed-since ${ref}: this clone is shallow and its history stops before ${ref}. Fetch more history: git fetch --deepen=50 (or git fetch --unshallow).`;
    const count = Number((await git(root, ['rev-list', '--count', from])).stdout.trim());
    return `--changed-since ${ref}: ${ref} does not exist in this history (${from} has only ${plural(count, 'commit')}; git log --oneline lists them). Name a commit that exists, or drop --changed-since.`;
  }
  const why = shallow ? ' (this clone is shallow, so it may have fetched only the current branch)' : '';
  if ((await git(root, ['remote'])).stdout.trim() === '') {
    return `--changed-since ${ref}: git knows no commit ${JSON.stringify(ref)}${why}, and the repository has no remote to fetch it from. Name a branch, tag or commit that exists (git branch -a lists them), or drop --changed-since.`;
  }
  return `--changed-since ${ref}: git knows no commit ${JSON.stringify(ref)}${why}. Fetch the base branch: ${fetchAdvice(ref)}`;
}

/**
 * What `git diff` says changed since the merge base of `ref` and HEAD, in the work tree holding the
 * scanned `paths` (committed, staged and unstaged changes, plus untracked files that .gitignore does
 * not exclude). Renames are followed (`-M`): a moved file's unchanged lines are not new. Throws a
 * UsageError saying what to do when the ref or the merge base is missing (a shallow CI clone, a
 * ref older than the history, a repository without commits). The diff and the search for untracked
 * files each stat the whole work tree (1-1.5 s at 100,000 files on a loaded machine): they run at the same time.
 */
export async function changedLinesSince(ref: string, cwd: string, paths: readonly string[] = ['.']): Promise<ChangedLines> {
  const root = await workTreeOf(ref, cwd, paths);
  const [shallowAnswer, known] = await Promise.all([git(root, ['rev-parse', '--is-shallow-repository']), git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])]);
  const shallow = shallowAnswer.stdout.trim() === 'true';
  if (!known.ok) throw new UsageError(await unknownRefMessage(ref, root, shallow));
  const mergeBase = await git(root, ['merge-base', ref, 'HEAD']);
  if (!mergeBase.ok) {
    const why = shallow ? 'the shallow clone does not reach back to where the branches meet' : 'the histories share no commit';
    throw new UsageError(
      `--changed-since ${ref}: no merge base of ${ref} and HEAD (${why}). Fetch more history: ${fetchAdvice(ref).replace('--depth=50', '--deepen=200')} (or git fetch --unshallow).`,
    );
  }
  const base = mergeBase.stdout.trim();
  const [diff, numstat, untracked] = await Promise.all([
    // The prefixes named: diff.noprefix or diff.mnemonicPrefix in the user's git config change them otherwise.
    git(root, ['diff', '--no-color', '--no-ext-diff', '--unified=0', '-M', '--src-prefix=a/', '--dst-prefix=b/', base, '--']),
    // The same diff counted per file: the files git shows as binary (UTF-16 text among them) have no hunks above.
    git(root, ['diff', '--no-color', '--no-ext-diff', '--numstat', '-z', '-M', '--diff-filter=d', base, '--']),
    git(root, ['ls-files', '--others', '--exclude-standard', '-z']),
  ]);
  if (!diff.ok) throw new UsageError(`--changed-since ${ref}: git diff failed: ${diff.stderr.trim()}`);
  if (!numstat.ok) throw new UsageError(`--changed-since ${ref}: git diff failed: ${numstat.stderr.trim()}`);
  const files = new Map<string, ReadonlySet<number> | 'all'>();
  for (const [file, lines] of parseAddedLines(diff.stdout)) files.set(path.join(root, file), lines);
  // git gives no lines for a binary diff: every line of such a file counts as changed.
  for (const file of parseBinaryFiles(numstat.stdout)) files.set(path.join(root, file), 'all');
  for (const file of untracked.stdout.split('\0')) if (file !== '') files.set(path.join(root, file), 'all');
  return { base, files };
}

/**
 * The added line numbers per new path of a `git diff --unified=0` (paths relative to the repository
 * root). A deleted file has none; a hunk `+c,0` deletes only. A file's header lines (`+++ b/path`) come
 * between its `diff --git` line and its first hunk: after that, a line starting `+++ ` is an added line
 * that starts `++ ` (`++ retries;`), not a header. git ends a path holding a space with a tab there.
 */
export function parseAddedLines(diff: string): Map<string, Set<number>> {
  const files = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  let inHeader = false;
  for (const line of diff.split('\n')) {
    // A line of a hunk starts with +, -, a space or a backslash: this is always the next file's.
    if (line.startsWith('diff --git ')) {
      inHeader = true;
      current = undefined;
      continue;
    }
    if (inHeader && line.startsWith('+++ ')) {
      const target = line.slice(4).replace(/\t$/, '');
      if (target === '/dev/null') {
        current = undefined;
        continue;
      }
      const file = unquoteGitPath(target).replace(/^b\//, '');
      current = files.get(file) ?? new Set<number>();
      files.set(file, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk === null) continue;
    inHeader = false;
    if (current === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    for (let lineNumber = start; lineNumber < start + count; lineNumber++) current.add(lineNumber);
  }
  return files;
}

/**
 * The new paths of the files a `git diff --numstat -z` shows as binary (`-` for both counts): git
 * finds no lines in them (UTF-16 text, or a file .gitattributes marks binary). A record is
 * `added<TAB>deleted<TAB>path<NUL>`, or for a rename `added<TAB>deleted<TAB><NUL>old<NUL>new<NUL>`.
 */
export function parseBinaryFiles(numstat: string): string[] {
  const binary: string[] = [];
  const fields = numstat.split('\0');
  for (let index = 0; index < fields.length; index++) {
    const record = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(fields[index]!.replace(/^\n/, ''));
    if (record === null) continue;
    let file = record[3]!;
    if (file === '') {
      // A rename: the old and the new path follow as fields of their own.
      file = fields[index + 2] ?? '';
      index += 2;
    }
    if (record[1] === '-' && record[2] === '-' && file !== '') binary.push(file);
  }
  return binary;
}

/** git writes a path with a tab, newline, quote or backslash as a C-style quoted string (octal escapes for bytes). */
function unquoteGitPath(text: string): string {
  if (!text.startsWith('"')) return text;
  const bytes: number[] = [];
  const simple: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
  for (let index = 1; index < text.length - 1; index++) {
    const char = text[index]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = text[index + 1]!;
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(text.slice(index + 1, index + 4), 8));
      index += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** True when any line of `[line, endLine]` was added or edited by the change. */
export function touchesChangedLines(changed: ChangedLines, file: string, line: number, endLine = line): boolean {
  const lines = changed.files.get(file);
  if (lines === undefined) return false;
  if (lines === 'all') return true;
  for (let lineNumber = line; lineNumber <= endLine; lineNumber++) if (lines.has(lineNumber)) return true;
  return false;
}
