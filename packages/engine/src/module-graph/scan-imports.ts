import path from 'node:path';

/** What a file says about other modules by relative path, read from its text without parsing. */
export interface ModuleReferences {
  /** Every relative specifier the file imports, requires or re-exports from. */
  readonly imports: readonly string[];
  /** The relative specifiers of `export … from` (a barrel passes these modules' values on). */
  readonly reexports: readonly string[];
}

const noReferences: ModuleReferences = { imports: [], reexports: [] };
/** `from './x'`, `import './x'`, `require('./x')`: a superset (a specifier in a comment counts too), which is safe for a prefilter. */
const relativeSpecifier = /\b(?:from|import)\s*['"](\.\.?\/[^'"\n]*)['"]|\brequire\s*\(\s*['"](\.\.?\/[^'"\n]*)['"]/g;
const relativeReexport = /\bexport\s*(?:type\s*)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"](\.\.?\/[^'"\n]*)['"]/g;

/** The relative module specifiers of a file's text; a text without `'./` or `'../` costs one search. */
export function scanModuleReferences(text: string): ModuleReferences {
  if (!text.includes("'./") && !text.includes('"./') && !text.includes("'../") && !text.includes('"../')) return noReferences;
  const imports = [...text.matchAll(relativeSpecifier)].map((match) => (match[1] ?? match[2])!);
  const reexports = text.includes('export') ? [...text.matchAll(relativeReexport)].map((match) => match[1]!) : [];
  return { imports, reexports };
}

const scriptExtension = /\.(m|c)?jsx?$/;
const typeScriptFor: Readonly<Record<string, readonly string[]>> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
const lookupExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The scanned file a relative specifier names, as TypeScript and bundlers look it up: the path itself,
 * `./x.js` written for `x.ts`, an added extension, then `index.*` of a folder. Only files in `known`
 * count (the default mode follows scanned files only); undefined otherwise.
 */
export function resolveRelativeModule(fromFile: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (known.has(target)) return target;
  const written = scriptExtension.exec(target)?.[0];
  if (written !== undefined) {
    const stem = target.slice(0, -written.length);
    for (const extension of typeScriptFor[written] ?? []) if (known.has(stem + extension)) return stem + extension;
  }
  for (const extension of lookupExtensions) if (known.has(target + extension)) return target + extension;
  for (const extension of lookupExtensions) {
    const index = path.join(target, `index${extension}`);
    if (known.has(index)) return index;
  }
  return undefined;
}
