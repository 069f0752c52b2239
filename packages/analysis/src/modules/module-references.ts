/** What a file says about other modules by relative path, read from its text without parsing. */
export interface ModuleReferences {
  /** Every relative specifier the file imports, requires or re-exports from. */
  readonly imports: readonly string[];
  /** The relative specifiers of `export … from` (a barrel passes these modules' values on). */
  readonly reexports: readonly string[];
}

const noReferences: ModuleReferences = { imports: [], reexports: [] };

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;
const isWordCharacter = (code: number): boolean =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code > 127;

/** The index just past the last non-space character before `end` (0 when there is none). */
function skipSpaceBack(text: string, end: number): number {
  let at = end;
  while (at > 0 && isSpace(text.charCodeAt(at - 1))) at -= 1;
  return at;
}

/** Whether `word` ends at `end` as a whole word. */
function wordEndsAt(text: string, end: number, word: string): boolean {
  const start = end - word.length;
  return start >= 0 && text.startsWith(word, start) && (start === 0 || !isWordCharacter(text.charCodeAt(start - 1)));
}

/** Whether the `from` ending at `fromEnd` closes `export {…}`, `export *` or `export * as name` (with an optional `type`). */
function closesReexport(text: string, fromEnd: number): boolean {
  let at = skipSpaceBack(text, fromEnd - 'from'.length);
  const last = text.charCodeAt(at - 1);
  if (last === 125 /* } */) {
    const open = text.lastIndexOf('{', at - 1);
    if (open === -1) return false;
    at = skipSpaceBack(text, open);
  } else if (isWordCharacter(last)) {
    // `export * as name from`: the name, `as`, then the star.
    while (at > 0 && isWordCharacter(text.charCodeAt(at - 1))) at -= 1;
    at = skipSpaceBack(text, at);
    if (!wordEndsAt(text, at, 'as')) return false;
    at = skipSpaceBack(text, at - 2);
    if (text.charCodeAt(at - 1) !== 42 /* * */) return false;
    at = skipSpaceBack(text, at - 1);
  } else if (last === 42 /* * */) {
    at = skipSpaceBack(text, at - 1);
  } else {
    return false;
  }
  if (wordEndsAt(text, at, 'type')) at = skipSpaceBack(text, at - 4);
  return wordEndsAt(text, at, 'export');
}

/**
 * The relative module specifiers of a file's text: each `'./`, `"./`, `'../` or `"../` found by
 * `indexOf`, kept when `from`, `import` or `require(` stands before it. A superset (a specifier in a
 * comment counts too), which is safe for a prefilter; a text without one costs one search.
 */
export function scanModuleReferences(text: string): ModuleReferences {
  let imports: string[] | undefined;
  let reexports: string[] | undefined;
  for (let dot = text.indexOf('./'); dot !== -1; dot = text.indexOf('./', dot + 2)) {
    // `'./` or `'../`: the quote is just before the dot(s).
    const quoteAt = text.charCodeAt(dot - 1) === 46 /* . */ ? dot - 2 : dot - 1;
    const quote = text.charCodeAt(quoteAt);
    if (quoteAt < 0 || (quote !== 39 /* ' */ && quote !== 34) /* " */) continue;
    const close = text.indexOf(quote === 39 ? "'" : '"', dot);
    if (close === -1) continue;
    const specifier = text.slice(quoteAt + 1, close);
    if (specifier.includes('\n')) continue;
    let before = skipSpaceBack(text, quoteAt);
    let reexport = false;
    if (wordEndsAt(text, before, 'from')) reexport = closesReexport(text, before);
    else if (!wordEndsAt(text, before, 'import')) {
      if (text.charCodeAt(before - 1) !== 40 /* ( */) continue;
      before = skipSpaceBack(text, before - 1);
      if (!wordEndsAt(text, before, 'require')) continue;
    }
    (imports ??= []).push(specifier);
    if (reexport) (reexports ??= []).push(specifier);
    dot = close - 1;
  }
  return imports === undefined ? noReferences : { imports, reexports: reexports ?? [] };
}

/** Text that makes an HTTP client with a base of its own (`baseURL`, `prefixUrl`): its exports can carry one. */
const clientBasePattern = /\b(?:baseURL|prefixUrl)\b/;

/** Whether a module's text may create an HTTP client with a base of its own, which the files importing it may call. */
export function mayCreateClientWithBase(text: string): boolean {
  return clientBasePattern.test(text);
}
