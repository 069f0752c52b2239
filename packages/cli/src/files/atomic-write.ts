import { randomBytes } from 'node:crypto';
import { chmod, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes `text` so readers see the old content or the new, never half: a temporary file in the same
 * folder (same file system, so rename is atomic), then rename over the target. An existing file keeps
 * its mode; a symlink is written through to its target rather than replaced by a regular file.
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const target = await realpath(file).catch(() => file);
  const mode = await stat(target).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { encoding: 'utf8', flag: 'wx' });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
