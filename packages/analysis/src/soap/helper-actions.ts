import type { Catalog } from '@sunset/rule-data';
import { argumentAt, rangeOf, unwrap, type FunctionNode, type Node } from '../ast/nodes.js';
import type { Binding } from '../file-index/scope-model.js';
import { calledFunction } from '../requests/helper-calls.js';
import { evaluateStringRoot, type EvaluationContext } from '../url/evaluate.js';
import { flatText, type Segment } from '../url/segments.js';
import { explicitHostOf } from '../url/match.js';
import { findSoapStrings, type SoapStringHit } from './soap-strings.js';

// A hand-written SOAP helper of the file builds its `SOAPAction` from its parameters and is called once
// per operation: `callAdform(ticket, 'CampaignService', 'GetCampaigns', body)` over
// `SOAPAction: `${NS}/I${service}/${operation}``. The action it sends is read at each call with the
// caller's arguments in place of the parameters, so the operation is found where the caller writes it.

/** A SOAP string found through a call of such a helper: the hit, the helper's call, and its request's URL. */
export interface HelperActionHit extends SoapStringHit {
  /** The helper's call (`callAdform(…)`): one request. */
  readonly call: Node;
}

/** The function whose parameters the action's holes are, with those parameters; undefined when the holes are no parameters of one function. */
function parametersOf(segments: readonly Segment[], context: EvaluationContext): { readonly fn: FunctionNode; readonly params: readonly Binding[] } | undefined {
  let fn: FunctionNode | undefined;
  const params: Binding[] = [];
  for (const segment of segments) {
    if (segment.kind !== 'hole' || !segment.node) continue;
    const node = unwrap(segment.node);
    const binding = node.type === 'Identifier' ? context.scope.resolve(node) : undefined;
    if (binding?.kind !== 'param' || binding.fn === undefined || binding.paramIndex === undefined || binding.reassigned || binding.destructured) continue;
    if (fn !== undefined && binding.fn !== fn) return undefined;
    fn = binding.fn;
    if (!params.includes(binding)) params.push(binding);
  }
  return fn === undefined ? undefined : { fn, params };
}

/**
 * The operations the `SOAPAction` value `root` (evaluated as `segments`) names at each call of the
 * same-file function whose parameters it is built from. `helperUrl` is the URL of the request the
 * helper makes around `root`, when the file shows one: its host decides whose service it is.
 */
export function helperActionHits(root: Node, segments: readonly Segment[], context: EvaluationContext, catalog: Catalog, helperUrl: (root: Node) => readonly Segment[] | undefined): HelperActionHit[] {
  const found = parametersOf(segments, context);
  if (found === undefined) return [];
  const url = helperUrl(root);
  const flatUrl = url === undefined ? undefined : flatText(url);
  const urlToken = flatUrl !== undefined && explicitHostOf(flatUrl) !== undefined ? flatUrl : undefined;
  const [start, end] = rangeOf(found.fn);
  const hits: HelperActionHit[] = [];
  for (const call of context.scope.calls) {
    if (call.type !== 'CallExpression') continue;
    const [callStart] = rangeOf(call);
    // The helper calling itself reads its own parameters: no operation is written there.
    if (callStart >= start && callStart < end) continue;
    if (calledFunction(call, context) !== found.fn) continue;
    const given = new Map(context.givenArguments);
    for (const param of found.params) {
      const argument = argumentAt(call, param.paramIndex!);
      if (argument !== undefined && argument.type !== 'SpreadElement') given.set(param, { node: argument, context });
    }
    const action = evaluateStringRoot(root, { ...context, givenArguments: given });
    if (action === undefined) continue;
    // Only what the caller wrote: the helper's own text names no operation (it would be found as written).
    for (const hit of findSoapStrings(action, catalog, true)) {
      const [literalStart] = rangeOf(hit.literal);
      if (literalStart >= start && literalStart < end) continue;
      hits.push({ ...hit, urlToken: hit.urlToken ?? urlToken, call });
    }
  }
  return hits;
}
