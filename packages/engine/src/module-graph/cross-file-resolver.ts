import type { UrlPart } from '@sunset/rule-data';
import { rangeOf, type ClientValue, type Finding, type SourceFile } from '../analysis-contract.js';
import type { CrossFileRelatedLocation } from '../check/check-source.js';
import type { Node } from './ast-types.js';
import type { Declaration, ExportedValue } from './exported-values.js';

/** The value `import { name } from specifier` (or `default`, or `*` for the whole module) stands for. */
export type ImportLookup = (specifier: string, importedName: string) => ExportedValue | undefined;

/** An identifier or member of this file whose value came from another file. */
export interface CrossFileResolution {
  readonly range: readonly [number, number];
  readonly declaration: Declaration;
  /** A client (an instance or a wrapper class) rather than a value. */
  readonly client?: true;
}

export interface CrossFileResolver {
  /** The analysis' `resolveIdentifier` hook. */
  readonly resolveIdentifier: (node: Node) => readonly UrlPart[] | undefined;
  /** The analysis' `resolveClient` hook: the HTTP client an imported (or required) name stands for (members and call results are the type checker's). */
  readonly resolveClient: (node: Node, what?: 'value' | 'returned' | 'member') => ClientValue | undefined;
  /** What the hook resolved so far (for `withCrossFileFacts`). */
  readonly resolutions: readonly CrossFileResolution[];
}

interface ImportedName {
  readonly specifier: string;
  readonly importedName: string;
}

/** `require('./x')` → `./x`: a relative module the CommonJS way. */
function requiredSpecifier(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const [argument] = node.arguments;
  return argument?.type === 'Literal' && typeof argument.value === 'string' && argument.value.startsWith('.') ? argument.value : undefined;
}

/** `const X = require('./x')` (the module, `default`) and `const { A, B: b } = require('./x')` (its names). */
function requiresOf(statement: Node, imports: Map<string, ImportedName>): void {
  if (statement.type !== 'VariableDeclaration') return;
  for (const declarator of statement.declarations) {
    const specifier = requiredSpecifier(declarator.init);
    if (specifier === undefined) continue;
    if (declarator.id.type === 'Identifier') imports.set(declarator.id.name, { specifier, importedName: 'default' });
    else if (declarator.id.type === 'ObjectPattern') {
      for (const property of declarator.id.properties) {
        if (property.type !== 'Property' || property.computed || property.key.type !== 'Identifier' || property.value.type !== 'Identifier') continue;
        imports.set(property.value.name, { specifier, importedName: property.key.name });
      }
    }
  }
}

/** The top-level imports of a file (ES imports and relative requires): local name → module specifier and imported name. */
function importsOf(program: SourceFile['program']): Map<string, ImportedName> {
  const imports = new Map<string, ImportedName>();
  for (const statement of program.body) {
    requiresOf(statement, imports);
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
  const resolveClient = (node: Node, what: 'value' | 'returned' | 'member' = 'value'): ClientValue | undefined => {
    const imported = node.type === 'Identifier' && what === 'value' ? imports.get(node.name) : undefined;
    const value = imported === undefined ? undefined : lookup(imported.specifier, imported.importedName);
    if (value?.kind !== 'client') return undefined;
    resolutions.push({ range: rangeOf(node), declaration: value.declaration, client: true });
    return value.client;
  };
  return { resolveIdentifier, resolveClient, resolutions };
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
  const used = resolutionsUsedBy(finding, resolutions);
  if (used.length === 0) return finding;
  const declarations = used.map(({ declaration }) => declaration);
  const clients = new Set(used.filter((resolution) => resolution.client === true).map(({ declaration }) => declaration));
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
      message: clients.has(declaration) ? `The client is created here as ${declaration.name}.` : `The value is declared here as ${declaration.name}.`,
    })),
  };
}

/**
 * The resolutions (each declaration once, in the order they were resolved) a finding used: the values
 * its range read, and the client its request was made with (the name that brought it in, `clientVia`).
 */
function resolutionsUsedBy(finding: Finding, resolutions: readonly CrossFileResolution[]): CrossFileResolution[] {
  const via = finding.retirement?.clientVia;
  const used = resolutions.filter(
    (resolution) => contains(finding.range, resolution.range) || (resolution.client === true && via !== undefined && resolution.range[0] === via[0] && resolution.range[1] === via[1]),
  );
  return [...new Map(used.map((resolution) => [`${resolution.declaration.file}:${resolution.declaration.range[0]}`, resolution])).values()];
}

/**
 * For `fix`: a retirement finding whose value came from another file gets the constants and their
 * files in its TODO text (`…; the path is REPORT_DATA_URL of src/config/endpoints.ts`), as
 * `fix --project` writes it, so the person who finishes the site knows where to look.
 */
export function withCrossFileTodo(finding: Finding, resolutions: readonly CrossFileResolution[], displayPath: (file: string) => string): Finding {
  if (finding.retirement === undefined) return finding;
  const used = resolutionsUsedBy(finding, resolutions);
  if (used.length === 0) return finding;
  const named = used.map(({ declaration, client }) => `${client === true ? 'the client ' : ''}${declaration.name === 'default' ? 'the default export' : declaration.name} of ${displayPath(declaration.file)}`);
  const only = used.length === 1 ? used[0]! : undefined;
  const where = only === undefined ? `the URL is built from ${named.slice(0, -1).join(', ')} and ${named.at(-1)!}` : only.client === true ? `the base is ${named[0]!}` : `the path is ${named[0]!}`;
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
