import type { UrlPart } from '@sunset/rule-data';
import { rangeOf, type Finding, type SourceFile } from '../analysis-contract.js';
import type { CrossFileRelatedLocation } from '../check/check-source.js';
import type { Node } from './ast-types.js';
import type { Declaration, ExportedValue } from './exported-values.js';

/** The value `import { name } from specifier` (or `default`, or `*` for the whole module) stands for. */
export type ImportLookup = (specifier: string, importedName: string) => ExportedValue | undefined;

/** An identifier or member of this file whose value came from another file. */
export interface CrossFileResolution {
  readonly range: readonly [number, number];
  readonly declaration: Declaration;
}

export interface CrossFileResolver {
  /** The analysis' `resolveIdentifier` hook. */
  readonly resolveIdentifier: (node: Node) => readonly UrlPart[] | undefined;
  /** What the hook resolved so far (for `withCrossFileFacts`). */
  readonly resolutions: readonly CrossFileResolution[];
}

interface ImportedName {
  readonly specifier: string;
  readonly importedName: string;
}

/** The top-level imports of a file: local name → module specifier and imported name. */
function importsOf(program: SourceFile['program']): Map<string, ImportedName> {
  const imports = new Map<string, ImportedName>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers) {
      let importedName: string;
      if (specifier.type === 'ImportDefaultSpecifier') importedName = 'default';
      else if (specifier.type === 'ImportNamespaceSpecifier') importedName = '*';
      else importedName = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
      imports.set(specifier.local.name, { specifier: statement.source.value, importedName });
    }
  }
  return imports;
}

/** `API.paths.campaigns` → `API` and `['paths', 'campaigns']`; undefined for computed or call-made chains. */
function memberChain(node: Node): { root: string; path: string[] } | undefined {
  const path: string[] = [];
  let current = node;
  while (current.type === 'MemberExpression') {
    const { property } = current;
    if (!current.computed && property.type === 'Identifier') path.unshift(property.name);
    else if (current.computed && property.type === 'Literal' && typeof property.value === 'string') path.unshift(property.value);
    else return undefined;
    current = current.object;
  }
  return current.type === 'Identifier' ? { root: current.name, path } : undefined;
}

/**
 * The resolver of one file's imported constants over `lookup`; undefined when the file imports
 * nothing. The analysis calls it only for names bound by an import, so a local that shadows an
 * imported name never reaches it.
 */
export function createCrossFileResolver(program: SourceFile['program'], lookup: ImportLookup): CrossFileResolver | undefined {
  const imports = importsOf(program);
  if (imports.size === 0) return undefined;
  const resolutions: CrossFileResolution[] = [];
  const resolveIdentifier = (node: Node): readonly UrlPart[] | undefined => {
    const chain = memberChain(node);
    const imported = chain === undefined ? undefined : imports.get(chain.root);
    if (chain === undefined || imported === undefined) return undefined;
    let value = lookup(imported.specifier, imported.importedName);
    for (const name of chain.path) value = value?.kind === 'object' ? value.members[name] : undefined;
    if (value?.kind !== 'text') return undefined;
    resolutions.push({ range: rangeOf(node), declaration: value.declaration });
    return value.parts;
  };
  return { resolveIdentifier, resolutions };
}

/** A finding with the declarations its value came from (set only when one did). */
export type CrossFileFinding = Finding & { readonly crossFileRelated?: readonly CrossFileRelatedLocation[] };

const contains = (outer: readonly [number, number], inner: readonly [number, number]): boolean => outer[0] <= inner[0] && inner[1] <= outer[1];

/**
 * Says where a finding's value was declared when it came from another file: `data.declaredIn`
 * (`path:line:column of NAME`, with `displayPath` naming the file) and a related location at the
 * declaration. Findings without a cross-file value come back unchanged.
 */
export function withCrossFileFacts<F extends Finding>(finding: F, resolutions: readonly CrossFileResolution[], displayPath: (file: string) => string): F & CrossFileFinding {
  const declarations = declarationsUsedBy(finding, resolutions);
  if (declarations.length === 0) return finding;
  const describe = (declaration: Declaration): string => `${displayPath(declaration.file)}:${declaration.line}:${declaration.column} (${declaration.name})`;
  return {
    ...finding,
    data: { ...finding.data, declaredIn: declarations.map(describe).join(', ') },
    crossFileRelated: declarations.map((declaration) => ({
      file: declaration.file,
      line: declaration.line,
      column: declaration.column,
      endLine: declaration.endLine,
      endColumn: declaration.endColumn,
      message: `The value is declared here as ${declaration.name}.`,
    })),
  };
}

/** The declarations (each once, in the order they were resolved) whose values a finding's range read. */
function declarationsUsedBy(finding: Finding, resolutions: readonly CrossFileResolution[]): Declaration[] {
  const used = resolutions.filter((resolution) => contains(finding.range, resolution.range));
  return [...new Map(used.map(({ declaration }) => [`${declaration.file}:${declaration.range[0]}`, declaration])).values()];
}

/**
 * For `fix`: a retirement finding whose value came from another file gets the constants and their
 * files in its TODO text (`…; the path is REPORT_DATA_URL of src/config/endpoints.ts`), as
 * `fix --project` writes it, so the person who finishes the site knows where to look.
 */
export function withCrossFileTodo(finding: Finding, resolutions: readonly CrossFileResolution[], displayPath: (file: string) => string): Finding {
  if (finding.retirement === undefined) return finding;
  const declarations = declarationsUsedBy(finding, resolutions);
  if (declarations.length === 0) return finding;
  const named = declarations.map((declaration) => `${declaration.name === 'default' ? 'the default export' : declaration.name} of ${displayPath(declaration.file)}`);
  const where = named.length === 1 ? `the path is ${named[0]!}` : `the URL is built from ${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
  const { retirement } = finding;
  // A one-to-one move this file cannot make: the text to edit is in the other file, which is the reason to give.
  const elsewhere =
    retirement.migration === 'todo' && retirement.entry.migration === 'rewrite' && retirement.method !== undefined && (retirement.todoCause === undefined || notEditableHere.test(retirement.todoCause));
  const todoCause = elsewhere
    ? `the path is written in another file (${named.join(', ')}); sunset fix --project rewrites it there when every use is the same one-to-one migration`
    : retirement.todoCause;
  return { ...finding, retirement: { ...retirement, todoText: `${retirement.todoText}; ${where}`, ...(todoCause === undefined ? {} : { todoCause }) } };
}

/** The analysis' causes for a one-to-one move whose text is not all in the file (see `editsTowards`). */
const notEditableHere = /where it is written|outside the edited text/;
