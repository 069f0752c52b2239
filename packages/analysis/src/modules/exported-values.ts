import type { TSESTree } from '@typescript-eslint/types';
import { forEachChild } from '../ast/child-keys.js';
import { isFunction, rangeOf, unwrap, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { Finding } from '../types.js';
import { commonJsExports } from './module-exports.js';

type Range = readonly [number, number];

const isValueBinding = (kind: string): boolean => kind === 'const' || kind === 'let' || kind === 'var';

/**
 * Where the values other modules can read from this one are written: the initializers of exported
 * variables (`export const`, `export { a as b }`, `export default X`, `module.exports` / `exports.x`),
 * exported enums and default-exported expressions, what the module stores in a global
 * (`globalStores`), and, through them, the initializers of the module's own constants they are built
 * from or name (`export const LIST = BASE + '/campaigns'` makes `BASE`'s value one too, and
 * `export const CAMPAIGNS_URL = LIST` or `globalThis.LIST = LIST` makes `LIST`'s). What a function or
 * method of an export reads stays this module's own: its requests run here. Computed once per index.
 */
export function exportedValueRanges(index: FileIndex): readonly ExportedValueRange[] {
  return index.cached('exported-value-ranges', () => collectExportedValues(index).map((node) => ({ range: rangeOf(node), functions: functionsIn(node) })));
}

/** Where an exported value is written, and the functions written inside it (`{ list: () => fetch(…) }`): their requests run here. */
export interface ExportedValueRange {
  readonly range: Range;
  readonly functions: readonly Range[];
}

/** The ranges of the outermost functions inside `node`. */
function functionsIn(node: Node): Range[] {
  const found: Range[] = [];
  const visit = (child: Node): void => {
    if (isFunction(child)) found.push(rangeOf(child));
    else forEachChild(child, visit, undefined, undefined);
  };
  forEachChild(node, visit, undefined, undefined);
  return found;
}

function collectExportedValues(index: FileIndex): Node[] {
  const { scope } = index;
  const found: Node[] = [];
  const seen = new Set<Node>();
  const add = (node: Node | null | undefined): void => {
    if (node === null || node === undefined || isFunction(node) || seen.has(node)) return;
    seen.add(node);
    found.push(node);
  };
  const addLocal = (name: string): void => {
    const binding = scope.moduleBinding(name);
    if (binding !== undefined && isValueBinding(binding.kind)) add(binding.init);
  };
  const addValue = (node: Node): void => {
    if (node.type === 'Identifier') addLocal(node.name);
    else add(node);
  };
  for (const statement of index.file.program.body as readonly Node[]) {
    if (statement.type === 'ExportNamedDeclaration' && statement.source === null) {
      const { declaration } = statement;
      if (declaration?.type === 'VariableDeclaration') for (const declarator of declaration.declarations) add(declarator.init);
      else if (declaration?.type === 'TSEnumDeclaration') add(declaration);
      for (const specifier of statement.specifiers) if (specifier.local.type === 'Identifier') addLocal(specifier.local.name);
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const { declaration } = statement;
      if (declaration.type === 'Identifier') addLocal(declaration.name);
      else if (!declaration.type.endsWith('Declaration')) add(declaration as Node);
    } else if (statement.type === 'TSExportAssignment') {
      addValue(statement.expression);
    }
  }
  for (const [, value] of commonJsExports(index.file.program.body as readonly Node[])) addValue(value);
  for (const { value } of globalStores(index)) addValue(unwrap(value));

  // The module's own constants the exported values are built from (not what their functions read).
  const visit = (node: Node): void => {
    if (isFunction(node)) return;
    if (node.type === 'Identifier') {
      const binding = scope.resolve(node as TSESTree.Identifier);
      if (binding !== undefined && isValueBinding(binding.kind) && scope.moduleBinding(binding.name) === binding) add(binding.init);
      return;
    }
    forEachChild(node, visit, undefined, undefined);
  };
  // The iterator reads the list's length at each step, so what `visit` adds is visited too. A value
  // that is itself a name (`export const CAMPAIGNS_URL = LIST`, `(LIST)`, `LIST as string`) is resolved
  // as a name inside one is.
  for (const node of found) visit(node);
  return found;
}

/** The objects a script's globals live on: what is stored on them, any code of the page or process can read. */
const globalObjects: ReadonlySet<string> = new Set(['globalThis', 'window', 'self', 'global']);

/** What a value is stored in globally: `globalThis.LIST`, `window.api.LIST` (the written target). */
export interface GlobalStore {
  readonly target: string;
  readonly value: Node;
}

/** `globalThis.X`, `window['X']`, `self.a.b`: the target written, when its root is a global object the file does not declare. */
function globalTarget(index: FileIndex, node: Node): string | undefined {
  const target = unwrap(node);
  if (target.type === 'Identifier') {
    return globalObjects.has(target.name) && index.scope.resolve(target) === undefined && index.scope.moduleBinding(target.name) === undefined ? target.name : undefined;
  }
  if (target.type !== 'MemberExpression') return undefined;
  const object = globalTarget(index, target.object);
  if (object === undefined) return undefined;
  const { property } = target;
  if (!target.computed && property.type === 'Identifier') return `${object}.${property.name}`;
  if (property.type === 'Literal' && typeof property.value === 'string') return `${object}.${property.value}`;
  return `${object}[…]`;
}

/**
 * The values the file stores on a global object, anywhere in it (`globalThis.LIST = LIST`,
 * `window.CAMPAIGNS = LIST`, `Object.assign(window, { LIST })`): another script, or another module
 * without an import, may read them, and no analysis of the files sees who does. The one reading of
 * this escape, shared by the plugin (`exportedValueRanges`) and the rule core (whose rewrite of such a
 * constant is a TODO in `check`, `fix`, the codemod and the plugin alike). Computed once per index.
 */
export function globalStores(index: FileIndex): readonly GlobalStore[] {
  return index.cached('global-stores', () => {
    const found: GlobalStore[] = [];
    if (!/\b(?:globalThis|window|self|global)\b/.test(index.file.text)) return found;
    const visit = (node: Node): void => {
      if (node.type === 'AssignmentExpression') {
        const target = globalTarget(index, node.left);
        // `window.location.href = url` navigates: the page reads it once, nothing keeps it.
        if (target !== undefined && target.includes('.') && !/^[^.]+\.location(?:\.|$)/.test(target)) found.push({ target, value: node.right });
      } else if (node.type === 'CallExpression' && node.arguments.length >= 2) {
        // `Object.assign(window, { LIST })`, `Object.defineProperty(globalThis, 'LIST', { value: LIST })`.
        const { callee } = node;
        const method = callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.object.name === 'Object' && callee.property.type === 'Identifier' ? callee.property.name : undefined;
        const root = method === 'assign' || method === 'defineProperty' || method === 'defineProperties' ? globalTarget(index, node.arguments[0] as Node) : undefined;
        if (root !== undefined) for (const value of node.arguments.slice(1)) found.push({ target: root, value: value as Node });
      }
      forEachChild(node, visit, undefined, undefined);
    };
    visit(index.file.program as Node);
    return found;
  });
}

const within = (range: Range, [start, end]: Range): boolean => range[0] >= start && range[1] <= end;

/**
 * Whether the finding's fix edits a value other modules can read (`exportedValueRanges`): the
 * constant itself when the finding is its declaration (`export const MANAGERS = '…'`), or one a request
 * reads away from its own text (`fetch(LIST)` whose fix rewrites `export const LIST = '…'`). Linting one
 * file, the editor cannot know what the importers send with that value (a POST of the same path would
 * move with it); `sunset fix`, which reads every file, decides there. A request's own URL, and what a
 * function inside an exported value does, are this module's own.
 */
export function fixEditsExportedValue(index: FileIndex, finding: Finding): boolean {
  if (finding.fix === undefined) return false;
  const exported = exportedValueRanges(index);
  if (exported.length === 0) return false;
  // A URL-shaped string that no request of the file reads is the value itself; a request's URL is its own text.
  const ownText = finding.retirement?.form === 'url-string' ? undefined : finding.range;
  return finding.fix.some(({ range }) => {
    if (ownText !== undefined && within(range, ownText)) return false;
    return exported.some((value) => within(range, value.range) && !value.functions.some((fn) => within(range, fn)));
  });
}
