import type { Api, HttpMethod, ParamBinding, PartPosition, PathEntry, UrlMatch, UrlPart } from '../types.js';

/** One segment of a path template: a literal (compared case-insensitively) or a `{param}`. */
export type TemplateSegment = { readonly kind: 'literal'; readonly lower: string } | { readonly kind: 'param'; readonly name: string };

export interface CompiledPath {
  readonly entry: PathEntry;
  readonly api: Api;
  readonly segments: readonly TemplateSegment[];
  /**
   * For a `{param}` segment, the literal segments other paths of the catalog have at that place after
   * the same literals (`dictionaries` for `/v1/campaigns/{id}`, beside `/v1/campaigns/dictionaries/…`):
   * text the parameter does not take (`withReservedSegments`).
   */
  readonly reserved?: readonly (ReadonlySet<string> | undefined)[];
  /**
   * The entry's `shadowedBy` paths, each as the text it has at the entry's `{param}` segments (undefined
   * elsewhere): a URL whose segments there are that text is the other path's (`isShadowed`).
   */
  readonly shadows?: readonly (readonly (string | undefined)[])[];
}

/**
 * Whether `path` is a more specific form of `template`: as many segments, the same text where the
 * template has text, and text at one of its `{param}` segments at least (`/orgs/{org}/actions/runners`
 * of `/orgs/{org}/{product}/{action}`). OpenAPI matches such a concrete path before the template.
 */
export function isMoreSpecificPath(path: string, template: string): boolean {
  const mine = compilePathTemplate(path);
  const theirs = compilePathTemplate(template);
  if (mine.length !== theirs.length) return false;
  let narrower = false;
  for (const [index, segment] of theirs.entries()) {
    const other = mine[index]!;
    if (segment.kind === 'literal' && (other.kind !== 'literal' || other.lower !== segment.lower)) return false;
    if (segment.kind === 'param' && other.kind === 'literal') narrower = true;
  }
  return narrower;
}

/** The compiled path with its entry's `shadowedBy` paths (see `CompiledPath.shadows`). */
export function withShadowingPaths(compiled: CompiledPath): CompiledPath {
  const shadowedBy = compiled.entry.shadowedBy ?? [];
  if (shadowedBy.length === 0) return compiled;
  const shadows = shadowedBy.map((path) =>
    compilePathTemplate(path).map((segment, index) => (compiled.segments[index]?.kind === 'param' && segment.kind === 'literal' ? segment.lower : undefined)),
  );
  return { ...compiled, shadows };
}

/** Whether the URL's segments at the compiled path's parameters are those of one of its shadowing paths. */
function isShadowed(compiled: CompiledPath, params: Readonly<Record<string, ParamBinding>>): boolean {
  return (compiled.shadows ?? []).some((shadow) =>
    shadow.every((text, index) => {
      if (text === undefined) return true;
      const segment = compiled.segments[index];
      const binding = segment?.kind === 'param' ? params[segment.name] : undefined;
      return binding?.kind === 'text' && binding.value.toLowerCase() === text;
    }),
  );
}

/**
 * The paths with their `reserved` segments: `/v1/campaigns/dictionaries` is no campaign with the id
 * `dictionaries`, since the catalog's own dictionary paths name that segment.
 */
export function withReservedSegments(paths: readonly CompiledPath[]): CompiledPath[] {
  return paths.map((path) => {
    let reserved: (Set<string> | undefined)[] | undefined;
    path.segments.forEach((segment, at) => {
      if (segment.kind !== 'param') return;
      for (const other of paths) {
        const literal = other.segments[at];
        if (other === path || literal?.kind !== 'literal') continue;
        const samePrefix = path.segments.slice(0, at).every((mine, index) => {
          const theirs = other.segments[index]!;
          return mine.kind === 'param' || (theirs.kind === 'literal' && theirs.lower === mine.lower);
        });
        if (!samePrefix) continue;
        reserved ??= [];
        (reserved[at] ??= new Set()).add(literal.lower);
      }
    });
    return reserved === undefined ? path : { ...path, reserved };
  });
}

const paramPattern = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** Splits `/v1/campaigns/{id}` into segments; the leading slash is implied. */
export function compilePathTemplate(path: string): TemplateSegment[] {
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment): TemplateSegment => {
      const param = paramPattern.exec(segment);
      return param ? { kind: 'param', name: param[1]! } : { kind: 'literal', lower: segment.toLowerCase() };
    });
}

/** A flat view of the parts: one token per character of text, one per hole. */
interface Token {
  readonly char: string | null; // null for a hole
  readonly position: PartPosition;
}

function tokenize(parts: readonly UrlPart[]): Token[] {
  const tokens: Token[] = [];
  parts.forEach((part, index) => {
    if (part.kind === 'hole') {
      tokens.push({ char: null, position: { part: index, offset: 0 } });
      return;
    }
    for (let offset = 0; offset < part.value.length; offset++) {
      tokens.push({ char: part.value[offset]!, position: { part: index, offset } });
    }
  });
  return tokens;
}

const isSegmentEnd = (token: Token | undefined): boolean =>
  token === undefined || token.char === '/' || token.char === '?' || token.char === '#';

const isPathEnd = (token: Token | undefined): boolean =>
  token === undefined || token.char === '?' || token.char === '#';

interface SegmentRead {
  readonly end: number; // token index after the segment
  readonly text: string | undefined; // the segment when it is static text only
  readonly hole: number | undefined; // the part index when the segment is exactly one hole
  readonly leadingText: string; // static text before the first hole
}

function readSegment(tokens: readonly Token[], start: number): SegmentRead {
  let end = start;
  let text = '';
  let leadingText = '';
  let holes = 0;
  let holePart: number | undefined;
  while (!isSegmentEnd(tokens[end])) {
    const token = tokens[end]!;
    if (token.char === null) {
      holes++;
      holePart = token.position.part;
    } else {
      text += token.char;
      if (holes === 0) leadingText += token.char;
    }
    end++;
  }
  return {
    end,
    text: holes === 0 ? text : undefined,
    hole: holes === 1 && text === '' ? holePart : undefined,
    leadingText,
  };
}

function positionAt(tokens: readonly Token[], index: number, parts: readonly UrlPart[]): PartPosition {
  const token = tokens[index];
  if (token) return token.position;
  return { part: parts.length, offset: 0 };
}

/**
 * The path a match covers, as the URL writes it (`/v1/reportingstats/agency`), when all of it is static
 * text and nothing unknown follows it; undefined when a value the code does not show is part of it or
 * may go on after it (`openEnd`).
 */
export function knownPathOf(parts: readonly UrlPart[], match: Pick<UrlMatch, 'pathStart' | 'pathEnd' | 'openEnd'>): string | undefined {
  if (match.openEnd === true) return undefined;
  const { pathStart: start, pathEnd: end } = match;
  let text = '';
  for (let index = start.part; index <= end.part && index < parts.length; index++) {
    const part = parts[index]!;
    const from = index === start.part ? start.offset : 0;
    const to = index === end.part ? end.offset : undefined;
    if (part.kind === 'hole') {
      if (index === end.part) break;
      return undefined;
    }
    text += part.value.slice(from, to);
  }
  return text.replace(/\/$/, '');
}

/** Matches one compiled path starting at token `start` (a `/`, or the first segment character). */
function matchAt(
  compiled: CompiledPath,
  tokens: readonly Token[],
  start: number,
  parts: readonly UrlPart[],
): Omit<UrlMatch, 'method' | 'oneToOne' | 'host'> | undefined {
  let cursor = tokens[start]?.char === '/' ? start + 1 : start;
  const params: Record<string, ParamBinding> = {};
  const { segments } = compiled;
  for (let index = 0; index < segments.length; index++) {
    const template = segments[index]!;
    const isLast = index === segments.length - 1;
    if (index > 0) {
      if (tokens[cursor]?.char !== '/') return undefined;
      cursor++;
    }
    const segment = readSegment(tokens, cursor);
    if (template.kind === 'literal') {
      if (segment.text !== undefined) {
        if (segment.text.toLowerCase() !== template.lower) return undefined;
        cursor = segment.end;
        continue;
      }
      // `/v1/campaigns${suffix}`: the literal is followed directly by an unknown value. It may be a query
      // or more of the path (`/dictionaries/labels`): the path only starts here (`openEnd`), unless the
      // value is known to start a query or fragment (a `query` hole).
      if (!isLast || segment.leadingText.toLowerCase() !== template.lower) return undefined;
      const end = cursor + segment.leadingText.length;
      const tail = tokens[end];
      const query = tail !== undefined && tail.char === null && (parts[tail.position.part] as { readonly query?: true } | undefined)?.query === true;
      if (isShadowed(compiled, params)) return undefined;
      return { entry: compiled.entry, pathStart: positionAt(tokens, start, parts), pathEnd: positionAt(tokens, end, parts), params, ...(query ? {} : { openEnd: true as const }) };
    }
    if (segment.end === cursor) return undefined; // an empty segment binds nothing
    if (segment.text !== undefined && compiled.reserved?.[index]?.has(segment.text.toLowerCase()) === true) return undefined;
    if (segment.text !== undefined) params[template.name] = { kind: 'text', value: segment.text };
    else if (segment.hole !== undefined) params[template.name] = { kind: 'hole', part: segment.hole };
    // A segment mixing text and holes matches the parameter but cannot be bound.
    cursor = segment.end;
  }
  const next = tokens[cursor];
  if (compiled.entry.scope === 'prefix' && next?.char === '/') {
    // Anything below the prefix: the finding covers the whole path, up to a query or fragment.
    while (!isPathEnd(tokens[cursor])) cursor++;
    return { entry: compiled.entry, pathStart: positionAt(tokens, start, parts), pathEnd: positionAt(tokens, cursor, parts), params };
  }
  const afterSlash = tokens[cursor + 1];
  const endsHere = isPathEnd(next) || (next?.char === '/' && isPathEnd(afterSlash));
  if (!endsHere || isShadowed(compiled, params)) return undefined;
  return { entry: compiled.entry, pathStart: positionAt(tokens, start, parts), pathEnd: positionAt(tokens, cursor, parts), params };
}

const segmentAt = (tokens: readonly Token[], index: number): string => {
  let text = '';
  for (let cursor = index; !isSegmentEnd(tokens[cursor]) && tokens[cursor]!.char !== null; cursor++) text += tokens[cursor]!.char;
  return text.toLowerCase();
};

/** What stands before a place where a retired path may begin: the URL's origin and its base path. */
export interface UrlBase {
  /** The host (with port, lower case) the URL names in static text; undefined when it names none or it is not known. */
  readonly host: string | undefined;
  /** The scheme written before that host (`https:`), which says its port when the URL writes none. */
  readonly scheme?: string;
  /** The static path between the origin and the retired path (`''`, `/api`), lower case, no trailing slash. */
  readonly basePath: string;
  /** The URL writes its origin (`https://host`, `//${host}`): `basePath` is then the whole path before the retired one. */
  readonly originShown: boolean;
}

/** Characters that never stand in a URL base: prose, markup, or the start of a query or fragment. */
const notInBase = /[\s"'<>`?#]/;
const schemePrefix = /^[a-z][a-z0-9+.-]*:/i;

/** The port each scheme implies: written out, it is dropped, as the URL standard's `host` drops it. */
const defaultPorts: Readonly<Record<string, string>> = { 'http:': '80', 'ws:': '80', 'https:': '443', 'wss:': '443' };

/** The port a scheme implies (`https:` → `443`, any case); undefined for a scheme without one here (or none). */
export function defaultPortOf(scheme: string): string | undefined {
  return defaultPorts[scheme.toLowerCase()];
}

/**
 * `host` (lower-case, `name:port` or `[v6]:port`) as `new URL(…).host` gives it under `scheme` (`https:`,
 * any case; empty for a protocol-relative URL): the scheme's default port dropped
 * (`https:` + `api.example.com:443` → `api.example.com`), any other port kept.
 */
export function hostWithoutDefaultPort(scheme: string, host: string): string {
  const implied = defaultPortOf(scheme);
  return implied !== undefined && host.endsWith(`:${implied}`) && host.lastIndexOf(':') > host.lastIndexOf(']') ? host.slice(0, -implied.length - 1) : host;
}

/**
 * Reads the tokens before a candidate path start as `origin basePath`, or undefined when they are no
 * URL base. The origin is a scheme and host (`https://host:8080`, holes allowed in the host), a
 * protocol-relative `//host`, or a dynamic base at the very start (holes, then up to the first `/`:
 * `${API}`, `${HOST}:8080`); it may be absent (a relative URL). The base path is static text only:
 * a hole after static segments (`/albums/${id}` + `/tracks`) is no base.
 */
function readUrlBase(tokens: readonly Token[], end: number): UrlBase | undefined {
  let cursor = 0;
  let host: string | undefined;
  let hostScheme: string | undefined;
  let originShown = false;
  let text = '';
  for (let index = 0; index < end && tokens[index]!.char !== null; index++) text += tokens[index]!.char;
  const scheme = schemePrefix.exec(text)?.[0] ?? '';
  if (text.startsWith('//', scheme.length)) {
    originShown = true;
    cursor = scheme.length + 2;
    let hostText = '';
    let known = true;
    for (; cursor < end && tokens[cursor]!.char !== '/'; cursor++) {
      const char = tokens[cursor]!.char;
      if (char === null) known = false;
      else if (notInBase.test(char)) return undefined;
      else hostText += char;
    }
    const withoutUser = hostText.slice(hostText.lastIndexOf('@') + 1).toLowerCase();
    host = known && withoutUser !== '' ? hostWithoutDefaultPort(scheme, withoutUser) : undefined;
    if (host !== undefined && scheme !== '') hostScheme = scheme.toLowerCase();
  } else if (end > 0 && tokens[0]!.char === null) {
    for (; cursor < end && tokens[cursor]!.char !== '/'; cursor++) {
      const char = tokens[cursor]!.char;
      if (char !== null && notInBase.test(char)) return undefined;
    }
  }
  let basePath = '';
  for (; cursor < end; cursor++) {
    const char = tokens[cursor]!.char;
    if (char === null || notInBase.test(char)) return undefined;
    basePath += char;
  }
  if (basePath !== '' && !basePath.startsWith('/')) return undefined;
  return { host, ...(hostScheme === undefined ? {} : { scheme: hostScheme }), basePath: basePath.replace(/\/+$/, '').toLowerCase(), originShown };
}

interface CandidateStart {
  readonly index: number;
  readonly base: UrlBase;
}

/**
 * Token indexes where a retired path may begin: a `/` (or the start of a run of static text right
 * after a hole or at the start) whose next segment opens some template, after a URL base.
 */
function candidateStarts(tokens: readonly Token[], firstSegments: ReadonlySet<string> | undefined): CandidateStart[] {
  const starts: CandidateStart[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.char === null) continue;
    const atRunStart = index === 0 || tokens[index - 1]!.char === null;
    if (token.char !== '/' && !atRunStart) continue;
    if (firstSegments && !firstSegments.has(segmentAt(tokens, token.char === '/' ? index + 1 : index))) continue;
    const base = readUrlBase(tokens, index);
    if (base && (token.char === '/' || base.basePath === '')) starts.push({ index, base });
  }
  return starts;
}

/**
 * Whether an API's paths may begin after this base: a server path the API declares, or the root where
 * the code does not show the origin (`${API}/tracks`, a relative `/tracks`: the base may hold the server
 * path); after a written origin, only a declared server path (`https://api.music.example/tracks` is no
 * `GET /tracks` of an API served from `/v1`). For an API that declares none (the built-in one, whose
 * `{base_url}` may hold a gateway's path), the root or any static path, but not on the API's own host,
 * which serves them from the root (`https://api.adform.com/v2/v1/campaigns` is no retired path).
 */
function isBaseOf(api: Api, base: UrlBase): boolean {
  if (api.basePaths === undefined) return base.basePath === '' || base.host === undefined || !api.hosts.includes(base.host);
  if (base.basePath === '' && !base.originShown) return true;
  return api.basePaths.some((path) => path.toLowerCase() === base.basePath);
}

/** The first segments of all templates, or undefined when one starts with a parameter (then every `/` is a candidate). */
function firstLiteralSegments(compiledPaths: readonly CompiledPath[]): ReadonlySet<string> | undefined {
  const first = new Set<string>();
  for (const { segments } of compiledPaths) {
    const segment = segments[0];
    if (segment?.kind !== 'literal') return undefined;
    first.add(segment.lower);
  }
  return first;
}

interface FirstSegments {
  readonly set: ReadonlySet<string> | undefined;
  /** Every first segment is ASCII: then a URL whose lower-cased text holds none of them cannot match (see `mayHoldFirstSegment`). */
  readonly ascii: boolean;
}

/** `firstLiteralSegments` once per list of compiled paths (a catalog's): every string of every candidate is matched. */
const firstSegmentsByPaths = new WeakMap<readonly CompiledPath[], FirstSegments>();

function firstSegmentsOf(compiledPaths: readonly CompiledPath[]): FirstSegments {
  let first = firstSegmentsByPaths.get(compiledPaths);
  if (first === undefined) {
    const set = firstLiteralSegments(compiledPaths);
    first = { set, ascii: set !== undefined && [...set].every((segment) => /^[\x00-\x7f]*$/.test(segment)) };
    firstSegmentsByPaths.set(compiledPaths, first);
  }
  return first;
}

/**
 * Whether the URL's text may hold one of the (ASCII) first segments: a candidate start needs its
 * lower-cased run of text to equal one, and a run that lower-cases to ASCII lower-cases char by char
 * (no final sigma), so it is then a substring of the whole text lower-cased. Cheaper than the tokens.
 */
function mayHoldFirstSegment(parts: readonly UrlPart[], first: ReadonlySet<string>): boolean {
  let text = '';
  for (const part of parts) text += part.kind === 'hole' ? '\0' : part.value;
  const lower = text.toLowerCase();
  for (const segment of first) if (lower.includes(segment)) return true;
  return false;
}

/**
 * Finds the retired paths in a URL as the code builds it. A path begins only right after its API's
 * base (see `readUrlBase` and `isBaseOf`); paths compare case-insensitively; a hole stands for one
 * whole segment; a query string, a fragment and one trailing slash are allowed after it, and a hole
 * right after its last segment (`openEnd`: the path may go on there). With
 * `method` undefined every entry of the path matches. A prefix entry (any method) matches every
 * path below its own, unless an exact entry matches the same path. Each match carries the host the
 * URL names, when it names one: whether that host is the API's is the caller's question.
 */
export function matchCompiledPaths(
  compiledPaths: readonly CompiledPath[],
  parts: readonly UrlPart[],
  method: HttpMethod | undefined,
): UrlMatch[] {
  const first = firstSegmentsOf(compiledPaths);
  if (first.ascii && !mayHoldFirstSegment(parts, first.set!)) return [];
  const tokens = tokenize(parts);
  const starts = candidateStarts(tokens, first.set);
  for (const { index: start, base } of starts) {
    // A bare word (`'tracks'`) is no URL: without a slash before it, a path needs one inside it.
    const bareWord = start === 0 && tokens[0]!.char !== '/';
    const found = compiledPaths
      .filter((compiled) => isBaseOf(compiled.api, base) && !(bareWord && compiled.segments.length < 2))
      .map((compiled) => matchAt(compiled, tokens, start, parts))
      .filter((match): match is NonNullable<typeof match> => match !== undefined);
    if (found.length === 0) continue;
    const forAnyMethod = method === undefined ? found : found.filter((match) => match.entry.method === method || match.entry.method === '*');
    // A path an exact entry names is that entry's call; a prefix entry covers only the rest.
    const forMethod = forAnyMethod.some((match) => match.entry.scope !== 'prefix') ? forAnyMethod.filter((match) => match.entry.scope !== 'prefix') : forAnyMethod;
    return forMethod.map((match) => ({
      ...match,
      method,
      host: base.host,
      ...(base.scheme === undefined ? {} : { scheme: base.scheme }),
      oneToOne: match.entry.migration === 'rewrite' && forMethod.length === 1 && match.openEnd !== true,
      // A host the URL names passed the host test (its API's, or a gateway of apiHosts): its path is the gateway's.
      ...(base.basePath === '' || base.host !== undefined || compiledPaths.find((compiled) => compiled.entry === match.entry)?.api.basePaths !== undefined ? {} : { prefix: base.basePath }),
    }));
  }
  return [];
}
