import type { UrlPart } from '@sunset/rule-data';
import type { ClientQuery, ClientValue } from '../types.js';
import type { TSESTree } from '@typescript-eslint/types';
import { argumentAt, calleeOf, endOf, enumMemberName, enumMembersOf, hasSpread, isClass, isStringLiteral, memberPropertyName, propertyKeyName, propertyValueOf, rangeOf, requiredModule, startOf, unwrap, type ClassNode, type FunctionNode, type Node, type StringLiteral } from '../ast/nodes.js';
import type { Binding, RequiredExport, ScopeModel } from '../file-index/scope-model.js';
import { getterValueOf } from '../requests/class-slots.js';
import { envConditionalParts, envDestructuringDefault } from './env-fallback.js';
import { reachingWrite } from './flow.js';
import { hole, mappedPrefixLength, sliceText, syntheticText, type Quote, type Segment, type TextSegment } from './segments.js';

/** What evaluating an expression needs: the file's scopes, its text, the type-aware hook, and the bindings being followed. */
export interface EvaluationContext {
  readonly scope: ScopeModel;
  readonly text: string;
  readonly resolveIdentifier: ((node: Node) => readonly UrlPart[] | undefined) | undefined;
  readonly resolveClient?: ((node: TSESTree.Identifier, what?: ClientQuery) => ClientValue | undefined) | undefined;
  /** Results computed once per file index (the hosts of a wrapper class); shared by the contexts of one index. */
  readonly memo?: Map<unknown, unknown>;
  /**
   * Bindings (or the writes of one) whose values are being read (a cycle `a = b; b = a` is a hole):
   * a stack, as deep as the reads nest (a Set reallocated its table on every add and delete).
   */
  readonly following: object[];
  /**
   * Parameters read as the arguments a call gives them (a helper's request read for one call of it,
   * `helperCall`): each argument is evaluated in its caller's context.
   */
  readonly givenArguments?: ReadonlyMap<Binding, { readonly node: Node; readonly context: EvaluationContext }>;
  /**
   * Parameters the call being read leaves out, with no default (`api('/v1/campaigns')` of `api(path,
   * opts)`): `undefined`, so options handed on as they are say nothing (the request's default method).
   */
  readonly leftOutArguments?: ReadonlySet<Binding>;
  /**
   * The class whose instance `this` is, where a method of a class it extends is read for its call
   * (`this.get(path)` in a subclass, `helperCall`): `this.host` is then read from that class up.
   */
  readonly instanceClass?: ClassNode;
  /**
   * The catalog's needle pattern (`Catalog.needlePattern`): a helper whose own text before its path
   * parameter names a retired path makes its own request (`helperCall`).
   */
  readonly retiredNeedle?: RegExp;
}

/** A binding whose value is its initializer for the whole file: `const`, or `let`/`var` never reassigned. */
export function constantValueOf(binding: Binding | undefined): Node | undefined {
  if (!binding?.init) return undefined;
  if (binding.kind === 'const' || ((binding.kind === 'let' || binding.kind === 'var') && !binding.reassigned)) return binding.init;
  return undefined;
}

/**
 * What a binding takes from another module by `require` (`RequiredExport`) for the whole file: a
 * `const`, or a `let`/`var` never reassigned. Any `require` counts, as for clients (`createRequire`'s,
 * AMD's `define(function (require) { … })`).
 */
export function requiredExportOf(binding: Binding): RequiredExport | undefined {
  return binding.required !== undefined && constantValueOf(binding) !== undefined ? binding.required : undefined;
}

/** Runs `read` with `binding` (or one of its writes) marked as followed; undefined when it already is (a cycle). */
export function following<T>(context: EvaluationContext, binding: object, read: () => T | undefined): T | undefined {
  if (context.following.includes(binding)) return undefined;
  context.following.push(binding);
  try {
    return read();
  } finally {
    context.following.pop();
  }
}

/** The object literal an expression stands for: written inline, or a same-file constant never mutated. */
export function objectLiteralOf(node: Node | undefined, context: EvaluationContext): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const value = unwrap(node);
  switch (value.type) {
    case 'ObjectExpression':
      return value;
    case 'Identifier': {
      const binding = context.scope.resolve(value);
      if (!binding || binding.mutated) return undefined;
      return following(context, binding, () => objectLiteralOf(valueOfBinding(binding, context), context));
    }
    case 'MemberExpression': {
      const name = memberPropertyName(value);
      const own = thisValueOf(value, context);
      if (own !== undefined) return following(context, own.node, () => objectLiteralOf(own.node, own.context));
      const owner = objectLiteralOf(value.object, context);
      const property = owner && name !== undefined && !hasSpread(owner) ? propertyValueOf(owner, name) : undefined;
      return objectLiteralOf(property, context);
    }
    default:
      return undefined;
  }
}

/** The value a binding stands for: its constant initializer, or the property `{ key } = init` reads. */
export function valueOfBinding(binding: Binding, context: EvaluationContext): Node | undefined {
  const init = constantValueOf(binding);
  if (!init || !binding.destructured) return init;
  if (binding.destructuredKey === undefined) return undefined;
  const owner = objectLiteralOf(init, context);
  return owner && !hasSpread(owner) ? propertyValueOf(owner, binding.destructuredKey) : undefined;
}

const quoteAt = (text: string, offset: number): Quote | undefined => {
  const char = text[offset];
  return char === "'" || char === '"' || char === '`' ? char : undefined;
};

function literalSegment(node: StringLiteral, container: Node | undefined, context: EvaluationContext): TextSegment {
  const [start, end] = rangeOf(node);
  return {
    kind: 'text',
    value: node.value,
    sourceStart: start + 1,
    mappedLength: mappedPrefixLength(context.text.slice(start + 1, end - 1), node.value),
    container: container ?? node,
    quote: quoteAt(context.text, start),
    literal: node,
  };
}

function templateSegments(node: TSESTree.TemplateLiteral, container: Node | undefined, context: EvaluationContext): Segment[] {
  const owner = container ?? node;
  const segments: Segment[] = [];
  // TS-ESTree puts an element's delimiters in its range (`` ` `` or `}` before, `${` or `` ` `` after);
  // oxc's JavaScript AST does not.
  const first = node.quasis[0];
  const delimited = first !== undefined && startOf(first) === startOf(node);
  for (let index = 0; index < node.quasis.length; index += 1) {
    const quasi = node.quasis[index]!;
    const start = startOf(quasi) + (delimited ? 1 : 0);
    const raw = context.text.slice(start, endOf(quasi) - (delimited ? (quasi.tail ? 1 : 2) : 0));
    const cooked = quasi.value.cooked ?? quasi.value.raw;
    segments.push({ kind: 'text', value: cooked, sourceStart: start, mappedLength: mappedPrefixLength(raw, cooked), container: owner, quote: '`', literal: node });
    const expression = node.expressions[index];
    if (!expression) continue;
    const value = evaluateExpression(expression, undefined, context) ?? choiceSegments(expression, owner, true, context);
    if (value === undefined) segments.push(hole(expression, owner, true));
    else for (const segment of value) segments.push(segment);
  }
  return segments;
}

/** `new URL(path, base)`: an absolute path keeps only the base's origin; a relative one joins the base's directory. */
function resolveUrlAgainst(path: readonly Segment[], base: readonly Segment[] | undefined): Segment[] {
  const first = path[0];
  if (!first || first.kind === 'hole') return [...path];
  if (/^[a-z][a-z0-9+.-]*:/i.test(first.value) || first.value.startsWith('//') || !base) return [...path];
  if (first.value.startsWith('/')) return [...originOf(base), ...path];
  return [...directoryOf(base), ...path];
}

function originOf(base: readonly Segment[]): Segment[] {
  const origin: Segment[] = [];
  let hostStarted = false;
  for (const segment of base) {
    origin.push(segment);
    if (segment.kind === 'hole') {
      if (!hostStarted) return origin; // an unknown base carries its own origin
      continue;
    }
    let from = 0;
    if (!hostStarted) {
      const scheme = segment.value.indexOf('//');
      if (scheme < 0) continue;
      hostStarted = true;
      from = scheme + 2;
    }
    const slash = segment.value.indexOf('/', from);
    if (slash >= 0) {
      origin[origin.length - 1] = sliceText(segment, 0, slash);
      return origin;
    }
  }
  return origin;
}

function directoryOf(base: readonly Segment[]): Segment[] {
  const last = base[base.length - 1];
  if (!last || last.kind === 'hole') return [...base, syntheticText('/')];
  const slash = last.value.lastIndexOf('/');
  if (slash < 0) return [...base.slice(0, -1), syntheticText('/')];
  return [...base.slice(0, -1), sliceText(last, 0, slash + 1)];
}

/** axios `baseURL` / got and ky `prefixUrl`: the base without trailing slashes, one `/`, the path without leading ones. */
export function joinBaseUrl(base: readonly Segment[] | undefined, path: readonly Segment[]): Segment[] {
  const first = path[0];
  if (!base || base.length === 0) return [...path];
  // An absolute URL wins over the base, also where its origin is a value (`${API}/v1/…`: the template's
  // empty head comes first).
  const written = path.find((segment) => segment.kind !== 'text' || segment.value !== '');
  if (written?.kind === 'text' && /^[a-z][a-z0-9+.-]*:\/\//i.test(written.value)) return [...path];
  const trimmedBase = base.map((segment): Segment => ({ ...segment, fromBase: true }));
  const last = trimmedBase[trimmedBase.length - 1];
  if (last?.kind === 'text') trimmedBase[trimmedBase.length - 1] = sliceText(last, 0, last.value.replace(/\/+$/, '').length);
  const trimmedPath = [...path];
  if (first?.kind === 'text') trimmedPath[0] = sliceText(first, first.value.length - first.value.replace(/^\/+/, '').length);
  return [...trimmedBase, syntheticText('/'), ...trimmedPath];
}

/** A part of a value from another file: text written elsewhere, or a hole. */
export const partToSegment = (part: UrlPart): Segment => (part.kind === 'text' ? syntheticText(part.value) : hole());

function identifierSegments(node: TSESTree.Identifier, context: EvaluationContext): Segment[] | undefined {
  const binding = context.scope.resolve(node);
  // Another module's value: imported, or required (`const { API_V1 } = require('./config')`).
  if (!binding || binding.kind === 'import' || requiredExportOf(binding) !== undefined) return context.resolveIdentifier?.(node)?.map(partToSegment);
  if (binding.reassigned && (binding.kind === 'let' || binding.kind === 'var')) return reachingSegments(binding, node, context);
  const given = binding.kind === 'param' ? context.givenArguments?.get(binding) : undefined;
  if (given) return following(context, binding, () => evaluateExpression(given.node, undefined, given.context));
  const envDefault = envDestructuringDefault(binding, context.scope);
  if (envDefault) return following(context, binding, () => fallbackSegments(undefined, envDefault.right, envDefault, context));
  const passed = superPassedFor(node, binding, context);
  if (passed) return passed.value ? following(context, binding, () => evaluateExpression(passed.value!, undefined, context)) : undefined;
  return following(context, binding, () => {
    const value = binding.kind === 'param' ? (binding.reassigned ? undefined : parameterDefaultOf(binding, context)) : valueOfBinding(binding, context);
    return value ? evaluateExpression(value, undefined, context) : undefined;
  });
}

/**
 * The value a `let` holds where `read` reads it, built over statements: `let url = `${base}/albums/${id}`;
 * url = `${url}/tracks`` or `url += '/albums'`. Undefined when the write it sees cannot be told (see
 * `reachingWrite`). Where the read runs only sometimes after that write, the value may reach other
 * reads as well: its segments are marked `shared`, so the string they are written in is not taken as
 * used up by this one.
 */
export function reachingSegments(binding: Binding, read: Node, context: EvaluationContext): Segment[] | undefined {
  const write = reachingWrite(binding, read, context.scope);
  if (!write) return undefined;
  const segments = following(context, write.node, (): Segment[] | undefined => {
    if (write.operator === 'other' || write.value === undefined) return undefined;
    const value = evaluateExpression(write.value, undefined, context);
    if (write.operator === '=') return value;
    const target = write.node.type === 'AssignmentExpression' ? unwrap(write.node.left) : undefined;
    const before = target?.type === 'Identifier' ? reachingSegments(binding, target, context) : undefined;
    if (!before && !value) return undefined;
    return [...(before ?? [hole(target)]), ...(value ?? [hole(unwrap(write.value))])];
  });
  return segments && write.readSometimes ? segments.map((segment) => ({ ...segment, shared: true })) : segments;
}

/**
 * A string appended with `+=` (`url += '/albums'`) is read after what the variable held: the value
 * before it, then the string. Any other string root is read as it is written.
 */
export function evaluateStringRoot(node: Node, context: EvaluationContext): Segment[] | undefined {
  const own = evaluateExpression(node, undefined, context);
  let written = node;
  let parent = context.scope.parentOf(written);
  while (parent && unwrap(parent) === unwrap(node) && parent !== written) {
    written = parent;
    parent = context.scope.parentOf(written);
  }
  if (parent?.type !== 'AssignmentExpression' || parent.operator !== '+=' || parent.right !== written) return own;
  const target = unwrap(parent.left);
  const binding = target.type === 'Identifier' ? context.scope.resolve(target) : undefined;
  if (!binding || target.type !== 'Identifier' || (binding.kind !== 'let' && binding.kind !== 'var')) return own;
  const before = reachingSegments(binding, target, context);
  if (!own) return undefined;
  return [...(before ?? [hole(target)]), ...own];
}

/**
 * The one value a class gives `this.name` (a field initializer, a parameter property, or its only
 * `this.name = …`; a constructor's parameter there stands for its default), read where `this` is the
 * class's instance: in its methods, constructor and field initializers, through arrow functions, never
 * in a nested `function` or a static method. A class that gives none reads it from the class of the file
 * it extends, whose constructor's parameters are what its `super(…)` passes; such a value is read
 * with the instance's class (`instanceClass`), so a parameter in it (`this.api = `${host}/v1``) is too.
 */
function thisValueOf(member: TSESTree.MemberExpression, context: EvaluationContext): { readonly node: Node; readonly context: EvaluationContext } | undefined {
  if (unwrap(member.object).type !== 'ThisExpression') return undefined;
  const name = memberPropertyName(member);
  if (name === undefined) return undefined;
  let classNode: Node | undefined;
  for (let current = context.scope.parentOf(member), child: Node = member; current; child = current, current = context.scope.parentOf(current)) {
    if (current.type === 'FunctionExpression' || current.type === 'FunctionDeclaration') {
      const owner = context.scope.parentOf(current);
      if (owner?.type !== 'MethodDefinition' || owner.static) return undefined;
      continue;
    }
    if ((current.type === 'PropertyDefinition' || current.type === 'AccessorProperty') && current.value === child && current.static) return undefined;
    if (current.type === 'ClassBody') {
      classNode = context.scope.parentOf(current);
      break;
    }
  }
  if (!isClass(classNode) || changedThisNames(context).has(name)) return undefined;
  const instance = context.instanceClass !== undefined && extendsClass(context.instanceClass, classNode, context) ? context.instanceClass : classNode;
  // Read for no instance in particular, a subclass of the file that gives `this.<name>` its own value makes it more than one.
  if (instance === classNode && overriddenInFile(classNode, name, context.scope)) return undefined;
  let subclass: ClassNode | undefined;
  for (let owner: ClassNode | undefined = instance, depth = 0; owner && depth <= maxClassDepth; subclass = owner, owner = superClassOf(owner, context), depth += 1) {
    const values = context.scope.classFacts(owner)?.thisValues.get(name);
    if (values === undefined || values.length === 0) continue;
    if (values.length !== 1) return undefined;
    if (!subclass) return { node: constructorDefaultOf(values[0]!, owner, context) ?? values[0]!, context };
    const passed = superArgumentFor(values[0]!, owner, subclass, context);
    // `this.url = `${host}/v1`` in the base's constructor: its parameters are what the instance's `super(…)` passes.
    return passed && { node: passed, context: context.instanceClass === instance ? context : { ...context, instanceClass: instance } };
  }
  return undefined;
}

/** How many classes up a chain of `extends` is followed (a cycle of class expressions is no chain). */
export const maxClassDepth = 8;

/** The class of the file a class extends (`class Campaigns extends Base`), when the file declares it. */
export function superClassOf(classNode: ClassNode, context: EvaluationContext): ClassNode | undefined {
  const written = classNode.superClass ? unwrap(classNode.superClass) : undefined;
  if (written?.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(written);
  const init = binding?.kind === 'class' ? binding.init : constantValueOf(binding);
  const found = init ? unwrap(init) : undefined;
  return isClass(found) && found !== classNode ? found : undefined;
}

/** Whether `subclass` extends `base` through classes of the file (or is it). */
export function extendsClass(subclass: ClassNode, base: ClassNode, context: EvaluationContext): boolean {
  for (let owner: ClassNode | undefined = subclass, depth = 0; owner && depth <= maxClassDepth; owner = superClassOf(owner, context), depth += 1) if (owner === base) return true;
  return false;
}

/** Whether a class declares an instance member of that name (a method, field or accessor). */
export function declaresMember(classNode: ClassNode, name: string): boolean {
  return classNode.body.body.some((member) => {
    if (member.type !== 'MethodDefinition' && member.type !== 'PropertyDefinition' && member.type !== 'AccessorProperty' && member.type !== 'TSAbstractMethodDefinition') return false;
    return !member.static && propertyKeyName(member) === name;
  });
}

const subclassesByScope = new WeakMap<ScopeModel, Map<ClassNode, ClassNode[]>>();

/** The classes of the file that extend each class of the file directly (`class B extends A`), from one pass over its references. */
function subclassesOf(classNode: ClassNode, scope: ScopeModel): readonly ClassNode[] {
  let byBase = subclassesByScope.get(scope);
  if (byBase === undefined) {
    byBase = new Map();
    for (const reference of scope.references) {
      const parent = scope.parentOf(reference);
      if (!isClass(parent) || parent.superClass !== reference) continue;
      const binding = scope.resolve(reference);
      const init = binding?.kind === 'class' ? binding.init : constantValueOf(binding);
      const base = init ? unwrap(init) : undefined;
      if (!isClass(base) || base === parent) continue;
      const list = byBase.get(base);
      if (list) list.push(parent);
      else byBase.set(base, [parent]);
    }
    subclassesByScope.set(scope, byBase);
  }
  return byBase.get(classNode) ?? [];
}

/**
 * Whether a class of the file that extends `classNode` (at any depth) gives `this.<name>` a value of
 * its own (a field, an accessor, a method, a parameter property or a `this.name = …`): read in
 * `classNode`, `this.<name>` is then not one value (the instance may be the subclass's).
 */
export function overriddenInFile(classNode: ClassNode, name: string, scope: ScopeModel, depth = 0): boolean {
  if (depth >= maxClassDepth) return false;
  return subclassesOf(classNode, scope).some(
    (subclass) => declaresMember(subclass, name) || (scope.classFacts(subclass)?.thisValues.get(name)?.length ?? 0) > 0 || overriddenInFile(subclass, name, scope, depth + 1),
  );
}

/**
 * `this.host = host` of a base class's constructor, read for an instance of `subclass`: what the
 * subclass's one `super(…)` passes for that parameter (its default where it passes none); without a
 * constructor of its own, the subclass passes what its `new` and `super` calls do (see `parameterDefaultOf`).
 * A value that is no parameter of the base's constructor is the value.
 */
function superArgumentFor(value: Node, base: ClassNode, subclass: ClassNode, context: EvaluationContext): Node | undefined {
  const binding = value.type === 'Identifier' ? context.scope.resolve(value) : undefined;
  if (binding?.kind !== 'param' || !binding.fn || classOfConstructor(binding.fn, context) !== base) return value;
  const { fn, paramIndex } = binding;
  if (binding.reassigned || paramIndex === undefined) return undefined;
  let param: Node | undefined = fn.params[paramIndex];
  if (param?.type === 'TSParameterProperty') param = param.parameter;
  const defaultValue = param?.type === 'AssignmentPattern' && param.left === binding.id ? param.right : undefined;
  const ownConstructor = constructorOf(subclass);
  const calls = ownConstructor ? superCallsIn(ownConstructor, context) : constructorCallsOf(subclass, context);
  if (ownConstructor) {
    if (calls.length !== 1) return undefined;
    const args = calls[0]!;
    if (!passesArgument(args, paramIndex)) return defaultValue;
    return args.slice(0, paramIndex + 1).some((arg) => arg.type === 'SpreadElement') ? undefined : args[paramIndex];
  }
  return calls.some((args) => passesArgument(args, paramIndex)) ? undefined : defaultValue;
}

/**
 * A parameter of a base class's constructor (`constructor(baseURL) { this.http = axios.create({ baseURL }) }`)
 * read for an instance of a subclass of the file (`context.instanceClass`): what that subclass's chain
 * passes it through `super(…)` (`superArgumentFor`); `value` undefined when that is not one value.
 * Undefined where the parameter is no constructor's of a class the instance's class extends.
 */
function superPassedFor(read: TSESTree.Identifier, binding: Binding, context: EvaluationContext): { readonly value: Node | undefined } | undefined {
  const instance = context.instanceClass;
  const base = binding.kind === 'param' && binding.fn && instance !== undefined ? classOfConstructor(binding.fn, context) : undefined;
  if (!base || base === instance) return undefined;
  for (let child: ClassNode | undefined = instance, depth = 0; child && depth <= maxClassDepth; child = superClassOf(child, context), depth += 1) {
    if (superClassOf(child, context) === base) return { value: superArgumentFor(read, base, child, context) };
  }
  return undefined;
}

/** A class's own constructor. */
function constructorOf(classNode: ClassNode): FunctionNode | undefined {
  for (const member of classNode.body.body) if (member.type === 'MethodDefinition' && member.kind === 'constructor') return member.value;
  return undefined;
}

/** The argument lists of the `super(…)` calls a constructor makes. */
function superCallsIn(constructor: FunctionNode, context: EvaluationContext): (readonly TSESTree.CallExpressionArgument[])[] {
  const [start, end] = rangeOf(constructor);
  return context.scope.calls.flatMap((call) => {
    const [callStart, callEnd] = rangeOf(call);
    return call.type === 'CallExpression' && call.callee.type === 'Super' && callStart >= start && callEnd <= end ? [call.arguments] : [];
  });
}

/**
 * `this.base = base` from `constructor(base = 'https://…')`: the default, where the parameter is the
 * class's own constructor's, is never written again, and no call of the file passes it (see `parameterDefaultOf`).
 */
function constructorDefaultOf(value: Node, classNode: ClassNode, context: EvaluationContext): Node | undefined {
  if (value.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(value);
  if (binding?.kind !== 'param' || binding.reassigned || !binding.fn || classOfConstructor(binding.fn, context) !== classNode) return undefined;
  return parameterDefaultOf(binding, context);
}

/** The class whose constructor `fn` is. */
function classOfConstructor(fn: FunctionNode, context: EvaluationContext): ClassNode | undefined {
  const method = context.scope.parentOf(fn);
  if (method?.type !== 'MethodDefinition' || method.kind !== 'constructor') return undefined;
  const owner = context.scope.parentOf(method);
  const classNode = owner ? context.scope.parentOf(owner) : undefined;
  return isClass(classNode) ? classNode : undefined;
}

const constructorCallsKey = Symbol('constructor calls');

/** The argument lists the file gives a class's constructor: `new C(…)`, and `super(…)` in a class that extends it (once per file). */
function constructorCallsOf(classNode: ClassNode, context: EvaluationContext): readonly (readonly TSESTree.CallExpressionArgument[])[] {
  let known = context.memo?.get(constructorCallsKey) as Map<ClassNode, readonly (readonly TSESTree.CallExpressionArgument[])[]> | undefined;
  if (!known) {
    known = new Map();
    context.memo?.set(constructorCallsKey, known);
  }
  const cached = known.get(classNode);
  if (cached) return cached;
  const isThisClass = (node: Node | null | undefined): boolean => {
    const callee = node ? unwrap(node) : undefined;
    const binding = callee?.type === 'Identifier' ? context.scope.resolve(callee) : undefined;
    return binding?.init !== undefined && unwrap(binding.init) === classNode;
  };
  const calls = context.scope.calls.flatMap((call) => {
    if (call.type === 'NewExpression') return isThisClass(call.callee) ? [call.arguments] : [];
    if (call.callee.type !== 'Super') return [];
    const subclass = context.scope.enclosingClass(call);
    return subclass && isThisClass(subclass.superClass) ? [call.arguments] : [];
  });
  known.set(classNode, calls);
  return calls;
}

/** Whether a call's arguments give the parameter at `index` a value (a spread at or before it may). */
function passesArgument(args: readonly TSESTree.CallExpressionArgument[], index: number): boolean {
  for (let at = 0; at < args.length && at <= index; at += 1) {
    const arg = unwrap(args[at]!);
    if (arg.type === 'SpreadElement') return true;
    if (at === index) return !(arg.type === 'Identifier' && arg.name === 'undefined');
  }
  return false;
}

const changedThisNamesKey = Symbol('changed this names');

/** Names `x` whose object is changed through a property, `this.x.y = …` (once per file). */
function changedThisNames(context: EvaluationContext): ReadonlySet<string> {
  const known = context.memo?.get(changedThisNamesKey) as ReadonlySet<string> | undefined;
  if (known) return known;
  const names = new Set<string>();
  for (const assignment of context.scope.memberAssignments) {
    let target = unwrap(assignment.left);
    while (target.type === 'MemberExpression' && unwrap(target.object).type === 'MemberExpression') target = unwrap(target.object);
    const name = target.type === 'MemberExpression' && unwrap(target.object).type === 'ThisExpression' ? memberPropertyName(target) : undefined;
    if (name !== undefined) names.add(name);
  }
  context.memo?.set(changedThisNamesKey, names);
  return names;
}

/**
 * The default value of a plain parameter (`baseURL = '…'`, `path = '/v1/…'`, also a TS parameter
 * property): the value only where no call of the file passes that argument. `new Client('https://…')`
 * or `super(…)` gives a constructor's instance another base, `list('/v1/…')` a function another path,
 * which is then not known; so is any argument of a function handed on (`functionCallsOf`).
 */
function parameterDefaultOf(binding: Binding, context: EvaluationContext): Node | undefined {
  const { fn, paramIndex } = binding;
  if (!fn || paramIndex === undefined) return undefined;
  let param: Node | undefined = fn.params[paramIndex];
  if (param?.type === 'TSParameterProperty') param = param.parameter;
  if (param?.type !== 'AssignmentPattern' || param.left !== binding.id) return undefined;
  const classNode = classOfConstructor(fn, context);
  const calls = classNode ? constructorCallsOf(classNode, context) : functionCallsOf(fn, context);
  if (calls === undefined || calls.some((args) => passesArgument(args, paramIndex))) return undefined;
  return param.right;
}

const functionCallsKey = Symbol('function calls');

/**
 * The argument lists the file gives a function it names (once per function): calls of a function
 * declaration or a constant holding one (`list(…)`), of a method or an object literal's function by its
 * name (`this.list(…)`, `api.list(…)`, any receiver). Undefined where other code may call it: a function
 * with no name (a callback), or one whose name is read other than to call it or export it
 * (`ids.map(list)`, `this.list.bind(this)`), which may pass any argument.
 */
function functionCallsOf(fn: FunctionNode, context: EvaluationContext): readonly (readonly TSESTree.CallExpressionArgument[])[] | undefined {
  let known = context.memo?.get(functionCallsKey) as Map<FunctionNode, readonly (readonly TSESTree.CallExpressionArgument[])[] | null> | undefined;
  if (!known) {
    known = new Map();
    context.memo?.set(functionCallsKey, known);
  }
  const cached = known.get(fn);
  if (cached !== undefined) return cached ?? undefined;
  const calls = readFunctionCalls(fn, context);
  known.set(fn, calls ?? null);
  return calls;
}

function readFunctionCalls(fn: FunctionNode, context: EvaluationContext): (readonly TSESTree.CallExpressionArgument[])[] | undefined {
  const { scope } = context;
  const owner = scope.parentOf(fn);
  const calls: (readonly TSESTree.CallExpressionArgument[])[] = [];
  // What a read of the name does: a call gives its arguments; an export passes nothing; anything else lets the function go.
  const readAs = (read: Node): boolean => {
    const parent = scope.parentOf(read);
    if (parent?.type === 'CallExpression' && unwrap(parent.callee) === read) {
      calls.push(parent.arguments);
      return true;
    }
    return parent?.type === 'ExportSpecifier' || parent?.type === 'ExportDefaultDeclaration';
  };
  let id: TSESTree.Identifier | undefined;
  if (fn.type === 'FunctionDeclaration') id = fn.id ?? undefined;
  else if (owner?.type === 'VariableDeclarator' && owner.init !== null && unwrap(owner.init) === fn && owner.id.type === 'Identifier') id = owner.id;
  if (id !== undefined) {
    const binding = scope.resolve(id);
    if (binding === undefined || (binding.kind !== 'function' && binding.kind !== 'const')) return undefined;
    for (const reference of scope.references) if (reference.name === binding.name && scope.resolve(reference) === binding && !readAs(reference)) return undefined;
    return calls;
  }
  const method = owner?.type === 'MethodDefinition' && owner.kind === 'method' ? owner : (owner?.type === 'PropertyDefinition' || owner?.type === 'Property') && owner.value === fn ? owner : undefined;
  const name = method ? propertyKeyName(method) : undefined;
  if (name === undefined) return undefined;
  for (const member of scope.members) if (memberPropertyName(member) === name && !readAs(member)) return undefined;
  return calls;
}

/**
 * `process.env.API_URL ?? 'https://…'`, `a || '/v1/…'`: the left value when it is known, else the
 * fallback the code writes (the value the code means where the environment does not say). `node` is
 * the expression (or `{ X = '…' }` pattern) that writes the fallback.
 */
function fallbackSegments(left: Node | undefined, right: Node, node: Node, context: EvaluationContext): Segment[] | undefined {
  const known = left === undefined ? undefined : evaluateExpression(left, undefined, context);
  if (known) return known;
  // The fallback's text is what the URL holds only when the left is empty: matched, never rewritten (`TextSegment.fallback`).
  return evaluateExpression(right, undefined, context)?.map((segment) => (segment.kind === 'text' && segment.fallback === undefined ? { ...segment, fallback: node } : segment));
}

/** `process.env.X ? process.env.X : '…'` and its other spellings (`envConditionalParts`): read as `process.env.X || '…'`. */
function conditionalSegments(node: TSESTree.ConditionalExpression, context: EvaluationContext): Segment[] | undefined {
  const parts = envConditionalParts(node, context.scope);
  return parts ? fallbackSegments(parts.read, parts.fallback, node, context) : undefined;
}

/**
 * `API.campaigns` (a same-file constant object), `url.href` (a URL object); imported or required roots
 * (`paths.CAMPAIGNS` of `const paths = require('./paths')`, `require('./paths').CAMPAIGNS`) go to the
 * cross-file hook, unless the file changes a member of the required value (`paths.CAMPAIGNS = …`).
 */
function memberSegments(node: TSESTree.MemberExpression, context: EvaluationContext): Segment[] | undefined {
  const name = memberPropertyName(node);
  if (name === undefined) return node.computed ? elementSegments(node, context) : undefined;
  if (name === 'href') {
    const url = evaluateExpression(node.object, undefined, context);
    if (url) return url;
  }
  const own = thisValueOf(node, context);
  if (own !== undefined) return following(context, own.node, () => evaluateExpression(own.node, undefined, own.context));
  // `get base() { return 'https://…' }` read as `this.base` (or a static getter as `Api.base`).
  const returned = getterValueOf(node, context.scope);
  if (returned !== undefined) return following(context, returned, () => evaluateExpression(returned, undefined, context));
  // A name in a member's value that is another member (`B = `${A}/x``) is bound to that member (a hole), as in TypeScript.
  const enumMember = enumMemberOf(node.object, name, context);
  if (enumMember !== undefined) {
    const { initializer } = enumMember;
    return initializer ? following(context, enumMember, () => evaluateExpression(initializer, undefined, context)) : undefined;
  }
  const given = givenArgumentOf(node.object, context);
  if (given) return following(context, given, () => memberOfGiven(given, name));
  const owner = objectLiteralOf(node.object, context);
  if (owner) {
    if (hasSpread(owner)) return undefined;
    const value = propertyValueOf(owner, name);
    return value ? evaluateExpression(value, undefined, context) : undefined;
  }
  let root = unwrap(node.object);
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return requiredModule(root) === undefined ? undefined : context.resolveIdentifier?.(node)?.map(partToSegment);
  const binding = context.scope.resolve(root);
  if (binding && binding.kind !== 'import' && (binding.mutated || requiredExportOf(binding) === undefined)) return undefined;
  return context.resolveIdentifier?.(node)?.map(partToSegment);
}

/** `Paths.Campaigns` of an enum the file declares once (`enum Paths { Campaigns = '/v1/campaigns' }`, also `const enum`): that member. */
function enumMemberOf(object: Node, name: string, context: EvaluationContext): TSESTree.TSEnumMember | undefined {
  const value = unwrap(object);
  if (value.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(value);
  // Declared twice (`enum P {…}` merged with another `enum P` or a `namespace P`): its members are not all here.
  if (binding?.kind !== 'enum' || binding.redeclared || binding.init?.type !== 'TSEnumDeclaration') return undefined;
  return enumMembersOf(binding.init).find((member) => enumMemberName(member) === name);
}

/** The argument a helper's call gives a parameter (`r` of `send(r)`), when `node` is one and the call is being read. */
export function givenArgumentOf(node: Node, context: EvaluationContext): { readonly node: Node; readonly context: EvaluationContext } | undefined {
  const value = unwrap(node);
  const binding = value.type === 'Identifier' ? context.scope.resolve(value) : undefined;
  return binding?.kind === 'param' && !binding.mutated ? context.givenArguments?.get(binding) : undefined;
}

/** `r.path` where a call gives `r` an object literal: that property, read where the caller writes it. */
function memberOfGiven(given: { readonly node: Node; readonly context: EvaluationContext }, name: string): Segment[] | undefined {
  const owner = givenObjectOf(given.node, given.context);
  const value = owner && !hasSpread(owner.object) ? propertyValueOf(owner.object, name) : undefined;
  return value ? evaluateExpression(value, undefined, owner!.context) : undefined;
}

/**
 * The object literal an argument stands for, with the context it is written in: where the argument is
 * a parameter a call being read gives a value (`relay(r) { return this.send(r) }` called with
 * `{ path: '/v1/…' }`), the object that call writes, through each helper that hands it on.
 */
export function givenObjectOf(node: Node, context: EvaluationContext): { readonly object: TSESTree.ObjectExpression; readonly context: EvaluationContext } | undefined {
  const given = givenArgumentOf(node, context);
  if (given) return following(context, given, () => givenObjectOf(given.node, given.context));
  const object = objectLiteralOf(node, context);
  return object ? { object, context } : undefined;
}

const arrayChangers: ReadonlySet<string> = new Set(['push', 'unshift', 'splice', 'fill', 'copyWithin', 'length']);

/**
 * `permitted[index]` where `permitted` is a same-file array of string literals that nothing changes:
 * the element at a literal index, else a hole that may be any of them (one request, one of several
 * paths chosen at run time).
 */
function elementSegments(node: TSESTree.MemberExpression, context: EvaluationContext): Segment[] | undefined {
  const array = unwrap(node.object);
  if (array.type !== 'Identifier') return undefined;
  const binding = context.scope.resolve(array);
  const init = binding && !binding.mutated ? valueOfBinding(binding, context) : undefined;
  if (!binding || init?.type !== 'ArrayExpression') return undefined;
  const changed = context.scope.members.some((member) => {
    const object = unwrap(member.object);
    if (object.type !== 'Identifier' || context.scope.resolve(object) !== binding) return false;
    const property = memberPropertyName(member);
    return property !== undefined && arrayChangers.has(property) && (property !== 'length' || context.scope.parentOf(member)?.type === 'AssignmentExpression');
  });
  if (changed) return undefined;
  const values: string[] = [];
  for (const element of init.elements) {
    const value = element && element.type !== 'SpreadElement' ? unwrap(element) : undefined;
    if (!isStringLiteral(value)) return undefined;
    values.push(value.value);
  }
  if (values.length === 0) return undefined;
  const index = unwrap(node.property);
  if (index.type === 'Literal' && typeof index.value === 'number') {
    const element = init.elements[index.value];
    return element ? evaluateExpression(element, undefined, context) : undefined;
  }
  return [{ ...hole(node), alternatives: [...new Set(values)] }];
}

const startsQuery = (segments: readonly Segment[]): boolean => {
  const first = segments.find((segment) => segment.kind === 'hole' || segment.value !== '');
  return first === undefined || (first.kind === 'text' && (first.value.startsWith('?') || first.value.startsWith('#')));
};

/**
 * `kind === 'managers' ? '/dictionaries/managers' : '/dictionaries/labels'` (also nested, and `(x ? '/a' : '')`)
 * written inside a string-building expression: a hole that may be each branch's text, when every branch
 * is known text (the request may be any of them); else, when every branch is empty or starts a query or
 * fragment (`` qs ? `?${qs}` : '' ``), a hole known to be no more of the path. Undefined otherwise: an
 * unknown value. A conditional that is the whole URL is not read so: each branch is a string of its own.
 */
function choiceSegments(node: Node, owner: Node, inTemplate: boolean, context: EvaluationContext): Segment[] | undefined {
  const value = unwrap(node);
  if (value.type !== 'ConditionalExpression') return undefined;
  const branches: Segment[][] = [];
  const collect = (branch: Node): boolean => {
    const inner = unwrap(branch);
    if (inner.type === 'ConditionalExpression') return collect(inner.consequent) && collect(inner.alternate);
    const segments = evaluateExpression(inner, undefined, context);
    if (segments === undefined) return false;
    branches.push(segments);
    return true;
  };
  if (!collect(value.consequent) || !collect(value.alternate)) return undefined;
  if (branches.every((segments) => segments.every((segment) => segment.kind === 'text'))) {
    const texts = branches.map((segments) => segments.map((segment) => (segment.kind === 'text' ? segment.value : '')).join(''));
    const choices = [...new Set(branches.flatMap((segments) => segments.flatMap((segment) => (segment.container === undefined ? [] : [segment.container]))))];
    return [{ ...hole(value, owner, inTemplate), alternatives: [...new Set(texts)], choices }];
  }
  return branches.every(startsQuery) ? [{ ...hole(value, owner, inTemplate), query: true }] : undefined;
}

/** `x.toString()` and `String(x)` are `x`; `util.format(…)` and `[…].join(sep)` are the string they build. */
function callSegments(node: TSESTree.CallExpression, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (isUtilFormat(callee, context.scope)) return formatSegments(node, context);
  if (callee.type === 'MemberExpression' && memberPropertyName(callee) === 'join' && unwrap(callee.object).type === 'ArrayExpression') return joinSegments(node, context);
  if (callee.type === 'MemberExpression' && memberPropertyName(callee) === 'toString' && node.arguments.length === 0) {
    return evaluateExpression(callee.object, undefined, context);
  }
  if (callee.type === 'Identifier' && callee.name === 'String' && !context.scope.resolve(callee)) {
    const argument = argumentAt(node, 0);
    return argument ? evaluateExpression(argument, undefined, context) : undefined;
  }
  return undefined;
}

const utilModules: ReadonlySet<string> = new Set(['util', 'node:util']);

/** Node's `util.format` (`util` imported or required from `'util'` / `'node:util'`), or `format` taken from it. */
function isUtilFormat(callee: Node, scope: ScopeModel): boolean {
  if (callee.type === 'Identifier') {
    const binding = scope.resolve(callee);
    if (binding?.kind === 'import') return utilModules.has(binding.importSource ?? '') && binding.importedName === 'format';
    const required = binding === undefined ? undefined : requiredExportOf(binding);
    return required !== undefined && utilModules.has(required.specifier) && required.name === 'format';
  }
  if (callee.type !== 'MemberExpression' || memberPropertyName(callee) !== 'format') return false;
  const object = unwrap(callee.object);
  if (object.type !== 'Identifier') return utilModules.has(requiredModule(object) ?? '');
  const binding = scope.resolve(object);
  if (binding?.kind === 'import') return utilModules.has(binding.importSource ?? '') && (binding.importedName === 'default' || binding.importedName === '*');
  const required = binding === undefined ? undefined : requiredExportOf(binding);
  return required !== undefined && utilModules.has(required.specifier) && required.name === undefined;
}

/** An argument's value as text where it is a number literal (`%d` of `7`), else what it evaluates to, else a hole. */
function argumentSegments(argument: Node, context: EvaluationContext): Segment[] {
  const value = unwrap(argument);
  if (value.type === 'Literal' && typeof value.value === 'number') return [syntheticText(String(value.value))];
  return evaluateExpression(argument, undefined, context) ?? [hole(value)];
}

/**
 * `util.format('%s/v1/campaigns/%s', BASE, id)`: the format string's text (edited where it is written)
 * with each argument in place of its specifier: `%s` its value, `%d` / `%i` a number literal's digits,
 * other specifiers a hole, `%%` a `%`, `%c` nothing; arguments left over follow, each after a space.
 * Undefined when the format is not a string literal or an argument is spread.
 */
function formatSegments(node: TSESTree.CallExpression, context: EvaluationContext): Segment[] | undefined {
  const format = node.arguments[0] === undefined ? undefined : unwrap(node.arguments[0]);
  if (!isStringLiteral(format) || hasSpreadArgument(node)) return undefined;
  const text = literalSegment(format, undefined, context);
  const args = node.arguments.slice(1) as Node[];
  const segments: Segment[] = [];
  let next = 0;
  let from = 0;
  for (const match of format.value.matchAll(/%[sdifjoOc%]/g)) {
    const at = match.index;
    const specifier = match[0][1]!;
    if (specifier !== '%' && next >= args.length) continue; // no argument left: written as it is
    segments.push(sliceText(text, from, at));
    from = at + 2;
    if (specifier === '%') segments.push(syntheticText('%'));
    else {
      const argument = args[next++]!;
      const numeric = (value: Segment[]): boolean => value.every((segment) => segment.kind === 'hole' || /^-?\d+$/.test(segment.value));
      const value = specifier === 's' || specifier === 'd' || specifier === 'i' ? argumentSegments(argument, context) : [];
      const read = specifier === 's' || (specifier !== 'c' && numeric(value) && value.length > 0) ? value : specifier === 'c' ? [] : [hole(unwrap(argument))];
      for (const segment of read) segments.push(segment.kind === 'hole' ? { ...segment, formatArgument: true } : segment);
    }
  }
  segments.push(sliceText(text, from));
  for (const argument of args.slice(next)) segments.push(syntheticText(' '), ...argumentSegments(argument, context));
  return segments;
}

/** `[BASE, 'v1', 'campaigns', id].join('/')` over an array literal: its elements' values with the separator (a literal, `,` when none) between. */
function joinSegments(node: TSESTree.CallExpression, context: EvaluationContext): Segment[] | undefined {
  const array = unwrap((calleeOf(node) as TSESTree.MemberExpression).object) as TSESTree.ArrayExpression;
  const separatorNode = node.arguments[0] === undefined ? undefined : unwrap(node.arguments[0]);
  if (node.arguments.length > 1 || (separatorNode !== undefined && !isStringLiteral(separatorNode))) return undefined;
  const separator = separatorNode === undefined ? ',' : separatorNode.value;
  const segments: Segment[] = [];
  for (const [at, element] of array.elements.entries()) {
    if (element?.type === 'SpreadElement') return undefined;
    if (at > 0) segments.push(syntheticText(separator));
    if (element) segments.push(...argumentSegments(element, context));
  }
  return segments;
}

const hasSpreadArgument = (node: TSESTree.CallExpression): boolean => node.arguments.some((argument) => argument.type === 'SpreadElement');

/** `new URL(path, base)` */
function newUrlSegments(node: TSESTree.NewExpression, context: EvaluationContext): Segment[] | undefined {
  const callee = calleeOf(node);
  if (callee.type !== 'Identifier' || callee.name !== 'URL' || context.scope.resolve(callee)) return undefined;
  const pathNode = argumentAt(node, 0);
  if (!pathNode) return undefined;
  const path = evaluateExpression(pathNode, undefined, context) ?? [hole(pathNode)];
  const baseNode = argumentAt(node, 1);
  const base = baseNode ? (evaluateExpression(baseNode, undefined, context) ?? [hole(baseNode)]) : undefined;
  return resolveUrlAgainst(path, base);
}

/**
 * The URL an expression builds, as segments; undefined when nothing about it is known (the caller
 * then treats the whole value as a hole). `container` is the string-building expression the node is
 * written in, when it is part of one.
 */
/**
 * A `+` chain's segments, its terms left to right; undefined when no term has a value. A chain is
 * left-deep (`'a' + b + 'c'` is `('a' + b) + 'c'`): it is walked down its left operands in a loop and its
 * segments appended in one array, as the recursion on each `+` did, which ran out of stack on a generated
 * concatenation of a few thousand terms (and copied the array at each one).
 */
function concatenationSegments(top: TSESTree.BinaryExpression, owner: Node, context: EvaluationContext): Segment[] | undefined {
  const chain = [top];
  for (let left = unwrap(top.left); left.type === 'BinaryExpression' && left.operator === '+'; left = unwrap(left.left)) chain.push(left);
  const innermost = chain[chain.length - 1]!;
  const first = evaluateExpression(innermost.left, owner, context) ?? choiceSegments(innermost.left, owner, false, context);
  let segments: Segment[] | undefined = first === undefined ? undefined : [...first];
  for (let at = chain.length - 1; at >= 0; at--) {
    const node = chain[at]!;
    const right = evaluateExpression(node.right, owner, context) ?? choiceSegments(node.right, owner, false, context);
    if (segments === undefined && right === undefined) continue;
    segments ??= [hole(unwrap(node.left), owner)];
    if (right === undefined) segments.push(hole(unwrap(node.right), owner));
    else for (const segment of right) segments.push(segment);
  }
  return segments;
}

export function evaluateExpression(node: Node, container: Node | undefined, context: EvaluationContext): Segment[] | undefined {
  const value = unwrap(node);
  if (isStringLiteral(value)) return [literalSegment(value, container, context)];
  switch (value.type) {
    case 'TemplateLiteral':
      return templateSegments(value, container, context);
    case 'BinaryExpression':
      return value.operator === '+' ? concatenationSegments(value, container ?? value, context) : undefined;
    case 'Identifier':
      return identifierSegments(value, context);
    case 'MemberExpression':
      return memberSegments(value, context);
    case 'CallExpression':
      return callSegments(value, context);
    case 'NewExpression':
      return newUrlSegments(value, context);
    case 'LogicalExpression':
      return value.operator === '??' || value.operator === '||' ? fallbackSegments(value.left, value.right, value, context) : undefined;
    case 'ConditionalExpression':
      return conditionalSegments(value, context);
    default:
      return undefined;
  }
}

/** Evaluates a URL expression written at a call site; a fully unknown value is one hole. */
export function evaluateUrl(node: Node, context: EvaluationContext): Segment[] {
  return evaluateExpression(node, undefined, context) ?? [hole(unwrap(node))];
}
