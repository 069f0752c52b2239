import { readFileSync } from 'node:fs';

/**
 * A file's text, or the sentence `check` and `fix` report when it cannot be read. Synchronous: the
 * files are read one after the other either way, and a synchronous read of a small file costs a
 * fraction of a promise round trip through the thread pool.
 */
export function readSource(path: string): { readonly source: string } | { readonly error: string } {
  try {
    return { source: readFileSync(path, 'utf8') };
  } catch (error) {
    return { error: `Cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).` };
  }
}
