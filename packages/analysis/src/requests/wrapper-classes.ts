import type { TSESTree } from '@typescript-eslint/types';
import { calleeOf, isClass, rangeOf, unwrap, type ClassNode, type Node } from '../ast/nodes.js';
import { constantValueOf, requiredExportOf, type EvaluationContext } from '../url/evaluate.js';
import { explicitHostOf } from '../url/match.js';
import { flatText, type Segment } from '../url/segments.js';
import { importedClient, type HttpClient } from './http-clients.js';
import { soleThisValue } from '../file-index/scope-model.js';

/** What the wrapper logic needs of a recognized request (the recognizer is passed in: it also reads wrappers). */
export type RecognizeRequest = (
  call: TSESTree.CallExpression,
  context: EvaluationContext,
) => { readonly url: readonly Segment[]; readonly clientHosts?: readonly string[] | undefined } | undefined;

/** The `new X(...)` an expression stands for: written there, a constant, or the one value a class gives `this.x`. */
export function createdInstanceOf(node: Node, context: EvaluationContext): TSESTree.NewExpression | undefined {
  const value = unwrap(node);
  if (value.type === 'NewExpression') return value;
  if (value.type === 'Identifier') {
    const init = constantValueOf(context.scope.resolve(value));
    const created = init ? unwrap(init) : undefined;
    return created?.type === 'NewExpression' ? created : undefined;
  }
  if (value.type === 'MemberExpression' && unwrap(value.object).type === 'ThisExpression') {
    const given = soleThisValue(value, context.scope);
    const only = given === undefined ? undefined : unwrap(given);
    return only?.type === 'NewExpression' ? only : undefined;
  }
  return undefined;
}

/** `this.request('GET', url)`: the wrapper delegating to its own method; the request is made (and read) there. */
function callsOwnMethod(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(calleeOf(call));
  return callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression';
}

/**
 * A class of the file whose methods make HTTP requests, as a client: the hosts its requests go to
 * (`accounts.example.com`, `ads.example.com`). Undefined when it makes none, or one whose host the
 * code does not show: then where its calls go is not known.
 */
export function wrapperClassClient(classNode: ClassNode, context: EvaluationContext, recognize: RecognizeRequest): HttpClient | undefined {
  const memo = context.memo;
  if (memo?.has(classNode)) return memo.get(classNode) as HttpClient | undefined;
  memo?.set(classNode, undefined); // a class whose methods reach itself again reads as unknown there
  const [start, end] = rangeOf(classNode);
  const hosts = new Set<string>();
  let known = true;
  for (const call of context.scope.calls) {
    if (call.type !== 'CallExpression') continue;
    const [callStart, callEnd] = rangeOf(call);
    if (callStart < start || callEnd > end || callsOwnMethod(call)) continue;
    const site = recognize(call, context);
    if (!site) continue;
    const host = explicitHostOf(flatText(site.url));
    const siteHosts = host === undefined ? site.clientHosts : [host];
    if (!siteHosts) {
      known = false;
      break;
    }
    for (const each of siteHosts) hosts.add(each);
  }
  const client: HttpClient | undefined = known && hosts.size > 0 ? { kind: 'wrapper', form: 'http-client', base: undefined, hosts: [...hosts].sort() } : undefined;
  memo?.set(classNode, client);
  return client;
}

/** The wrapper behind a receiver (`this.api` holding `new ApiClient(…)`): a class of this file, or one imported by relative path. */
export function wrapperInstanceOf(node: Node, context: EvaluationContext, recognize: RecognizeRequest): HttpClient | undefined {
  const created = createdInstanceOf(node, context);
  const callee = created ? unwrap(calleeOf(created)) : undefined;
  if (callee?.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(callee);
  if (binding?.kind === 'class' && isClass(binding.init)) return wrapperClassClient(binding.init, context, recognize);
  if (binding?.kind === 'import') return importedClient(callee, context);
  return binding !== undefined && requiredExportOf(binding) !== undefined ? importedClient(callee, context) : undefined;
}
