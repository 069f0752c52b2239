import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** How much a description (and each file it refers to) may cost to read. */
export interface ReadLimits {
  /** Bytes per file or response. */
  readonly maxBytes: number;
  /** Milliseconds a URL may take, from the request to the last byte (redirects included). */
  readonly timeoutMs: number;
  /** Uses of YAML aliases; see `defaultMaxAliasCount`. */
  readonly maxAliasCount: number;
}

/** A file or response that cannot be read; `reason` completes "<file> cannot be read: …". */
export class SourceError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SourceError';
  }
}

const describeBytes = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MiB` : `${bytes} bytes`);
const tooLarge = (limits: ReadLimits, size: string): SourceError =>
  new SourceError(`it is larger than Sunset's limit of ${describeBytes(limits.maxBytes)} per description file (${size}); split it, or import the part with the deprecated operations.`);

/** Is this argument a URL Sunset fetches (rather than a file path)? */
export const isHttpUrl = (text: string): boolean => /^https?:\/\//i.test(text);

/** The text of a local file, or of an http(s) URL after its redirects, within the limits. */
export async function readSource(url: URL, limits: ReadLimits): Promise<{ text: string; url: URL }> {
  if (url.protocol === 'file:') return { text: await readLocalFile(fileURLToPath(url), limits), url };
  if (url.protocol === 'http:' || url.protocol === 'https:') return fetchText(url, limits);
  throw new SourceError(`Sunset reads files and http(s) URLs, not ${url.protocol} URLs.`);
}

async function readLocalFile(filePath: string, limits: ReadLimits): Promise<string> {
  let handle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    throw new SourceError(describeFileError(error));
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new SourceError('it is a directory, not a file.');
    if (stats.size > limits.maxBytes) throw tooLarge(limits, `${stats.size} bytes`);
    return await handle.readFile('utf8');
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(describeFileError(error));
  } finally {
    await handle.close();
  }
}

function describeFileError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'there is no such file.';
  if (code === 'EISDIR') return 'it is a directory, not a file.';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied.';
  return typeof code === 'string' ? `${code}.` : `${error instanceof Error ? error.message : String(error)}.`;
}

async function fetchText(url: URL, limits: ReadLimits): Promise<{ text: string; url: URL }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const seconds = `${Number((limits.timeoutMs / 1000).toFixed(1))} s`;
  try {
    const response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json, application/yaml, text/yaml, text/plain, */*' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceError(`the server answered HTTP ${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}.`);
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limits.maxBytes) {
      await response.body?.cancel();
      throw tooLarge(limits, `${declared} bytes announced`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body !== null) {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > limits.maxBytes) throw tooLarge(limits, `more than ${limits.maxBytes} bytes received`);
        chunks.push(chunk);
      }
    }
    return { text: new TextDecoder().decode(Buffer.concat(chunks)), url: new URL(response.url || url.href) };
  } catch (error) {
    if (error instanceof SourceError) throw error;
    if (signal.aborted) throw new SourceError(`it did not arrive within ${seconds}; check the URL, or download the file and import it from disk.`);
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : (error as Error).message;
    throw new SourceError(`it cannot be fetched (${detail}).`);
  }
}
