import type { UrlPart } from '@sunset/rule-data';
import { rangeOf, requiredModule, unwrap, type Node } from '../ast/nodes.js';
import { buildScopeModel, type RequiredExport, type ScopeModel } from '../file-index/scope-model.js';
import type { FileIndex } from '../file-index/file-index.js';
import { helperMethodOf, namedArguments, sendingCalleeName, type HelperMethod } from '../requests/sending-calls.js';
import { evaluateExpression, requiredExportOf } from '../url/evaluate.js';
import type { ClientQuery, ClientValue, Finding, SourceFile } from '../types.js';
import type { Declaration, ExportedValue } from './module-exports.js';

/** The value `import { name } from specifier` (or `default`, or `*` for the whole module) stands for. */
export type ImportLookup = (specifier: string, importedName: string) => ExportedValue | undefined;

/** An identifier or member of this file whose value came from another file. */
export interface CrossFileResolution {
  readonly range: readonly [number, number];
  readonly declaration: Declaration;
  /** A client (an instance or a wrapper class) rather than a value. */
  readonly client?: true;
  /**
   * A value that is an origin and nothing more (`'https://adsapi.snapchat.com'`): read for its host,
   * which says whose API a request is; it holds no part of a path, so a finding does not name it.
   */
  readonly origin?: true;
}

export interface CrossFileResolver {
  /** The analysis' `resolveIdentifier` hook. */
  readonly resolveIdentifier: (node: Node) => readonly UrlPart[] | undefined;
  /** The analysis' `resolveClient` hook: the HTTP client an imported (or required) name stands for (members and call results are the type checker's). */
  readonly resolveClient: (node: Node, what?: ClientQuery) => ClientValue | undefined;
  /** What the hook resolved so far (for `withCrossFileFacts`). */
  readonly resolutions: readonly CrossFileResolution[];
}

/** What a name of the file stands for in another module: the module's specifier and the export (`default`, `*` for the whole module). */
interface ImportedName {
  readonly specifier: string;
  readonly importedName: string;
}

/**
 * The module a name (the root of a member chain) comes from: an ES import, or a `require`
 * (`requiredExportOf`); a `require` written inline (`require('./m').X`) too. A required module read
 * whole is its exports object: its members are its exports by name (`m.X`, as
 * `const { X } = require('./m')` reads it), and the value itself is `module.exports` (`default`).
 */
function importedNameOf(root: Node, members: number, scope: ScopeModel): ImportedName | undefined {
  let required: RequiredExport | undefined;
  if (root.type === 'Identifier') {
    const binding = scope.resolve(root);
    if (binding?.kind === 'import') return binding.importSource === undefined || binding.importedName === undefined ? undefined : { specifier: binding.importSource, importedName: binding.importedName };
    required = binding === undefined ? undefined : requiredExportOf(binding);
  } else {
    const specifier = requiredModule(root);
    required = specifier === undefined ? undefined : { specifier, name: undefined };
  }
  if (required === undefined) return undefined;
  return { specifier: required.specifier, importedName: required.name ?? (members > 0 ? '*' : 'default') };
}

/** `API.paths.campaigns` → `API` and `['paths', 'campaigns']` (also over `require('./api')`); undefined for computed chains. */
function memberChain(node: Node): { root: Node; path: string[] } | undefined {
  const path: string[] = [];
  let current = unwrap(node);
  while (current.type === 'MemberExpression') {
    const { property } = current;
    if (!current.computed && property.type === 'Identifier') path.unshift(property.name);
    else if (current.computed && property.type === 'Literal' && typeof property.value === 'string') path.unshift(property.value);
    else return undefined;
    current = unwrap(current.object);
  }
  return current.type === 'Identifier' || current.type === 'CallExpression' ? { root: current, path } : undefined;
}

/** Whether a file takes anything from another module: an ES import (`import x = require()` too), or a `require` of a static specifier. */
function importsAnything(program: SourceFile['program'], scope: ScopeModel): boolean {
  return (
    program.body.some((statement) => (statement.type === 'ImportDeclaration' && statement.importKind !== 'type') || statement.type === 'TSImportEqualsDeclaration') ||
    scope.calls.some((call) => requiredModule(call) !== undefined)
  );
}

/**
 * The resolver of one file's imported (and required) constants over `lookup`; undefined when the file
 * imports nothing. The analysis calls it for names bound by an import or a `require` (and names it
 * cannot resolve); it looks each name's binding up again, so a local that shadows one is never read as it.
 */
export function createCrossFileResolver(program: SourceFile['program'], lookup: ImportLookup): CrossFileResolver | undefined {
  const scope = buildScopeModel(program);
  if (!importsAnything(program, scope)) return undefined;
  const resolutions: CrossFileResolution[] = [];
  const resolveIdentifier = (node: Node): readonly UrlPart[] | undefined => {
    const chain = memberChain(node);
    const imported = chain === undefined ? undefined : importedNameOf(chain.root, chain.path.length, scope);
    if (chain === undefined || imported === undefined) return undefined;
    let value = lookup(imported.specifier, imported.importedName);
    for (const name of chain.path) value = value?.kind === 'object' ? value.members[name] : undefined;
    if (value?.kind !== 'text') return undefined;
    resolutions.push({ range: rangeOf(node), declaration: value.declaration, ...(isOriginOnly(value.parts) ? { origin: true as const } : {}) });
    return value.parts;
  };
  const resolveClient = (node: Node, what: ClientQuery = 'value'): ClientValue | undefined => {
    const imported = node.type === 'Identifier' && what === 'value' ? importedNameOf(node, 0, scope) : undefined;
    const value = imported === undefined ? undefined : lookup(imported.specifier, imported.importedName);
    if (value?.kind !== 'client') return undefined;
    resolutions.push({ range: rangeOf(node), declaration: value.declaration, client: true });
    return value.client;
  };
  return { resolveIdentifier, resolveClient, resolutions };
}

const contains = (outer: readonly [number, number], inner: readonly [number, number]): boolean => outer[0] <= inner[0] && inner[1] <= outer[1];

/** `https://host`, `https://host:8080/`: static text naming an origin and no path (read for its host; no part of a path is written there). */
export function isOriginOnly(parts: readonly UrlPart[]): boolean {
  if (parts.some((part) => part.kind !== 'text')) return false;
  const text = parts.map((part) => (part.kind === 'text' ? part.value : '')).join('');
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+\/?$/i.test(text);
}

/**
 * The resolutions (each declaration once, in the order they were resolved) a finding used: the values
 * its range read, and the client its request was made with (the name that brought it in, `clientVia`).
 * An origin read only for its host (`API_BASE = 'https://api.adform.com'`) is none: no part of the
 * path is written there.
 */
export function resolutionsUsedBy(finding: Finding, resolutions: readonly CrossFileResolution[]): CrossFileResolution[] {
  const via = finding.retirement?.clientVia;
  const used = resolutions.filter(
    (resolution) =>
      (resolution.origin !== true && contains(finding.range, resolution.range)) || (resolution.client === true && via !== undefined && resolution.range[0] === via[0] && resolution.range[1] === via[1]),
  );
  return [...new Map(used.map((resolution) => [`${resolution.declaration.file}:${resolution.declaration.range[0]}`, resolution])).values()];
}

/** The declarations of the values (not the client) a finding read from other files (`resolutionsUsedBy`). */
export function valuesReadBy(finding: Finding, resolutions: readonly CrossFileResolution[]): Declaration[] {
  return resolutionsUsedBy(finding, resolutions)
    .filter((used) => used.client !== true)
    .map((used) => used.declaration);
}

/**
 * The declarations of the values (not clients) read inside the requests that no retirement finding among
 * `findings` lies in (a POST the entries do not retire): rewriting such a value where it is declared
 * would move those requests too. `resolutions` are the default mode's (`CrossFileResolution`) or `--project`'s.
 */
export function valuesReadByUnreported<D = Declaration>(
  requests: readonly { readonly call: Node }[],
  findings: readonly Pick<Finding, 'range' | 'retirement'>[],
  resolutions: readonly { readonly range: readonly [number, number]; readonly declaration: D; readonly client?: true }[],
  except?: ReadonlySet<Node>,
): D[] {
  if (resolutions.length === 0) return [];
  const reported = findings.filter((finding) => finding.retirement !== undefined);
  return requests.flatMap((request) => {
    if (except?.has(request.call) === true) return [];
    const range = rangeOf(request.call);
    return reported.some((finding) => contains(range, finding.range)) ? [] : valuesReadWithin(range, resolutions);
  });
}

/** The declarations of the values (not clients) resolved inside `range`. */
function valuesReadWithin<D>(range: readonly [number, number], resolutions: readonly { readonly range: readonly [number, number]; readonly declaration: D; readonly client?: true }[]): D[] {
  return resolutions.flatMap((resolution) => (resolution.client !== true && contains(range, resolution.range) ? [resolution.declaration] : []));
}

/** A value of another file given to a helper, and how that helper sends (`helperMethodOf`; never `get`). */
interface GivenValue<D> {
  readonly declaration: D;
  readonly method: Exclude<HelperMethod, 'get'>;
}

/**
 * The declarations of the values (not clients) given to a function the analysis does not see into
 * (`postJson(MANAGERS, body)`: `sendingCalleeName`; not one that GETs, `apiGet(MANAGERS)`), outside the file's requests and its retirement
 * findings: such a function may send them, so a value a request reads and that is rewritten where it is
 * declared would move that call too. The arguments are evaluated here (the checks do not evaluate a
 * helper's), so `resolutions` gives the resolver's list as it is after that.
 */
function valuesGivenToHelpers<D>(
  index: FileIndex,
  findings: readonly Pick<Finding, 'range' | 'retirement'>[],
  resolutions: () => readonly { readonly range: readonly [number, number]; readonly declaration: D; readonly client?: true }[],
): GivenValue<D>[] {
  const requests = new Set<Node>(index.requests.map((request) => request.call));
  const reported = findings.filter((finding) => finding.retirement !== undefined).map((finding) => finding.range);
  const helpers: { readonly call: Node; readonly method: Exclude<HelperMethod, 'get'> }[] = [];
  for (const call of index.scope.calls) {
    if (requests.has(call) || call.arguments.length === 0) continue;
    const name = sendingCalleeName(call);
    if (name === undefined) continue;
    // A helper that GETs (`apiGet(MANAGERS)`) is taken for a GET, as the declaration's own finding takes its value.
    const method = helperMethodOf(call, name);
    if (method === 'get') continue;
    const range = rangeOf(call);
    if (!reported.some((finding) => contains(range, finding) || contains(finding, range))) helpers.push({ call, method });
  }
  if (helpers.length === 0) return [];
  const context = index.evaluation();
  for (const { call } of helpers) for (const value of namedArguments(call)) evaluateExpression(value, undefined, context);
  const resolved = resolutions();
  return helpers.flatMap(({ call, method }) => valuesReadWithin(rangeOf(call), resolved).map((declaration) => ({ declaration, method })));
}

/**
 * What a file does with the values of other files besides its retirement findings, from one pass over
 * its helper calls. `sent`: what sends them with a method other than the retired GET's — the requests
 * without a retirement finding (`valuesReadByUnreported`) and the helpers whose name or call says so
 * (`postJson(MANAGERS, body)`, `call(MANAGERS, 'POST', body)`: `helperMethodOf`); a value one of them
 * reads is not rewritten where it is declared, whoever else reads it. `given`: every value given to a
 * helper that does not GET (`valuesGivenToHelpers`); one a retired request reads too is not rewritten.
 * `toOtherHosts`: what the requests among `otherHostCalls` read (those the retirement rules left out for
 * naming another API's host), which are then not counted in `sent`: the caller tells another vendor's
 * constant from ours with them.
 */
export function valuesSentAndGiven<D = Declaration>(
  index: FileIndex,
  findings: readonly Pick<Finding, 'range' | 'retirement'>[],
  resolutions: () => readonly { readonly range: readonly [number, number]; readonly declaration: D; readonly client?: true }[],
  otherHostCalls: readonly Node[] = [],
): { readonly sent: D[]; readonly given: D[]; readonly toOtherHosts: D[] } {
  // The helpers first: evaluating their arguments adds to the resolutions the requests are read against.
  const given = valuesGivenToHelpers(index, findings, resolutions);
  const sentByHelpers = given.filter((value) => value.method === 'other').map((value) => value.declaration);
  const resolved = resolutions();
  const others = new Set(otherHostCalls);
  return {
    sent: [...valuesReadByUnreported(index.requests, findings, resolved, others), ...sentByHelpers],
    given: given.map((value) => value.declaration),
    toOtherHosts: otherHostCalls.flatMap((call) => valuesReadWithin(rangeOf(call), resolved)),
  };
}

/** `valuesSentAndGiven`'s `sent` alone (`--project`, which counts no `given`). */
export function valuesSentElsewhere<D = Declaration>(
  index: FileIndex,
  findings: readonly Pick<Finding, 'range' | 'retirement'>[],
  resolutions: () => readonly { readonly range: readonly [number, number]; readonly declaration: D; readonly client?: true }[],
): D[] {
  return valuesSentAndGiven(index, findings, resolutions).sent;
}
