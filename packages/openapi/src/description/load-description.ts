import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OpenApiImportError, type SpecProblem } from '../problems.js';
import { readDescription, type Description } from './description.js';
import { DocumentSet } from './documents.js';
import { defaultMaxAliasCount, TextParseError } from './parse-text.js';
import { isHttpUrl, SourceError, type ReadLimits } from './read-source.js';
import { unresolvedRefWarnings } from './unresolved-refs.js';

/** 100 MiB per file, 30 s per URL: generous for the largest published descriptions, and an end to a hostile one. */
export const defaultReadLimits: ReadLimits = { maxBytes: 100 * 1024 * 1024, timeoutMs: 30_000, maxAliasCount: defaultMaxAliasCount };

/**
 * Reads an OpenAPI 3.x or Swagger 2.0 description, YAML or JSON, from a file or an http(s) URL
 * (`spec` as the user wrote it, which messages use), with the files its `$ref`s name as far as
 * Sunset needs them. Returns it with the warnings about `$ref`s elsewhere that lead nowhere (with
 * `verbose`, each `$ref` to a remote file Sunset did not fetch too).
 */
export async function loadDescription(spec: string, cwd: string, limits: ReadLimits, verbose = false): Promise<{ description: Description; warnings: SpecProblem[] }> {
  const url = isHttpUrl(spec) ? new URL(spec) : pathToFileURL(path.resolve(cwd, spec));
  const documents = new DocumentSet(url, spec, cwd, limits);
  let root;
  try {
    root = await documents.root();
  } catch (error) {
    if (error instanceof SourceError) throw new OpenApiImportError([{ file: spec, message: `cannot be read: ${error.reason}` }]);
    if (error instanceof TextParseError) throw new OpenApiImportError([{ file: spec, ...error.position, message: error.message }]);
    throw error;
  }
  const description = await readDescription(documents, root);
  return { description, warnings: await unresolvedRefWarnings(documents, verbose) };
}
