import type { Catalog, UrlPart } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { enumMembersOf, rangeOf, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import { exportedClientOf } from '../requests/client-values.js';
import { envConditionalParts, envDestructuringDefault } from '../url/env-fallback.js';
import { constantValueOf, evaluateExpression, requiredExportOf } from '../url/evaluate.js';
import { explicitHostOf } from '../url/match.js';
import type { ClientValue } from '../types.js';

/** Offsets → 1-based lines and columns (the engine's line index, or one made from ESLint's SourceCode). */
export interface PositionIndex {
  position(offset: number): { readonly line: number; readonly column: number };
}

/** Where an exported value is written (1-based lines and columns, as findings give them). */
export interface Declaration {
  /** Absolute path. */
  readonly file: string;
  /** The exported name, with the member path for a property of an object (`API.campaigns`). */
  readonly name: string;
  readonly range: readonly [number, number];
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * A value another file can import: a string with its URL parts, an `as const` object / string enum of
 * such values, or an HTTP client (an instance with its base, or a wrapper class with its hosts).
 */
export type ExportedValue =
  | { readonly kind: 'text'; readonly parts: readonly UrlPart[]; readonly declaration: Declaration }
  | { readonly kind: 'object'; readonly members: Readonly<Record<string, ExportedValue>>; readonly declaration: Declaration }
  | { readonly kind: 'client'; readonly client: ClientValue; readonly declaration: Declaration };

/** An export that names a binding of another module: `export { X } from './a'`, or an exported import. */
export interface ForwardedExport {
  readonly kind: 'forwarded';
  readonly specifier: string;
  /** `default`, `*` (the whole module) or the name exported there. */
  readonly name: string;
}

/** What one module exports (values it can tell statically), and the modules whose exports it passes on with `export *`. */
export interface ModuleExports {
  readonly named: ReadonlyMap<string, ExportedValue | ForwardedExport>;
  readonly stars: readonly string[];
}

const unwrapValue = (node: Node): Node =>
  node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSTypeAssertion' ? unwrapValue(node.expression) : node;

const keyName = (key: Node, computed: boolean): string | undefined => {
  if (key.type === 'Identifier' && !computed) return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
};

/**
 * The values a module exports, read from its index: `export const`, `export default`, `export { a as b }`,
 * string enums and `as const` objects (nested). A string's parts are the analysis' own evaluation of
 * the string-building expression (template literals and `+` over constants, also imported ones).
 * A `let` or `var` that the module reassigns exports no value.
 */
export function readModuleExports(file: string, index: FileIndex, lines: PositionIndex): ModuleExports {
  const strings = new Map(index.strings.map((root) => [root.node as Node, root.segments]));
  const named = new Map<string, ExportedValue | ForwardedExport>();
  const stars: string[] = [];

  const declarationOf = (name: string, node: Node): Declaration => {
    const range = rangeOf(node);
    const start = lines.position(range[0]);
    const end = lines.position(range[1]);
    return { file, name, range, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };

  const valueOf = (node: Node, name: string, depth: number): ExportedValue | ForwardedExport | undefined => {
    if (depth > 8) return undefined;
    const value = unwrapValue(node);
    if (value.type === 'Identifier') return bindingValue(value, name, depth);
    if (value.type === 'ObjectExpression') {
      const members: Record<string, ExportedValue> = {};
      for (const property of value.properties) {
        if (property.type !== 'Property' || property.kind !== 'init') return undefined;
        const key = keyName(property.key, property.computed);
        const member = key === undefined ? undefined : valueOf(property.value, `${name}.${key}`, depth + 1);
        if (key !== undefined && member !== undefined && member.kind !== 'forwarded') members[key] = member;
      }
      return { kind: 'object', members, declaration: declarationOf(name, value) };
    }
    // `process.env.X ?? '…'` (and its other spellings): the left where the analysis knows it, else the
    // fallback, each declared where it is written (as a request of the file reads it).
    const fallback = fallbackParts(value);
    if (fallback !== undefined) {
      const { read, written } = fallback;
      return valueOf(evaluateExpression(read, undefined, index.evaluation()) === undefined ? written : read, name, depth + 1);
    }
    const segments = strings.get(value);
    if (segments === undefined) {
      const client = exportedClientOf(index, value);
      return client === undefined ? undefined : { kind: 'client', client, declaration: declarationOf(name, value) };
    }
    const parts: UrlPart[] = [];
    for (const segment of segments) {
      const last = parts.at(-1);
      if (segment.kind === 'hole') parts.push({ kind: 'hole' });
      else if (last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', value: last.value + segment.value };
      else if (segment.value !== '') parts.push({ kind: 'text', value: segment.value });
    }
    return { kind: 'text', parts, declaration: declarationOf(name, value) };
  };

  const fallbackParts = (value: Node): { read: Node; written: Node } | undefined => {
    if (value.type === 'LogicalExpression') return value.operator === '??' || value.operator === '||' ? { read: value.left, written: value.right } : undefined;
    const parts = value.type === 'ConditionalExpression' ? envConditionalParts(value, index.scope) : undefined;
    return parts === undefined ? undefined : { read: parts.read, written: parts.fallback };
  };

  const bindingValue = (identifier: TSESTree.Identifier, name: string, depth: number): ExportedValue | ForwardedExport | undefined => {
    const binding = index.scope.resolve(identifier) ?? index.scope.moduleBinding(identifier.name);
    if (binding === undefined) return undefined;
    if (binding.kind === 'import') {
      return binding.importSource === undefined || binding.importedName === undefined ? undefined : { kind: 'forwarded', specifier: binding.importSource, name: binding.importedName };
    }
    // A class is a wrapper client; a function declaration may be a base query (`export async function baseQueryWithReauth(…)`).
    if ((binding.kind === 'class' || binding.kind === 'function') && binding.init !== undefined) return valueOf(binding.init, name, depth + 1);
    // `const { X } = require('./a'); module.exports = { X }` passes a's value on, as `export { X } from './a'` does.
    const required = requiredExportOf(binding);
    if (required !== undefined) return { kind: 'forwarded', specifier: required.specifier, name: required.name ?? 'default' };
    // `const { X = '…' } = process.env; export { X }`: the default is the value the code means.
    const envDefault = envDestructuringDefault(binding, index.scope);
    if (envDefault !== undefined) return valueOf(envDefault.right, name, depth + 1);
    const constant = binding.kind === 'const' || ((binding.kind === 'let' || binding.kind === 'var') && !binding.reassigned);
    if (!constant || binding.destructured || binding.init === undefined) return undefined;
    return valueOf(binding.init, name, depth + 1);
  };

  /**
   * `module.exports = API` of a constant object (`const API = { … }`): its members are the module's
   * exports by name too, as a literal's are (`API.campaigns`, as --project names them).
   */
  const exportMembersOf = (identifier: TSESTree.Identifier): void => {
    const binding = index.scope.resolve(identifier) ?? index.scope.moduleBinding(identifier.name);
    const init = binding === undefined || binding.destructured ? undefined : constantValueOf(binding);
    const object = init === undefined ? undefined : unwrapValue(init);
    if (object?.type !== 'ObjectExpression') return;
    for (const property of object.properties) {
      const key = property.type === 'Property' && property.kind === 'init' ? keyName(property.key, property.computed) : undefined;
      const member = key === undefined || property.type !== 'Property' ? undefined : valueOf(property.value, `${identifier.name}.${key}`, 1);
      if (key !== undefined && member !== undefined && member.kind !== 'forwarded' && !named.has(key)) named.set(key, member);
    }
  };

  const enumValue = (declaration: TSESTree.TSEnumDeclaration): ExportedValue => {
    const members: Record<string, ExportedValue> = {};
    const enumMembers = enumMembersOf(declaration);
    for (const member of enumMembers) {
      const key = keyName(member.id, false);
      const initializer = member.initializer;
      const value = key === undefined || initializer === undefined ? undefined : valueOf(initializer, `${declaration.id.name}.${key}`, 1);
      if (key !== undefined && value !== undefined && value.kind !== 'forwarded') members[key] = value;
    }
    return { kind: 'object', members, declaration: declarationOf(declaration.id.name, declaration) };
  };

  const exportLocal = (local: string, exported: string, at: Node): void => {
    const binding = index.scope.moduleBinding(local);
    if (binding === undefined) return;
    const value = bindingValue(binding.id, exported, 0);
    if (value !== undefined) named.set(exported, value);
    else if (at.type === 'TSEnumDeclaration') named.set(exported, enumValue(at));
  };

  for (const statement of index.file.program.body) {
    if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported === null) stars.push(statement.source.value);
      else named.set(keyName(statement.exported, false)!, { kind: 'forwarded', specifier: statement.source.value, name: '*' });
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const { declaration } = statement;
      const isValue = !declaration.type.endsWith('Declaration') || declaration.type === 'ClassDeclaration' || declaration.type === 'FunctionDeclaration';
      const value = isValue ? valueOf(declaration as Node, 'default', 0) : undefined;
      if (value !== undefined) named.set('default', value);
    } else if (statement.type === 'ExportNamedDeclaration') {
      const { declaration, source } = statement;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) {
          if (declarator.id.type === 'Identifier') exportLocal(declarator.id.name, declarator.id.name, declarator);
          // `export const { API = '…' } = process.env`: each name with a default (`bindingValue` reads the environment's).
          else if (declarator.id.type === 'ObjectPattern') {
            for (const property of declarator.id.properties) {
              const local = property.type === 'Property' && property.value.type === 'AssignmentPattern' ? property.value.left : undefined;
              if (local?.type === 'Identifier') exportLocal(local.name, local.name, declarator);
            }
          }
        }
      } else if (declaration?.type === 'TSEnumDeclaration') {
        named.set(declaration.id.name, enumValue(declaration));
      } else if ((declaration?.type === 'ClassDeclaration' || declaration?.type === 'FunctionDeclaration') && declaration.id !== null) {
        exportLocal(declaration.id.name, declaration.id.name, declaration);
      }
      for (const specifier of statement.specifiers) {
        const local = keyName(specifier.local, false);
        const exported = keyName(specifier.exported, false);
        if (local === undefined || exported === undefined) continue;
        if (source !== null) named.set(exported, { kind: 'forwarded', specifier: source.value, name: local });
        else {
          const enumDeclaration = index.file.program.body.find(
            (other): other is TSESTree.TSEnumDeclaration => other.type === 'TSEnumDeclaration' && other.id.name === local,
          );
          exportLocal(local, exported, enumDeclaration ?? specifier);
        }
      }
    }
  }
  for (const [exported, value] of commonJsExports(index.file.program.body)) {
    const read = valueOf(value, exported, 0);
    if (read !== undefined && !named.has(exported)) named.set(exported, read);
    if (exported === 'default' && value.type === 'Identifier') exportMembersOf(value);
  }
  return { named, stars };
}

/** `module.exports.x`, `exports.x`, or `module.exports` itself (`default`); undefined otherwise. */
function commonJsTarget(node: Node): string | undefined {
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return undefined;
  const { object } = node;
  if (object.type === 'Identifier' && object.name === 'module' && node.property.name === 'exports') return 'default';
  if (object.type === 'Identifier' && object.name === 'exports') return node.property.name;
  return commonJsTarget(object) === 'default' ? node.property.name : undefined;
}

/**
 * A CommonJS module's exports, from its top-level assignments: `module.exports = X` is the module
 * (`default`, and each property of an object literal by name), `exports.x = …` / `module.exports.x = …`
 * a named export. `require` of the module reads them as `import` reads an ES module's.
 */
export function commonJsExports(body: readonly Node[]): [string, Node][] {
  const found: [string, Node][] = [];
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression' || statement.expression.operator !== '=') continue;
    const name = commonJsTarget(statement.expression.left);
    if (name === undefined) continue;
    const value = unwrapValue(statement.expression.right);
    found.push([name, value]);
    if (name === 'default' && value.type === 'ObjectExpression') {
      for (const property of value.properties) {
        const key = property.type === 'Property' && property.kind === 'init' ? keyName(property.key, property.computed) : undefined;
        if (key !== undefined && property.type === 'Property') found.push([key, property.value]);
      }
    }
  }
  return found;
}

/** What `retiredExports` asks of the catalog: its needle pattern, and where a retired path may be split. */
export type ExportNeedles = Pick<Catalog, 'needlePattern' | 'splitPathTests'>;

/**
 * Whether a value holds retired text or a base: a string whose text parts match the needle pattern,
 * that names an origin (`'https://adsapi.snapchat.com'`: its host says whose API a request built on it
 * is), that ends where a retired path may be split (`'https://api.adform.com/v1'`, a base another
 * file's `'/campaigns'` completes) or that starts where one may go on (`'/campaigns'`, which a client's
 * base may complete: `adform.get(ENDPOINTS.campaigns)`), or an object with such a member.
 */
function carriesNeedle(value: ExportedValue, needles: ExportNeedles): boolean {
  if (value.kind === 'client') return true;
  if (value.kind === 'object') return Object.values(value.members).some((member) => carriesNeedle(member, needles));
  // A hole stands for any text: it joins nothing, so `/v1` + hole + `/campaigns` is not a needle.
  const text = value.parts.map((part) => (part.kind === 'text' ? part.value : '\u0000')).join('');
  // A split path's base pattern ends at the string's closing quote (the prefilter reads source text).
  return (
    needles.needlePattern.test(text) ||
    explicitHostOf(text) !== undefined ||
    // The split-path patterns read source text: a base ends at the string's closing quote, the rest starts at its opening one.
    needles.splitPathTests.some((test) => test.base.test(`${text}'`) || test.rest.test(`'${text}'`))
  );
}

/**
 * The exports another file can take a retired value from: strings holding a needle or a split path's base or rest, objects and enums
 * with such a member (whole, so `${E.Campaigns}${E.Orders}` still resolves), HTTP clients (their base
 * or hosts decide what the importer's paths reach), and every re-export (its value is decided where it
 * is declared). Labels, flags and other constants are left out.
 */
export function retiredExports(exports: ModuleExports, needles: ExportNeedles): ModuleExports {
  const named = new Map([...exports.named].filter(([, value]) => value.kind === 'forwarded' || carriesNeedle(value, needles)));
  return named.size === exports.named.size ? exports : { named, stars: exports.stars };
}

/** The exports of a module read in pieces (a very large file has one index per piece), as one; the first piece to name an export wins. */
export function mergeModuleExports(first: ModuleExports | undefined, more: ModuleExports): ModuleExports {
  if (first === undefined) return more;
  return { named: new Map([...more.named, ...first.named]), stars: [...new Set([...first.stars, ...more.stars])] };
}
