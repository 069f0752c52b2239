import type { TSESTree } from '@typescript-eslint/types';
import { calleeOf, isStringLiteral, memberPropertyName, propertyKeyName, propertyValueOf, unwrap, type Node } from '../ast/nodes.js';
import { following, objectLiteralOf, valueOfBinding, type EvaluationContext } from '../url/evaluate.js';
import { returnedValuesOf, sameFileFunction } from './soap-client-calls.js';

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

/** The string and template literals an expression may take its text from: constants, object values, same-file function results. */
function collectLiterals(node: Node, context: EvaluationContext, into: Reached, asHeader = false): void {
  const value = unwrap(node);
  const recurse = (next: Node): void => collectLiterals(next, context, into, asHeader);
  switch (value.type) {
    case 'Literal':
      if (isStringLiteral(value)) into.set(value, asHeader || into.get(value) === true);
      return;
    case 'TemplateLiteral':
      into.set(value, asHeader || into.get(value) === true);
      return;
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
        else collectLiterals(property.value, context, into, /^soapaction$/i.test(propertyKeyName(property) ?? ''));
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
      collectCallLiterals(value, context, into, asHeader);
      return;
    default:
      return;
  }
}

/** `envelopeFor(id)` (a same-file function's results and arguments), `new Headers({...})`, `TEMPLATE.replace(...)`, `String(x)`. */
function collectCallLiterals(call: TSESTree.CallExpression | TSESTree.NewExpression, context: EvaluationContext, into: Reached, asHeader: boolean): void {
  const callee = calleeOf(call);
  const found = call.type === 'CallExpression' ? sameFileFunction(callee, context) : undefined;
  if (found) {
    const values = returnedValuesOf(found.fn);
    following(context, found.binding, () => {
      for (const returned of values) collectLiterals(returned, context, into, asHeader);
      return true;
    });
    // `envelope('<CreateCampaign/>')`: what a helper is given goes into what it returns.
    for (const argument of call.arguments) collectLiterals(argument, context, into, asHeader);
    return;
  }
  if (callee.type === 'MemberExpression') collectLiterals(callee.object, context, into, asHeader);
  else if (call.type === 'NewExpression' || (callee.type === 'Identifier' && callee.name === 'String')) for (const argument of call.arguments) collectLiterals(argument, context, into, asHeader);
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
  for (const call of calls) {
    const literals: Reached = new Map();
    for (const argument of call.arguments) collectLiterals(argument, context, literals);
    const members = [...literals.keys()].flatMap((literal) => byLiteral.get(literal) ?? []);
    for (const [literal, asHeader] of literals) if (asHeader && byLiteral.has(literal)) headerLiterals.add(literal);
    sites.forEach((site, index) => {
      if (site.call === call) members.push(index);
    });
    if (members.length > 1) byEntry(members);
  }
  const components = new Map<number, number[]>();
  sites.forEach((_, index) => components.set(find(index), [...(components.get(find(index)) ?? []), index]));
  return { groups: [...components.values()].filter((component) => component.length > 1), headerLiterals };
}
