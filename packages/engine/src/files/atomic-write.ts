import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file is read-only (no write bit): `fix` leaves it alone and reports it. */
export class ReadOnlyFileError extends Error {
  readonly code = 'EACCES';
  constructor(file: string) {
    super(`${file} is read-only`);
    this.name = 'ReadOnlyFileError';
  }
}

/**
 * Writes `contents` (a text as UTF-8, or bytes as they are) so readers see the old content or the new, never half: a temporary file in the same
 * folder (same file system, so rename is atomic), then rename over the target. An existing file keeps
 * its mode, and its owner and group where the process may set them; a symlink is written through to
 * its target. A file with other hard links is written in place (a rename would split the links), and
 * a read-only file is refused with `ReadOnlyFileError`. On failure the temporary file is removed.
 * `inFlight` holds the temporary file's path while it exists, so a process that must exit at once
 * (a second Ctrl-C) can remove it.
 */
export async function writeFileAtomic(file: string, contents: string | Uint8Array, inFlight?: Set<string>): Promise<void> {
  const target = await realpath(file).catch(() => file);
  const existing = await stat(target).catch(() => undefined);
  if (existing !== undefined && (existing.mode & 0o222) === 0) throw new ReadOnlyFileError(file);
  if (existing !== undefined && existing.nlink > 1) {
    await writeFile(target, contents, 'utf8');
    return;
  }
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  inFlight?.add(temp);
  try {
    await writeFile(temp, contents, { encoding: 'utf8', flag: 'wx' });
    if (existing !== undefined) {
      await chmod(temp, existing.mode & 0o7777);
      if (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.()) {
        // Only root (or a member of the group) may give the file back; otherwise it becomes the writer's.
        await chown(temp, existing.uid, existing.gid).catch(() => undefined);
      }
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    inFlight?.delete(temp);
  }
}

/**
 * Creates `folder` and its missing parents, as `mkdir -p`. Not `mkdir(folder, { recursive: true })`:
 * Node's recursive mkdir spins at 100 % CPU forever where a parent exists but refuses the child with
 * ENOENT (`--output /proc/nope/report.sarif`, on Node 20, 22 and 24), and mkdirp and make-dir call it
 * too. The existing ancestor is found by `stat`, then each missing level is made once: a refusal is
 * the error of the level refused (ENOENT, EACCES; EEXIST or ENOTDIR for a file in the way).
 */
export async function makeFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let at = path.resolve(folder); ; ) {
    const found = await stat(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (found !== undefined) {
      if (!found.isDirectory()) await mkdir(at); // a file in the way: mkdir's own EEXIST names it
      break;
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing.reverse()) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}
