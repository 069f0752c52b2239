import { matchOperationName, type OperationMatch } from '@sunset/rule-data';
import { childrenOf } from '../ast/children.js';
import {
  argumentsOf,
  booleanField,
  calleeOf,
  field,
  fieldList,
  identifierName,
  isFunction,
  isCall,

  isMember,
  isThis,
  memberObject,
  memberPropertyName,
  unwrapTs,
} from '../ast/nodes.js';
import type { Binding } from '../scope/program-index.js';
import type { AnyNode } from '../types.js';
import { constantValueOf, evaluateExpression, type EvaluationContext } from '../url/evaluate.js';
import { flatText } from '../url/segments.js';

/** How sure the analysis is that a receiver is a node-soap / strong-soap client. */
export type SoapEvidence = 'created' | 'used-as-client';

export interface SoapClientCall {
  readonly match: OperationMatch;
  readonly call: AnyNode;
  /** The property name (`client.GetCampaigns`) or the string literal of `client['GetCampaigns']`. */
  readonly nameNode: AnyNode;
  readonly evidence: SoapEvidence | undefined;
}

const soapFactories = new Set(['createClient', 'createClientAsync']);
const serviceUrlPattern = /\?wsdl|\.wsdl\b|\.svc\b|\.asmx\b/i;
const soapNamePattern = /soap/i;

/** `soap.createClient(...)`, `soap.createClientAsync(...)`, `createClientAsync(...)` (imported). */
function isSoapFactoryCall(node: AnyNode | undefined): boolean {
  if (!isCall(node)) return false;
  const callee = calleeOf(node);
  const name = isMember(callee) ? memberPropertyName(callee) : identifierName(callee);
  return name !== undefined && soapFactories.has(name);
}

/** A call given a WSDL or service address: `createSoapClient('https://.../CampaignService.svc?wsdl')`. */
function hasServiceUrlArgument(call: AnyNode, context: EvaluationContext): boolean {
  return argumentsOf(call).some((argument) => {
    const segments = evaluateExpression(argument, undefined, context);
    return segments !== undefined && serviceUrlPattern.test(flatText(segments));
  });
}

const soapModules = new Set(['soap', 'strong-soap']);

/** `soap.Client`, `Client` imported from 'soap', `Promise<soap.Client>`, `SoapClient`. */
function isSoapClientType(type: AnyNode | undefined, context: EvaluationContext): boolean {
  if (!type) return false;
  if (type.type === 'TSTypeAnnotation') return isSoapClientType(field(type, 'typeAnnotation'), context);
  if (type.type !== 'TSTypeReference') return false;
  const typeName = field(type, 'typeName');
  const root = typeName?.type === 'TSQualifiedName' ? field(typeName, 'left') : typeName;
  const name = identifierName(root);
  if (name !== undefined) {
    const binding = context.index.moduleBinding(name);
    if (binding?.kind === 'import' && soapModules.has(binding.importSource ?? '')) return true;
    if (soapNamePattern.test(name) || soapNamePattern.test(identifierName(field(typeName ?? type, 'right')) ?? '')) return true;
  }
  const typeArguments = field(type, 'typeArguments') ?? field(type, 'typeParameters');
  return (typeArguments ? fieldList(typeArguments, 'params') : []).some((argument) => isSoapClientType(argument, context));
}

/** The `return` arguments of a function body, not those of functions nested in it. */
function returnedValues(node: AnyNode): AnyNode[] {
  if (node.type === 'ReturnStatement') {
    const argument = field(node, 'argument');
    return argument ? [argument] : [];
  }
  return childrenOf(node).flatMap((child) => (isFunction(child.node) ? [] : returnedValues(child.node)));
}

/** A same-file function that returns a SOAP client (by its declared return type or what it returns). */
function returnsClient(callee: AnyNode | undefined, context: EvaluationContext): boolean {
  const binding = callee?.type === 'Identifier' ? context.index.resolve(callee) : undefined;
  const fn = binding?.kind === 'function' ? binding.init : binding ? constantValueOf(binding) : undefined;
  if (!binding || !isFunction(fn) || context.following.has(binding)) return false;
  if (isSoapClientType(field(fn, 'returnType'), context)) return true;
  const body = field(fn, 'body');
  if (!body) return false;
  context.following.add(binding);
  try {
    const values = body.type === 'BlockStatement' ? returnedValues(body) : [body];
    return values.some((value) => isClientValue(value, context) || isCreatedClientName(value, context));
  } finally {
    context.following.delete(binding);
  }
}

function isCreatedClientName(value: AnyNode, context: EvaluationContext): boolean {
  const unwrapped = unwrapTs(value);
  const binding = unwrapped.type === 'Identifier' ? context.index.resolve(unwrapped) : undefined;
  return binding !== undefined && binding.kind !== 'param' && bindingEvidence(binding, context) === 'created';
}

/** A value that is a SOAP client: `await soap.createClientAsync(wsdl)`, a factory given a WSDL URL, a same-file function returning one. */
function isClientValue(value: AnyNode, context: EvaluationContext): boolean {
  const unwrapped = unwrapTs(value);
  const call = unwrapped.type === 'AwaitExpression' ? unwrapTs(field(unwrapped, 'argument') ?? unwrapped) : unwrapped;
  if (!isCall(call)) return false;
  return isSoapFactoryCall(call) || hasServiceUrlArgument(call, context) || returnsClient(calleeOf(call), context);
}

/** The parameter of a callback handed to `soap.createClient(url, cb)` or to `.then(cb)` of `createClientAsync(url)`. */
function isFactoryCallbackParam(binding: Binding, context: EvaluationContext): boolean {
  if (!binding.fn || binding.paramIndex === undefined) return false;
  const call = context.index.parentOf(binding.fn);
  if (!isCall(call)) return false;
  if (isSoapFactoryCall(call)) return binding.paramIndex === 1;
  const callee = calleeOf(call);
  if (!isMember(callee) || memberPropertyName(callee) !== 'then' || binding.paramIndex !== 0) return false;
  const promise = memberObject(callee);
  return promise !== undefined && isClientValue(promise, context);
}

/** The outermost member of a chain ending in a call: `client.Service.Port.Op` for a reference to `client`. */
function calledChainName(reference: AnyNode, context: EvaluationContext): string | undefined {
  let current = reference;
  let parent = context.index.parentOf(current);
  while (parent && unwrapTs(parent) === current) {
    current = parent;
    parent = context.index.parentOf(current);
  }
  if (!isMember(parent) || unwrapTs(field(parent, 'object') ?? parent) !== unwrapTs(current)) return undefined;
  let member: AnyNode = parent;
  for (;;) {
    const above = context.index.parentOf(member);
    if (isMember(above) && field(above, 'object') === member) {
      member = above;
      continue;
    }
    if (isCall(above) && field(above, 'callee') === member) return memberPropertyName(member);
    return undefined;
  }
}

/** A parameter used only to call operation-like methods (`client.GetUsersAsync(...)`), nothing else. */
function isUsedOnlyAsClient(binding: Binding, context: EvaluationContext): boolean {
  if (binding.kind !== 'param') return false;
  const uses = context.index.references.filter((reference) => identifierName(reference) === binding.name && context.index.resolve(reference) === binding);
  return uses.length > 0 && uses.every((use) => /^[A-Z]/.test(calledChainName(use, context) ?? ''));
}

function bindingEvidence(binding: Binding, context: EvaluationContext): SoapEvidence | undefined {
  if (soapNamePattern.test(binding.name)) return 'created';
  if (binding.kind === 'param') {
    if (isFactoryCallbackParam(binding, context)) return 'created';
    if (isSoapClientType(field(binding.id, 'typeAnnotation'), context)) return 'created';
    return isUsedOnlyAsClient(binding, context) ? 'used-as-client' : undefined;
  }
  const value = constantValueOf(binding);
  return value && isClientValue(value, context) ? 'created' : undefined;
}

/** What makes the root of `root.Op(...)` a SOAP client, if anything. */
function receiverEvidence(root: AnyNode, context: EvaluationContext): SoapEvidence | undefined {
  if (root.type === 'Identifier') {
    const binding = context.index.resolve(root);
    return binding ? bindingEvidence(binding, context) : undefined;
  }
  if (isMember(root) && isThis(memberObject(root))) {
    const name = memberPropertyName(root) ?? '';
    if (soapNamePattern.test(name)) return 'created';
    const classNode = context.index.enclosingClass(root);
    const values = classNode ? (context.index.classFacts(classNode)?.thisValues.get(name) ?? []) : [];
    return values.length === 1 && isClientValue(values[0]!, context) ? 'created' : undefined;
  }
  if (isCall(root) || root.type === 'AwaitExpression') return isClientValue(root, context) ? 'created' : undefined;
  return undefined;
}

/** A call of a retired operation on something that may be a SOAP client: `client.GetCampaignsAsync(args)`. */
export function recognizeSoapClientCall(call: AnyNode, context: EvaluationContext): SoapClientCall | undefined {
  const callee = calleeOf(call);
  if (!isMember(callee)) return undefined;
  const name = memberPropertyName(callee);
  const nameNode = field(callee, 'property');
  if (name === undefined || !nameNode) return undefined;
  const match = matchOperationName(name, context.options.catalog);
  if (!match) return undefined;
  let root = memberObject(callee);
  // `client.CampaignService.CampaignServiceSoap.GetCampaigns(...)`: service and port names between.
  while (root && isMember(root) && !isThis(memberObject(root)) && !booleanField(root, 'computed')) root = memberObject(root);
  if (!root) return undefined;
  return { match, call, nameNode: unwrapTs(nameNode), evidence: receiverEvidence(root, context) };
}

