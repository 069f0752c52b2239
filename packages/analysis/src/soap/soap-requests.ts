import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, isFunction, isStringLiteral, memberCallee, memberPropertyName, propertyKeyName, propertyValueOf, rangeOf, staticString, unwrap, type FunctionNode, type Node } from '../ast/nodes.js';
import { constantValueOf, following, objectLiteralOf, valueOfBinding, type EvaluationContext } from '../url/evaluate.js';
import { returnedValuesOf, sameFileFunction } from './soap-client-calls.js';
import { xmlElementMethods } from './soap-strings.js';

/** Where a SOAP request names its operation, from the most precise place to the least. */
export type SoapSiteKind = 'envelope' | 'action-header' | 'action' | 'client';

export interface SoapSite {
  readonly entryId: string;
  readonly kind: SoapSiteKind;
  /** The string or template literal the name is written in (strings only). */
  readonly literal: Node | undefined;
  /** The client call (`client.GetCampaigns(...)`) for a client site. */
  readonly call: TSESTree.CallExpression | undefined;
}

/** Literals reached from a call's arguments; true for those reached as a `SOAPAction` header value. */
type Reached = Map<Node, boolean>;

/**
 * Meets one expression a call sends: `asHeader` when it is (part of) a `SOAPAction` header's value,
 * `builder` the innermost call of a same-file function whose result it is part of.
 */
type SentVisitor = (value: Node, asHeader: boolean, builder: TSESTree.CallExpression | undefined) => void;

/**
 * Every expression a call's argument may take its text from, each told to `visit`: the argument
 * itself, constants, object values, and same-file function results and arguments.
 */
function walkSentValues(node: Node, context: EvaluationContext, visit: SentVisitor, asHeader = false, builder?: TSESTree.CallExpression): void {
  const value = unwrap(node);
  visit(value, asHeader, builder);
  const recurse = (next: Node): void => walkSentValues(next, context, visit, asHeader, builder);
  switch (value.type) {
    case 'BinaryExpression':
    case 'LogicalExpression':
      recurse(value.left);
      recurse(value.right);
      return;
    case 'ConditionalExpression':
      recurse(value.consequent);
      recurse(value.alternate);
      return;
    case 'AwaitExpression':
      recurse(value.argument);
      return;
    case 'ObjectExpression':
      for (const property of value.properties) {
        if (property.type === 'SpreadElement') recurse(property.argument);
        else if (propertyKeyName(property) === 'beforeSend' && isFunction(unwrap(property.value))) walkHeaderSetters(unwrap(property.value) as FunctionNode, context, visit, builder);
        else walkSentValues(property.value, context, visit, /^soapaction$/i.test(propertyKeyName(property) ?? ''), builder);
      }
      return;
    case 'ArrayExpression':
      for (const element of value.elements) if (element) recurse(element.type === 'SpreadElement' ? element.argument : element);
      return;
    case 'Identifier': {
      const binding = context.scope.resolve(value);
      if (!binding) return;
      following(context, binding, () => {
        const init = valueOfBinding(binding, context);
        if (init) recurse(init);
        return true;
      });
      return;
    }
    case 'MemberExpression': {
      const owner = objectLiteralOf(value.object, context);
      const name = memberPropertyName(value);
      const property = owner && name !== undefined ? propertyValueOf(owner, name) : undefined;
      if (property) recurse(property);
      return;
    }
    case 'CallExpression':
    case 'NewExpression':
      walkCallValues(value, context, visit, asHeader, builder);
      return;
    default:
      return;
  }
}

/** jQuery's `beforeSend(xhr) { xhr.setRequestHeader('SOAPAction', …) }`: the header values it sets, as the request's. */
function walkHeaderSetters(fn: FunctionNode, context: EvaluationContext, visit: SentVisitor, builder: TSESTree.CallExpression | undefined): void {
  const [start, end] = rangeOf(fn);
  for (const call of context.scope.calls) {
    const [callStart, callEnd] = rangeOf(call);
    if (callStart < start || callEnd > end || call.type !== 'CallExpression') continue;
    const callee = memberCallee(call);
    const name = argumentAt(call, 0);
    const header = argumentAt(call, 1);
    if (!callee || memberPropertyName(callee) !== 'setRequestHeader' || !name || !header) continue;
    if (/^soapaction$/i.test(staticString(name) ?? '')) walkSentValues(header, context, visit, true, builder);
  }
}

/** `envelopeFor(id)` (a same-file function's results and arguments, an imported helper's arguments), `new Headers({...})`, `TEMPLATE.replace(...)`, `String(x)`. */
function walkCallValues(call: TSESTree.CallExpression | TSESTree.NewExpression, context: EvaluationContext, visit: SentVisitor, asHeader: boolean, builder: TSESTree.CallExpression | undefined): void {
  const callee = calleeOf(call);
  const found = call.type === 'CallExpression' ? sameFileFunction(callee, context) : undefined;
  if (found && call.type === 'CallExpression') {
    const values = returnedValuesOf(found.fn);
    following(context, found.binding, () => {
      for (const returned of values) walkSentValues(returned, context, visit, asHeader, call);
      return true;
    });
    // `envelope('<CreateCampaign/>')`: what a helper is given goes into what it returns.
    for (const argument of call.arguments) walkSentValues(argument, context, visit, asHeader, builder);
    return;
  }
  if (callee.type === 'MemberExpression') {
    walkSentValues(callee.object, context, visit, asHeader, builder);
    // `builder.create('soap:Envelope').ele('soap:Body').ele('GetCampaigns')`: the element names an XML builder's chain adds.
    const element = xmlElementMethods.test(memberPropertyName(callee) ?? '') ? argumentAt(call, 0) : undefined;
    if (element) walkSentValues(element, context, visit, asHeader, builder);
  }
  else if (call.type === 'NewExpression' || (callee.type === 'Identifier' && (callee.name === 'String' || isImportedHelper(callee, context)))) {
    for (const argument of call.arguments) walkSentValues(argument, context, visit, asHeader, builder);
  }
}

/** An imported function (`env` of `./soap-envelope`, not shown in this file): what it is given goes into what it returns, as for a same-file helper. */
function isImportedHelper(callee: TSESTree.Identifier, context: EvaluationContext): boolean {
  const binding = context.scope.resolve(callee);
  return binding?.kind === 'import' && binding.importedName !== '*';
}

/** The string and template literals an expression may take its text from: constants, object values, same-file function results. */
function collectLiterals(node: Node, context: EvaluationContext, into: Reached): void {
  walkSentValues(node, context, (value, asHeader) => {
    if (value.type === 'TemplateLiteral' || isStringLiteral(value)) into.set(value, asHeader || into.get(value) === true);
  });
}

/** superagent's `.set('SOAPAction', value)`, Node's `req.setHeader(…)`: a call that sets a `SOAPAction` header (its second argument). */
function setsSoapActionHeader(call: TSESTree.CallExpression | TSESTree.NewExpression): boolean {
  const callee = memberCallee(call);
  if (!callee || !/^(set|setHeader|header)$/.test(memberPropertyName(callee) ?? '') || call.arguments.length < 2) return false;
  return /^soapaction$/i.test(staticString(argumentAt(call, 0)!) ?? '');
}

/**
 * The call a call's request starts at: down a chain of member calls (`superagent.post(url).set(…).send(xml)`
 * to `superagent.post(url)`), and from a Node request's `req.write(xml)` / `req.end(xml)` to the
 * `http(s).request(…)` that made `req`. Any other call starts its own request.
 */
function requestStartOf(call: TSESTree.CallExpression | TSESTree.NewExpression, context: EvaluationContext): Node {
  let current: Node = call;
  for (;;) {
    const callee = current.type === 'CallExpression' ? memberCallee(current) : undefined;
    if (!callee) return current;
    const object = unwrap(callee.object);
    if (object.type === 'CallExpression') {
      current = object;
      continue;
    }
    const name = memberPropertyName(callee);
    if (object.type !== 'Identifier' || (name !== 'write' && name !== 'end' && name !== 'setHeader')) return current;
    const made = unwrap(constantValueOf(context.scope.resolve(object)) ?? object);
    const maker = made.type === 'CallExpression' ? memberCallee(made) : undefined;
    return maker && memberPropertyName(maker) === 'request' ? made : current;
  }
}

/** An expression a call sends (see `valuesSentBy`). */
export interface SentValue {
  readonly node: Node;
  /** It is (part of) the value of a `SOAPAction` header. */
  readonly asHeader: boolean;
  /** The innermost call of a same-file function (a value builder: `envelope(body)`) whose result holds it. */
  readonly builder: TSESTree.CallExpression | undefined;
}

/**
 * What a call sends: every expression its arguments may take their text from, through constants,
 * object values (a `SOAPAction` header's value marked so) and the results of same-file functions
 * (the call of such a value builder named), each once, as first reached.
 */
export function valuesSentBy(call: TSESTree.CallExpression | TSESTree.NewExpression, context: EvaluationContext): SentValue[] {
  const sent = new Map<Node, SentValue>();
  for (const argument of call.arguments) {
    walkSentValues(argument, context, (node, asHeader, builder) => {
      const known = sent.get(node);
      if (known === undefined) sent.set(node, { node, asHeader, builder });
      else if (asHeader && !known.asHeader) sent.set(node, { ...known, asHeader });
    });
  }
  return [...sent.values()];
}

/**
 * The SOAP requests of a file: sites naming the same operation in one request are one group — in one
 * string, or reached from the arguments of one call (its envelope body, its `SOAPAction` header, the
 * operation it calls). Returns the groups of two or more sites, as indexes into `sites`, and the
 * literals some request sends as its `SOAPAction` header.
 */
export function soapRequestGroups(
  sites: readonly SoapSite[],
  calls: readonly (TSESTree.CallExpression | TSESTree.NewExpression)[],
  context: EvaluationContext,
): { groups: number[][]; headerLiterals: ReadonlySet<Node> } {
  const parent = sites.map((_, index) => index);
  const find = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]!]!;
    return index;
  };
  const unite = (indexes: readonly number[]): void => {
    for (const index of indexes.slice(1)) parent[find(index)] = find(indexes[0]!);
  };
  const byEntry = (indexes: readonly number[]): void => {
    const groups = new Map<string, number[]>();
    for (const index of indexes) groups.set(sites[index]!.entryId, [...(groups.get(sites[index]!.entryId) ?? []), index]);
    for (const group of groups.values()) unite(group);
  };
  const byLiteral = new Map<Node, number[]>();
  sites.forEach((site, index) => {
    if (site.literal) byLiteral.set(site.literal, [...(byLiteral.get(site.literal) ?? []), index]);
  });
  for (const indexes of byLiteral.values()) byEntry(indexes);
  const headerLiterals = new Set<Node>();
  // The sites each request reaches, by the call that starts it: the links of a chain (`.set(…).send(xml)`) and a Node request's `req.write(xml)` are one request.
  const byRequest = new Map<Node, number[]>();
  for (const call of calls) {
    const literals: Reached = new Map();
    const setsAction = setsSoapActionHeader(call);
    call.arguments.forEach((argument, at) => {
      if (at === 1 && setsAction) walkSentValues(argument, context, (value) => {
        if (value.type === 'TemplateLiteral' || isStringLiteral(value)) literals.set(value, true);
      }, true);
      else collectLiterals(argument, context, literals);
    });
    const members = [...literals.keys()].flatMap((literal) => byLiteral.get(literal) ?? []);
    for (const [literal, asHeader] of literals) if (asHeader && byLiteral.has(literal)) headerLiterals.add(literal);
    sites.forEach((site, index) => {
      if (site.call === call) members.push(index);
    });
    if (members.length > 1) byEntry(members);
    if (members.length === 0) continue;
    const request = requestStartOf(call, context);
    byRequest.set(request, [...(byRequest.get(request) ?? []), ...members]);
  }
  for (const members of byRequest.values()) if (members.length > 1) byEntry(members);
  const components = new Map<number, number[]>();
  sites.forEach((_, index) => components.set(find(index), [...(components.get(find(index)) ?? []), index]));
  return { groups: [...components.values()].filter((component) => component.length > 1), headerLiterals };
}
