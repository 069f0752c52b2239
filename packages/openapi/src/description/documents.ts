import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpecProblem } from '../problems.js';
import { childPointer, pointerTokens, type JsonPointer } from './json-pointer.js';
import { parseDescriptionText, TextParseError, type ParsedText } from './parse-text.js';
import { readSource, SourceError, type ReadLimits } from './read-source.js';

/** One file of a description: the one named on the command line, or one its `$ref`s name. */
export interface LoadedDocument {
  /** The URL it was read from (after redirects), without fragment; `file:` for local files. */
  readonly url: string;
  /** How messages name it: the path as given, relative to the working directory, or the URL. */
  readonly name: string;
  readonly value: unknown;
  readonly parsed: ParsedText;
}

/** Where a value is written: a file and a JSON pointer in it. */
export interface Site {
  readonly doc: LoadedDocument;
  readonly pointer: JsonPointer;
}

/** Why a `$ref` names nothing: its target (a file, or a file and pointer) and a sentence about it. */
export interface RefFailure {
  /** Groups the `$ref`s that fail for the same reason: the file's URL, or the URL and pointer. */
  readonly target: string;
  /** What messages name: `../policies.yaml`, `openapi.yml#/components/x-policy`. */
  readonly targetName: string;
  readonly message: string;
  /** The `$ref`s lead in a circle (the message names the chain). */
  readonly circular?: true;
  /** The target is a remote file Sunset did not fetch, since it needs nothing there. */
  readonly notFetched?: true;
}

/** A value with `$ref`s followed: where it is written, and the `$ref` objects that led there. */
export interface Resolved {
  readonly value: unknown;
  readonly site: Site;
  readonly chain: readonly Site[];
}

export type Resolution = Resolved | { readonly failure: RefFailure; readonly chain: readonly Site[] };

/**
 * `needed`: what Sunset reads; files and URLs are fetched as needed. `check`: a `$ref` elsewhere,
 * checked without the network (a remote file not fetched for what Sunset reads counts as unresolved).
 */
export type ResolveMode = 'needed' | 'check';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Reference Object: `{ "$ref": "…" }` (other members beside it are ignored, as OpenAPI says). */
export const refOf = (value: unknown): string | undefined => (isRecord(value) && typeof value['$ref'] === 'string' ? value['$ref'] : undefined);

/** `openapi.yml#/paths/~1a`: a site as messages name it. */
export const describeSite = (site: Site): string => `${site.doc.name}${site.pointer}`;

/** The `$ref` chain in a message: `#/paths/~1a → #/paths/~1b`, with file names where they change. */
export function describeChain(chain: readonly Site[], last?: Site): string {
  const sites = last === undefined ? chain : [...chain, last];
  return sites.map((site, index) => (index > 0 && site.doc === sites[index - 1]!.doc ? site.pointer : describeSite(site))).join(' → ');
}

type LoadResult = LoadedDocument | { readonly reason: string; readonly notFetched?: true };

/**
 * The files of one description, read once each, and the `$ref`s between them. Local files are
 * named relative to the working directory; a description fetched from a URL may refer to other
 * URLs (fetched only when Sunset needs them), never to local files.
 */
export class DocumentSet {
  private readonly loads = new Map<string, Promise<LoadResult>>();
  private readonly byName = new Map<string, LoadedDocument>();
  private readonly checked = new Map<string, Promise<Resolution>>();

  constructor(
    private readonly rootUrl: URL,
    private readonly rootName: string,
    private readonly cwd: string,
    readonly limits: ReadLimits,
  ) {}

  /** The description itself; a `SourceError` or `TextParseError` when it cannot be read. */
  async root(): Promise<LoadedDocument> {
    const { text, url } = await readSource(this.rootUrl, this.limits);
    const parsed = parseDescriptionText(text, this.limits.maxAliasCount);
    const doc: LoadedDocument = { url: withoutHash(url.href), name: this.rootName, value: parsed.value, parsed };
    this.remember(this.rootUrl.href, doc);
    if (doc.url !== withoutHash(this.rootUrl.href)) this.remember(doc.url, doc);
    return doc;
  }

  /** Every file read so far. */
  documents(): LoadedDocument[] {
    return [...new Set(this.byName.values())];
  }

  private remember(url: string, doc: LoadedDocument): void {
    this.loads.set(withoutHash(url), Promise.resolve(doc));
    this.byName.set(doc.name, doc);
  }

  private nameOf(url: string): string {
    if (!url.startsWith('file:')) return url;
    return path.relative(this.cwd, fileURLToPath(url)).split(path.sep).join('/') || '.';
  }

  private load(url: string, mode: ResolveMode): Promise<LoadResult> {
    const known = this.loads.get(url);
    if (known !== undefined) return known;
    if (mode === 'check' && !url.startsWith('file:')) return Promise.resolve({ reason: 'it is a remote file, which Sunset fetches only for what it reads.', notFetched: true });
    const loading = (async (): Promise<LoadResult> => {
      try {
        const { text } = await readSource(new URL(url), this.limits);
        const parsed = parseDescriptionText(text, this.limits.maxAliasCount);
        const doc: LoadedDocument = { url, name: this.nameOf(url), value: parsed.value, parsed };
        this.byName.set(doc.name, doc);
        return doc;
      } catch (error) {
        if (error instanceof SourceError) return { reason: error.reason };
        if (error instanceof TextParseError) {
          const where = error.position === undefined ? '' : ` (line ${error.position.line}, column ${error.position.column})`;
          return { reason: `it ${error.message}${where}` };
        }
        throw error;
      }
    })();
    this.loads.set(url, loading);
    return loading;
  }

  /**
   * `value` at `site` with its `$ref`s followed (each `$ref` may lead to another, in this file or
   * another), or why it cannot be.
   */
  async resolve(value: unknown, site: Site, mode: ResolveMode): Promise<Resolution> {
    const chain: Site[] = [];
    const seen = new Set<string>([`${site.doc.url}${site.pointer}`]);
    let current: Resolved = { value, site, chain };
    for (let ref = refOf(value); ref !== undefined; ref = refOf(current.value)) {
      const next = await this.follow(current.site, ref, mode, seen, chain);
      if ('failure' in next) return next;
      current = next;
    }
    return { ...current, chain };
  }

  /** Where a `$ref` leads, for `check`: one answer per target, whoever asks. */
  check(site: Site, ref: string): Promise<Resolution> {
    const key = `${targetOf(site, ref) ?? ref}`;
    let known = this.checked.get(key);
    if (known === undefined) {
      known = this.resolve({ $ref: ref }, site, 'check');
      this.checked.set(key, known);
    }
    return known;
  }

  private async follow(refSite: Site, ref: string, mode: ResolveMode, seen: Set<string>, chain: Site[]): Promise<Resolved | { failure: RefFailure; chain: Site[] }> {
    chain.push(refSite);
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : decodeFragment(ref.slice(hash + 1));
    const fail = (target: string, targetName: string, message: string): { failure: RefFailure; chain: Site[] } => ({ failure: { target, targetName, message }, chain });
    if (fragment !== '' && !fragment.startsWith('/')) {
      return fail(`${refSite.doc.url}#${fragment}`, ref, `${JSON.stringify(ref)} names a plain-name fragment; Sunset follows JSON pointers such as #/components/parameters/limit.`);
    }
    let url: string;
    try {
      url = filePart === '' ? refSite.doc.url : withoutHash(new URL(filePart, refSite.doc.url).href);
    } catch {
      return fail(ref, ref, `${JSON.stringify(ref)} is not a URL or a relative path.`);
    }
    if (url.startsWith('file:') && !refSite.doc.url.startsWith('file:')) {
      return fail(url, filePart, `${JSON.stringify(ref)} names a local file from a description fetched over the network, which Sunset does not read.`);
    }
    const loaded = await this.load(url, mode);
    if ('reason' in loaded) {
      const failed = fail(url, this.nameOf(url), `${this.nameOf(url)} cannot be read: ${loaded.reason}`);
      return loaded.notFetched === true ? { ...failed, failure: { ...failed.failure, notFetched: true } } : failed;
    }
    return this.walk(loaded, `#${fragment}`, mode, seen, chain);
  }

  /** The value at `pointer` in `doc`, following the `$ref`s on the way (and the one it holds). */
  private async walk(doc: LoadedDocument, pointer: JsonPointer, mode: ResolveMode, seen: Set<string>, chain: Site[]): Promise<Resolved | { failure: RefFailure; chain: Site[] }> {
    const key = `${doc.url}${pointer}`;
    if (seen.has(key)) {
      return { failure: { target: key, targetName: `${doc.name}${pointer}`, message: `the $ref chain ${describeChain(chain, { doc, pointer })} is circular: it comes back to ${describeSite({ doc, pointer })}.`, circular: true }, chain };
    }
    seen.add(key);
    let value = doc.value;
    let site: Site = { doc, pointer: '#' };
    for (const token of pointerTokens(pointer)) {
      for (let ref = refOf(value); ref !== undefined; ref = refOf(value)) {
        const next = await this.follow(site, ref, mode, seen, chain);
        if ('failure' in next) return next;
        ({ value, site } = next);
      }
      const child = Array.isArray(value) ? (/^(0|[1-9]\d*)$/.test(token) ? (value as unknown[])[Number(token)] : undefined) : isRecord(value) && Object.hasOwn(value, token) ? value[token] : undefined;
      if (child === undefined) {
        const missing = { doc: site.doc, pointer: childPointer(site.pointer, token) };
        return {
          failure: { target: `${doc.url}${pointer}`, targetName: `${doc.name}${pointer}`, message: `${describeSite({ doc, pointer })} does not exist: there is no ${missing.pointer} in ${missing.doc.name}.` },
          chain,
        };
      }
      value = child;
      site = { doc: site.doc, pointer: childPointer(site.pointer, token) };
    }
    return { value, site, chain };
  }

  /** Adds line and column to problems in files of this set (a pointer that exists only after `$ref`s keeps just the pointer). */
  locate(problems: readonly SpecProblem[]): SpecProblem[] {
    const wanted = new Map<LoadedDocument, Set<JsonPointer>>();
    for (const problem of problems) {
      const doc = problem.pointer === undefined || problem.line !== undefined ? undefined : this.byName.get(problem.file);
      if (doc !== undefined) wanted.set(doc, (wanted.get(doc) ?? new Set()).add(problem.pointer!));
    }
    const positions = new Map([...wanted].map(([doc, pointers]) => [doc, doc.parsed.locate([...pointers])]));
    return problems.map((problem) => {
      const doc = problem.pointer === undefined || problem.line !== undefined ? undefined : this.byName.get(problem.file);
      const position = doc === undefined ? undefined : positions.get(doc)?.get(problem.pointer!);
      return position === undefined ? problem : { ...problem, line: position.line, column: position.column };
    });
  }
}

const withoutHash = (href: string): string => href.replace(/#.*$/, '');

/** The target of a `$ref` as one key, for `check`'s cache: the file's URL and the pointer. */
function targetOf(site: Site, ref: string): string | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash === -1 ? ref : ref.slice(0, hash);
  try {
    return `${filePart === '' ? site.doc.url : withoutHash(new URL(filePart, site.doc.url).href)}#${hash === -1 ? '' : ref.slice(hash + 1)}`;
  } catch {
    return undefined;
  }
}

/** A URI fragment as a JSON pointer: `%7B` and the like decoded (RFC 6901, section 6). */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
