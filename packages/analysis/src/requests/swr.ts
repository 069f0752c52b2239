import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, isFunction, memberPropertyName, propertyValueOf, returnedBy, unwrap, type FunctionNode, type Node } from '../ast/nodes.js';
import { constantValueOf, evaluateUrl, type EvaluationContext } from '../url/evaluate.js';
import { flatText } from '../url/segments.js';
import type { HttpCall, StatedMethod } from './http-calls.js';
import { fetcherRequest, type RecognizeForHelper } from './helper-calls.js';

// SWR: `useSWR(key, fetcher)` fetches by calling `fetcher(key)`, so the key is the URL the fetcher
// receives. Where the fetcher is a function of the file that sends its parameter (`(path) =>
// fetch(`${API}${path}`)`), the request is that function's (its client, base and method) with the key
// as its path, as a helper's call is; another vendor's fetcher makes another vendor's request. With a
// fetcher the file does not show (SWRConfig's, an imported one), the key is a GET of the URL it spells:
// SWR reads a key (on mount, focus, reconnect), it never writes it. `mutate(key)` (SWR's, or
// `useSWRConfig()`'s) revalidates that key: the same GET through the fetcher of the file's hook with
// that key, so that `sunset fix` moves the key and its mutate together.

/** The hooks of SWR that take `(key, fetcher, config)`, by the module that exports them as its default. */
const swrHooks: Readonly<Record<string, 'key' | 'getKey'>> = {
  swr: 'key',
  'swr/immutable': 'key',
  // useSWRInfinite(getKey, fetcher): the key of each page is what getKey returns.
  'swr/infinite': 'getKey',
};

/** An SWR key as the fetcher receives it: `'/x'`, `['/x', id]` (its first element), `id ? '/x' : null`, `() => '/x'`. */
function keyUrl(node: Node, context: EvaluationContext, depth = 0): { readonly url: Node; readonly arrayKey: boolean } | undefined {
  if (depth > 4) return undefined;
  const value = unwrap(node);
  switch (value.type) {
    case 'ArrayExpression': {
      const [first] = value.elements;
      return first && first.type !== 'SpreadElement' ? { url: first, arrayKey: true } : undefined;
    }
    case 'ConditionalExpression': {
      // A conditional key: `null` (or `false`, `undefined`) on one side fetches nothing.
      if (fetchesNothing(value.alternate)) return keyUrl(value.consequent, context, depth + 1);
      return fetchesNothing(value.consequent) ? keyUrl(value.alternate, context, depth + 1) : undefined;
    }
    case 'LogicalExpression':
      return value.operator === '&&' ? keyUrl(value.right, context, depth + 1) : undefined;
    case 'ArrowFunctionExpression':
    case 'FunctionExpression': {
      const returned = returnedBy(value);
      return returned ? keyUrl(returned, context, depth + 1) : undefined;
    }
    case 'ObjectExpression':
      return undefined;
    case 'Literal':
      return typeof value.value === 'string' ? { url: value, arrayKey: false } : undefined;
    case 'Identifier': {
      // A constant holding an array key: its first element; any other value is read as a URL.
      const init = constantValueOf(context.scope.resolve(value));
      return init && unwrap(init).type === 'ArrayExpression' ? keyUrl(init, context, depth + 1) : { url: value, arrayKey: false };
    }
    default:
      return { url: value, arrayKey: false };
  }
}

const fetchesNothing = (node: Node): boolean => {
  const value = unwrap(node);
  return (value.type === 'Literal' && (value.value === null || value.value === false)) || (value.type === 'Identifier' && value.name === 'undefined');
};

/** Which SWR hook a call calls, by its default import from `swr`, `swr/immutable` or `swr/infinite`. */
function swrHookOf(call: TSESTree.CallExpression, context: EvaluationContext): 'key' | 'getKey' | undefined {
  const callee = calleeOf(call);
  const binding = callee.type === 'Identifier' ? context.scope.resolve(callee) : undefined;
  if (binding?.kind !== 'import' || binding.importedName !== 'default' || binding.importSource === undefined) return undefined;
  return Object.hasOwn(swrHooks, binding.importSource) ? swrHooks[binding.importSource] : undefined;
}

/** The fetcher a call gives SWR, when it is a function the file writes (inline, or a constant or declaration of the file). */
function fetcherFunction(call: TSESTree.CallExpression, context: EvaluationContext): FunctionNode | undefined {
  const second = argumentAt(call, 1);
  const given = second && unwrap(second).type === 'ObjectExpression' ? propertyValueOf(unwrap(second) as TSESTree.ObjectExpression, 'fetcher') : second;
  const value = given ? unwrap(given) : undefined;
  if (isFunction(value)) return value;
  if (value?.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(value);
  const init = binding?.kind === 'function' ? binding.init : constantValueOf(binding);
  const fn = init ? unwrap(init) : undefined;
  return isFunction(fn) ? fn : undefined;
}

/** SWR reads a key, as its fetcher is given it: a GET, written nowhere at the call. */
const swrGet: StatedMethod = { method: 'GET', source: { kind: 'elsewhere' } };

/** Whether a name is imported from `swr` as `name`. */
function importedFromSwr(node: Node, name: string, context: EvaluationContext): boolean {
  const value = unwrap(node);
  const binding = value.type === 'Identifier' ? context.scope.resolve(value) : undefined;
  return binding?.kind === 'import' && binding.importSource === 'swr' && binding.importedName === name;
}

/** `useSWRConfig()` of SWR, written there or held in a constant (`const config = useSWRConfig()`). */
function isSwrConfig(node: Node, context: EvaluationContext): boolean {
  let value = unwrap(node);
  if (value.type === 'Identifier') {
    const init = constantValueOf(context.scope.resolve(value));
    if (!init) return false;
    value = unwrap(init);
  }
  return value.type === 'CallExpression' && importedFromSwr(calleeOf(value), 'useSWRConfig', context);
}

/** SWR's global `mutate` (imported from `swr`), `useSWRConfig().mutate` and `const { mutate } = useSWRConfig()`: a mutate that takes a key. */
function isKeyedMutate(call: TSESTree.CallExpression, context: EvaluationContext): boolean {
  const callee = unwrap(calleeOf(call));
  if (callee.type === 'MemberExpression') return memberPropertyName(callee) === 'mutate' && isSwrConfig(callee.object, context);
  if (callee.type !== 'Identifier') return false;
  if (importedFromSwr(callee, 'mutate', context)) return true;
  const binding = context.scope.resolve(callee);
  return binding?.kind === 'const' && binding.destructuredKey === 'mutate' && binding.init !== undefined && isSwrConfig(binding.init, context);
}

/** The hook of the file whose key spells `text` (`useSWR(text, …)`), if any. */
function hookOfKey(text: string, context: EvaluationContext): TSESTree.CallExpression | undefined {
  for (const hook of context.scope.calls) {
    if (hook.type !== 'CallExpression' || swrHookOf(hook, context) !== 'key') continue;
    const first = argumentAt(hook, 0);
    const key = first ? keyUrl(first, context) : undefined;
    if (key && flatText(evaluateUrl(key.url, context)) === text) return hook;
  }
  return undefined;
}

/** `mutate(key)`: the key's request, through the fetcher of the file's hook with that key (see the top of this module). */
function mutateRequestOf(call: TSESTree.CallExpression, context: EvaluationContext, recognize: RecognizeForHelper): HttpCall | undefined {
  const first = argumentAt(call, 0);
  // A function is a filter of keys (`mutate((key) => …)`), no key.
  if (!first || isFunction(unwrap(first)) || !isKeyedMutate(call, context)) return undefined;
  const key = keyUrl(first, context);
  if (!key) return undefined;
  const url = evaluateUrl(key.url, context);
  const hook = hookOfKey(flatText(url), context);
  // No hook of the file reads the key: the one that does is in another file, which a rewrite here would
  // leave on the old key (the list would silently stop refreshing). A TODO moves both together.
  if (hook === undefined) return { form: 'swr', call, urlNode: key.url, url, method: swrGet, keepsTodo: mutateElsewhereCause };
  const fn = fetcherFunction(hook, context);
  const through = fn ? fetcherRequest(fn, key.url, key.arrayKey, call, context, recognize) : undefined;
  if (through) return { ...through, form: 'swr' };
  return { form: 'swr', call, urlNode: key.url, url, method: swrGet };
}

/** The TODO's reason for a `mutate(key)` whose hook is not in its file. */
const mutateElsewhereCause = "this mutate names an SWR key no hook of this file reads: change it together with the hook that reads it (in another file), or the two keys part";

/**
 * The request of `useSWR(key, fetcher)`, `useSWRImmutable(key, fetcher)` and `useSWRInfinite(getKey,
 * fetcher)`, and of a `mutate(key)` of SWR (see the top of this module), reported at the key;
 * undefined for any other call and for a key that is no URL (an object).
 */
export function swrRequestOf(call: TSESTree.CallExpression, context: EvaluationContext, recognize: RecognizeForHelper): HttpCall | undefined {
  const hook = swrHookOf(call, context);
  if (!hook) return mutateRequestOf(call, context, recognize);
  const first = argumentAt(call, 0);
  if (!first || (hook === 'getKey' && !isFunction(unwrap(first)))) return undefined;
  const key = keyUrl(first, context);
  if (!key) return undefined;
  const fn = fetcherFunction(call, context);
  const through = fn ? fetcherRequest(fn, key.url, key.arrayKey, call, context, recognize) : undefined;
  if (through) return { ...through, form: 'swr' };
  return { form: 'swr', call, urlNode: key.url, url: evaluateUrl(key.url, context), method: swrGet };
}
