import { matchOperationName, mayBeServiceOf, type Catalog, type OperationMatch } from '@sunset/rule-data';
import type { TSESTree } from '@typescript-eslint/types';
import { forEachChild } from '../ast/child-keys.js';
import { argumentAt, calleeOf, isFunction, memberCallee, memberPropertyName, propertyValueOf, staticString, unwrap, type Node } from '../ast/nodes.js';
import type { Binding } from '../file-index/scope-model.js';
import { slotValues, soleSlotValue } from '../requests/class-slots.js';
import { classMethod } from '../requests/helper-calls.js';
import { constantValueOf, evaluateExpression, following, objectLiteralOf, type EvaluationContext } from '../url/evaluate.js';
import { flatText } from '../url/segments.js';

/** How sure the analysis is that a receiver is a node-soap / strong-soap client. */
type SoapEvidence = 'created' | 'used-as-client';

export interface SoapClientCall {
  readonly match: OperationMatch;
  readonly call: TSESTree.CallExpression;
  /** The property name (`client.GetCampaigns`) or the string literal of `client['GetCampaigns']`. */
  readonly nameNode: Node;
  readonly evidence: SoapEvidence | undefined;
  /** The address the receiver's client is made from, where the file shows it (`createClientAsync(URL)`): its host decides, as a URL's does. */
  readonly address: string | undefined;
}

const soapFactories = new Set(['createClient', 'createClientAsync']);
const serviceUrlPattern = /\?wsdl|\.wsdl\b|\.svc\b|\.asmx\b/i;
const soapNamePattern = /soap/i;
const soapModules = new Set(['soap', 'strong-soap']);

/** `soap.createClient(...)`, `soap.createClientAsync(...)`, `createClientAsync(...)` (imported). */
function isSoapFactoryCall(call: TSESTree.CallExpression): boolean {
  const callee = calleeOf(call);
  const name = callee.type === 'MemberExpression' ? memberPropertyName(callee) : callee.type === 'Identifier' ? callee.name : undefined;
  return name !== undefined && soapFactories.has(name);
}

/** A call given a WSDL or service address: `createSoapClient('https://.../CampaignService.svc?wsdl')`. */
function hasServiceUrlArgument(call: TSESTree.CallExpression, context: EvaluationContext): boolean {
  return call.arguments.some((argument) => {
    const segments = evaluateExpression(argument, undefined, context);
    return segments !== undefined && serviceUrlPattern.test(flatText(segments));
  });
}

/** `soap.Client`, `Client` imported from 'soap', `Promise<soap.Client>`, `SoapClient`. */
function isSoapClientType(type: TSESTree.TypeNode | undefined, context: EvaluationContext): boolean {
  if (type?.type !== 'TSTypeReference') return false;
  const { typeName } = type;
  const root = typeName.type === 'TSQualifiedName' ? typeName.left : typeName;
  const right = typeName.type === 'TSQualifiedName' ? typeName.right.name : '';
  if (root.type === 'Identifier') {
    const binding = context.scope.moduleBinding(root.name);
    if (binding?.kind === 'import' && soapModules.has(binding.importSource ?? '')) return true;
    if (soapNamePattern.test(root.name) || soapNamePattern.test(right)) return true;
  }
  return (type.typeArguments?.params ?? []).some((argument) => isSoapClientType(argument, context));
}

/** The `return` arguments of a function body, not those of functions nested in it. */
function returnedValues(node: Node): Node[] {
  if (node.type === 'ReturnStatement') return node.argument ? [node.argument] : [];
  const values: Node[] = [];
  forEachChild(node, collectReturnedValues, values, undefined);
  return values;
}

function collectReturnedValues(child: Node, _parent: Node, values: Node[]): void {
  if (!isFunction(child)) values.push(...returnedValues(child));
}

type FunctionWithBody = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** The function a same-file name stands for (a declaration, or a constant holding a function), with its binding. */
export function sameFileFunction(callee: Node, context: EvaluationContext): { readonly fn: FunctionWithBody; readonly binding: Binding } | undefined {
  const value = unwrap(callee);
  const binding = value.type === 'Identifier' ? context.scope.resolve(value) : undefined;
  const fn = binding?.kind === 'function' ? binding.init : constantValueOf(binding);
  if (!binding || (fn?.type !== 'FunctionDeclaration' && fn?.type !== 'FunctionExpression' && fn?.type !== 'ArrowFunctionExpression')) return undefined;
  return { fn, binding };
}

/** What a function returns: its `return` arguments, or an arrow's expression body. */
export function returnedValuesOf(fn: FunctionWithBody): Node[] {
  return fn.body.type === 'BlockStatement' ? returnedValues(fn.body) : [fn.body];
}

/** The method `this.name(...)` calls, in the class the call is written in (`async client() { … }`): `classMethod`'s reading. */
function thisMethod(callee: Node, context: EvaluationContext): FunctionWithBody | undefined {
  const member = unwrap(callee);
  if (member.type !== 'MemberExpression' || unwrap(member.object).type !== 'ThisExpression') return undefined;
  const name = memberPropertyName(member);
  const classNode = name === undefined ? undefined : context.scope.enclosingClass(member);
  const fn = classNode === undefined ? undefined : classMethod(classNode, name!, false);
  return fn?.type === 'FunctionExpression' || fn?.type === 'ArrowFunctionExpression' ? fn : undefined;
}

/** A same-file function, or a method of the class called on `this`, that returns a SOAP client (by its declared return type or what it returns). */
function returnsClient(callee: Node, context: EvaluationContext): boolean {
  const found = sameFileFunction(callee, context);
  const fn = found?.fn ?? thisMethod(callee, context);
  if (!fn) return false;
  if (isSoapClientType(fn.returnType?.typeAnnotation, context)) return true;
  const values = returnedValuesOf(fn);
  return following(context, found?.binding ?? fn, () => values.some((value) => isClientValue(value, context) || isCreatedClientName(value, context))) === true;
}

/** A name (or `this.soapClient`) that holds a client made in this file. */
function isCreatedClientName(value: Node, context: EvaluationContext): boolean {
  const unwrapped = unwrap(value);
  if (unwrapped.type === 'MemberExpression') return receiverEvidence(unwrapped, context) === 'created';
  const binding = unwrapped.type === 'Identifier' ? context.scope.resolve(unwrapped) : undefined;
  return binding !== undefined && binding.kind !== 'param' && bindingEvidence(binding, context) === 'created';
}

/**
 * A `let` that only ever holds a client or nothing: every value written to it is a client value, the
 * binding itself, `null`/`undefined`, or `||`/`??` of those (`cached = cached || await soap.createClientAsync(url)`).
 */
function holdsOnlyClients(binding: Binding, context: EvaluationContext): boolean {
  if ((binding.kind !== 'let' && binding.kind !== 'var') || binding.destructured || binding.redeclared || binding.writes.length === 0) return false;
  let client = false;
  const fits = (node: Node): boolean => {
    const value = unwrap(node);
    if (value.type === 'LogicalExpression' && (value.operator === '||' || value.operator === '??')) return fits(value.left) && fits(value.right);
    if (value.type === 'Identifier') {
      const held = context.scope.resolve(value);
      if (value.name === 'undefined' || held === binding) return true;
      // `soap.createClient(url, (err, c) => { client = c; })`: the client the factory hands its callback.
      if (held?.kind !== 'param' || factoryOfCallbackParam(held, context) === undefined) return false;
      client = true;
      return true;
    }
    if (value.type === 'Literal' && value.value === null) return true;
    if (!isClientValue(value, context)) return false;
    client = true;
    return true;
  };
  const values = [...(binding.init === undefined ? [] : [binding.init]), ...binding.writes.map((write) => (write.operator === '=' ? write.value : undefined))];
  return values.every((value) => value !== undefined && fits(value)) && client;
}

/**
 * The call a client value is the result of: the call itself, awaited, or awaited through a constant
 * that holds its promise (`const clientP = soap.createClientAsync(url)`, then `await clientP`).
 */
function clientCallOf(value: Node, context: EvaluationContext): TSESTree.CallExpression | undefined {
  const unwrapped = unwrap(value);
  if (unwrapped.type !== 'AwaitExpression') return unwrapped.type === 'CallExpression' ? unwrapped : undefined;
  let awaited = unwrap(unwrapped.argument);
  if (awaited.type === 'Identifier') {
    const promise = constantValueOf(context.scope.resolve(awaited));
    if (promise) awaited = unwrap(promise);
  }
  return awaited.type === 'CallExpression' ? awaited : undefined;
}

/** A value that is a SOAP client: `await soap.createClientAsync(wsdl)`, a factory given a WSDL URL, a same-file function returning one. */
function isClientValue(value: Node, context: EvaluationContext): boolean {
  const call = clientCallOf(value, context);
  if (!call) return false;
  return isSoapFactoryCall(call) || hasServiceUrlArgument(call, context) || returnsClient(calleeOf(call), context);
}

/**
 * What a callback's parameter receives a client from: the factory `soap.createClient(url, (err, client) => …)`,
 * or the client value whose promise `.then((client) => …)` settles (`createClientAsync(url).then(…)`).
 */
function factoryOfCallbackParam(binding: Binding, context: EvaluationContext): Node | undefined {
  if (!binding.fn || binding.paramIndex === undefined) return undefined;
  const call = context.scope.parentOf(binding.fn);
  if (call?.type !== 'CallExpression') return undefined;
  if (isSoapFactoryCall(call)) return binding.paramIndex === 1 ? call : undefined;
  const callee = memberCallee(call);
  if (!callee || memberPropertyName(callee) !== 'then' || binding.paramIndex !== 0 || argumentAt(call, 0) !== binding.fn) return undefined;
  return isClientValue(callee.object, context) ? callee.object : undefined;
}

/** A value that holds a client: a client value, or the parameter a factory's callback receives one in (`this.client = c`). */
function isClientHolder(value: Node, context: EvaluationContext): boolean {
  const unwrapped = unwrap(value);
  if (unwrapped.type !== 'Identifier') return isClientValue(unwrapped, context);
  const binding = context.scope.resolve(unwrapped);
  return binding?.kind === 'param' && factoryOfCallbackParam(binding, context) !== undefined;
}

/** The outermost member of a chain ending in a call: `client.Service.Port.Op` for a reference to `client`. */
function calledChainName(reference: Node, context: EvaluationContext): string | undefined {
  let current = reference;
  let parent = context.scope.parentOf(current);
  while (parent && unwrap(parent) === unwrap(current) && parent.type !== 'MemberExpression') {
    current = parent;
    parent = context.scope.parentOf(current);
  }
  if (parent?.type !== 'MemberExpression' || unwrap(parent.object) !== unwrap(current)) return undefined;
  let member: TSESTree.MemberExpression = parent;
  for (;;) {
    const above = context.scope.parentOf(member);
    if (above?.type === 'MemberExpression' && above.object === member) {
      member = above;
      continue;
    }
    if (above?.type === 'CallExpression' && above.callee === member) return memberPropertyName(member);
    return undefined;
  }
}

/**
 * A parameter, or a constant holding an object made elsewhere (`const campaignService = new
 * AdformService(descriptor)`, an SDK's service), used only to call operation-like methods
 * (`client.GetUsersAsync(...)`), nothing else.
 */
function isUsedOnlyAsClient(binding: Binding, context: EvaluationContext): boolean {
  if (binding.kind !== 'param') {
    const value = constantValueOf(binding);
    const made = value ? unwrap(value) : undefined;
    // `const client = await getClient()`: what the promise gives is the object made elsewhere.
    const awaited = made?.type === 'AwaitExpression' ? unwrap(made.argument) : made;
    if (awaited?.type !== 'NewExpression' && awaited?.type !== 'CallExpression') return false;
  }
  const uses = context.scope.references.filter((reference) => reference !== binding.id && reference.name === binding.name && context.scope.resolve(reference) === binding);
  return uses.length > 0 && uses.every((use) => /^[A-Z]/.test(calledChainName(use, context) ?? ''));
}

function bindingEvidence(binding: Binding, context: EvaluationContext): SoapEvidence | undefined {
  if (soapNamePattern.test(binding.name)) return 'created';
  if (binding.kind === 'param') {
    if (factoryOfCallbackParam(binding, context) !== undefined) return 'created';
    if (isSoapClientType(binding.id.typeAnnotation?.typeAnnotation, context)) return 'created';
    return isUsedOnlyAsClient(binding, context) ? 'used-as-client' : undefined;
  }
  const value = constantValueOf(binding);
  if (value && isClientValue(value, context)) return 'created';
  if (following(context, binding, () => holdsOnlyClients(binding, context)) === true) return 'created';
  return isUsedOnlyAsClient(binding, context) ? 'used-as-client' : undefined;
}

/** What makes the root of `root.Op(...)` a SOAP client, if anything. */
function receiverEvidence(root: Node, context: EvaluationContext): SoapEvidence | undefined {
  switch (root.type) {
    case 'Identifier': {
      const binding = context.scope.resolve(root);
      return binding ? bindingEvidence(binding, context) : undefined;
    }
    case 'MemberExpression': {
      if (unwrap(root.object).type !== 'ThisExpression') return undefined;
      const name = memberPropertyName(root) ?? '';
      if (soapNamePattern.test(name)) return 'created';
      // Every value the class gives it is a client (also one a lazy method fills, `this.client ??= await soap.createClientAsync(url)`).
      const values = slotValues(root, context.scope) ?? [];
      return values.length > 0 && values.every((value) => isClientHolder(value, context)) ? 'created' : undefined;
    }
    case 'CallExpression':
    case 'AwaitExpression':
      return isClientValue(root, context) ? 'created' : undefined;
    default:
      return undefined;
  }
}

/**
 * The service a service address or WSDL file names: `CampaignService` of `.../CampaignService.svc?wsdl`,
 * `.../Users.asmx`, `.../Billing.wsdl`. A bare `.../legacy?wsdl` names a route, not a service.
 */
const addressedService = /([\w-]+)\.(?:svc|asmx|wsdl)\b/i;

/** An address as text, where the code shows it. */
function addressText(node: Node, context: EvaluationContext): string | undefined {
  const segments = evaluateExpression(node, undefined, context);
  return segments === undefined ? undefined : flatText(segments);
}

/**
 * The endpoint a factory call gives the client in place of the WSDL's service address: node-soap's
 * `options.endpoint`, else its last argument (`createClientAsync(url, options, endpoint)`,
 * `createClient(url, options, callback, endpoint)`, `createClient(url, callback, endpoint)`).
 */
function factoryEndpoint(call: TSESTree.CallExpression, context: EvaluationContext): Node | undefined {
  const options = objectLiteralOf(argumentAt(call, 1), context);
  const option = options ? propertyValueOf(options, 'endpoint') : undefined;
  if (option) return option;
  const callee = calleeOf(call);
  const name = callee.type === 'MemberExpression' ? memberPropertyName(callee) : callee.type === 'Identifier' ? callee.name : undefined;
  const second = argumentAt(call, 1);
  if (name === 'createClientAsync') return argumentAt(call, 2);
  return argumentAt(call, second && isFunction(unwrap(second)) ? 2 : 3);
}

/**
 * The address a SOAP client is made from, as text, where the code shows it: `createClientAsync(URL)`,
 * awaited or not, or its endpoint where the call gives one; a call of a function of the file (or a
 * method of the class) that returns a client, the address of what it returns (`async getClient() { if
 * (!this.client) this.client = await soap.createClientAsync(URL); return this.client; }`).
 */
function factoryAddress(value: Node, context: EvaluationContext): string | undefined {
  const call = clientCallOf(value, context);
  if (!call) return undefined;
  if (!isSoapFactoryCall(call)) return returnedAddress(call, context);
  if (call.arguments.length === 0) return undefined;
  const endpoint = factoryEndpoint(call, context);
  return addressText(endpoint ?? call.arguments[0]!, context);
}

/** The address of the client a function of the file returns, when each of its `return`s gives the same one. */
function returnedAddress(call: TSESTree.CallExpression, context: EvaluationContext): string | undefined {
  const callee = calleeOf(call);
  const fn = sameFileFunction(callee, context)?.fn ?? thisMethod(callee, context);
  if (!fn) return undefined;
  const addresses = following(context, fn, () => returnedValuesOf(fn).map((value) => receiverAddress(unwrap(value), context)));
  const [first] = addresses ?? [];
  return first !== undefined && addresses!.every((address) => address === first) ? first : undefined;
}

/** The holder a member call's receiver is (`client` of `client.setEndpoint(url)`): the same binding, or the same slot of the class. */
function sameHolder(node: Node, holder: Node, context: EvaluationContext): boolean {
  const value = unwrap(node);
  if (holder.type === 'Identifier') return value.type === 'Identifier' && value.name === holder.name && context.scope.resolve(value) === context.scope.resolve(holder);
  if (holder.type !== 'MemberExpression' || value.type !== 'MemberExpression') return false;
  const slot = soleSlotValue(holder, context.scope);
  return slot !== undefined && soleSlotValue(value, context.scope) === slot;
}

/**
 * The address node-soap's `client.setEndpoint(url)` gives the client a name or a slot of the class
 * holds, which replaces the one it is made from: `{ address }` when the file calls it (the address
 * undefined where it is not shown, or where two calls give two), undefined when it does not.
 */
function setEndpointAddress(holder: Node, context: EvaluationContext): { readonly address: string | undefined } | undefined {
  const set = context.scope.calls.filter((call): call is TSESTree.CallExpression => {
    const callee = call.type === 'CallExpression' ? memberCallee(call) : undefined;
    return callee !== undefined && memberPropertyName(callee) === 'setEndpoint' && sameHolder(callee.object, holder, context);
  });
  if (set.length === 0) return undefined;
  const addresses = set.map((call) => {
    const url = argumentAt(call, 0);
    return url ? addressText(url, context) : undefined;
  });
  return { address: addresses.every((address) => address === addresses[0]) ? addresses[0] : undefined };
}

/**
 * The address the receiver's client is made from, where the file shows it: a constant made by a
 * factory (`const client = await soap.createClientAsync(URL)`), the client a factory hands its
 * callback (`soap.createClient(URL, (err, client) => ...)`), or a factory call itself.
 */
function receiverAddress(root: Node, context: EvaluationContext): string | undefined {
  if (root.type === 'MemberExpression' || root.type === 'Identifier') {
    const set = setEndpointAddress(root, context);
    if (set) return set.address;
  }
  if (root.type === 'MemberExpression') {
    // A slot of the class, also one a lazy method fills (`this.client ??= await soap.createClientAsync(url)`).
    const only = soleSlotValue(root, context.scope);
    return only === undefined ? undefined : following(context, only, () => heldAddress(only, context));
  }
  if (root.type !== 'Identifier') return factoryAddress(root, context);
  const binding = context.scope.resolve(root);
  if (!binding || binding.kind === 'param') return heldAddress(root, context);
  const value = constantValueOf(binding);
  if (value) return factoryAddress(value, context);
  // `let client; … client = c` in a factory's callback: the address of the first client written.
  for (const write of binding.writes) {
    const address = write.operator === '=' && write.value !== undefined ? heldAddress(write.value, context) : undefined;
    if (address !== undefined) return address;
  }
  return undefined;
}

/** The address of the client a value holds: a factory's result, or the client a factory's callback receives. */
function heldAddress(value: Node, context: EvaluationContext): string | undefined {
  const unwrapped = unwrap(value);
  const binding = unwrapped.type === 'Identifier' ? context.scope.resolve(unwrapped) : undefined;
  if (binding?.kind !== 'param') return factoryAddress(unwrapped, context);
  const made = factoryOfCallbackParam(binding, context);
  return made === undefined ? undefined : factoryAddress(made, context);
}

/**
 * A call of a retired operation on something that may be a SOAP client: `client.GetCampaignsAsync(args)`.
 * Not one when the client is made from the address of another application's service
 * (`createClientAsync('http://intranet/Service1.svc?wsdl')`: `mayBeServiceOf`).
 */
/**
 * The jQuery.soap plugin's call, `$.soap({ url, method: 'GetCampaigns', … })`: the operation is the
 * `method` option (the finding's place), the service address `url`.
 */
function jquerySoapCall(call: TSESTree.CallExpression, callee: TSESTree.MemberExpression, catalog: Catalog, context: EvaluationContext): SoapClientCall | undefined {
  const receiver = unwrap(callee.object);
  if (receiver.type !== 'Identifier' || (receiver.name !== '$' && receiver.name !== 'jQuery')) return undefined;
  const options = objectLiteralOf(argumentAt(call, 0), context);
  const method = options ? propertyValueOf(options, 'method') : undefined;
  const name = method ? staticString(method) : undefined;
  const match = name === undefined ? undefined : matchOperationName(name, catalog);
  if (!match || !method) return undefined;
  const url = options ? propertyValueOf(options, 'url') : undefined;
  const segments = url ? evaluateExpression(url, undefined, context) : undefined;
  const address = segments ? flatText(segments) : undefined;
  const service = address === undefined ? undefined : addressedService.exec(address)?.[1];
  if (service !== undefined && !mayBeServiceOf(service, match.entry, catalog.operations)) return undefined;
  return { match, call, nameNode: method, evidence: 'created', address };
}

export function recognizeSoapClientCall(call: TSESTree.CallExpression, catalog: Catalog, context: EvaluationContext): SoapClientCall | undefined {
  const callee = memberCallee(call);
  const name = callee ? memberPropertyName(callee) : undefined;
  if (!callee || name === undefined) return undefined;
  if (name === 'soap') return jquerySoapCall(call, callee, catalog, context);
  const match = matchOperationName(name, catalog);
  if (!match) return undefined;
  let root = unwrap(callee.object);
  // `client.CampaignService.CampaignServiceSoap.GetCampaigns(...)`: service and port names between.
  while (root.type === 'MemberExpression' && unwrap(root.object).type !== 'ThisExpression' && !root.computed) root = unwrap(root.object);
  const address = receiverAddress(root, context);
  const service = address === undefined ? undefined : addressedService.exec(address)?.[1];
  if (service !== undefined && !mayBeServiceOf(service, match.entry, catalog.operations)) return undefined;
  return { match, call, nameNode: unwrap(callee.property), evidence: receiverEvidence(root, context), address };
}
