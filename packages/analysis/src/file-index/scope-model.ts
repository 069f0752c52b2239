import type { TSESTree } from '@typescript-eslint/types';
import { forEachChild } from '../ast/child-keys.js';
import {
  annotatedTypeName,
  annotationOf,
  enumMembersOf,
  isClass,
  isFunction,
  memberPropertyName,
  propertyKeyName,
  requiredModule,
  unwrap,
  type ClassNode,
  type FunctionNode,
  type Node,
} from '../ast/nodes.js';

export type BindingKind = 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'enum' | 'import' | 'catch' | 'other';

/**
 * What a variable takes from `require('<specifier>')` when it is declared: the whole module
 * (`const m = require('./m')`) or one of its exports (`const { X } = require('./m')`,
 * `const { X: Y } = require('./m')`, `const X = require('./m').X`).
 */
export interface RequiredExport {
  readonly specifier: string;
  /** The export it takes; undefined for the whole module. */
  readonly name: string | undefined;
}

/** A name declared in the file, with what the analysis needs to know about its value. */
export interface Binding {
  readonly name: string;
  readonly kind: BindingKind;
  readonly id: TSESTree.Identifier;
  /**
   * The initializer of `name = init` (unwrapped), or of the whole pattern for `{ key: name } = init`;
   * a function's, a class's or an enum's declaration.
   */
  readonly init: Node | undefined;
  /** Declared inside a destructuring pattern; its value is known only through `destructuredKey`. */
  readonly destructured: boolean;
  /** For `const { key } = init` / `const { key: name } = init` (one level deep): the property read from `init`. */
  readonly destructuredKey: string | undefined;
  readonly importSource: string | undefined;
  /** `default`, `*` or the imported name. */
  readonly importedName: string | undefined;
  /** A variable declared with a `require` call for its value (`kind` stays `const`, `let` or `var`). */
  readonly required: RequiredExport | undefined;
  /** For a parameter: its function and position. */
  readonly fn: FunctionNode | undefined;
  readonly paramIndex: number | undefined;
  /** Assigned again after its declaration (`x = ...`, `x++`, `for (x of ...)`). */
  readonly reassigned: boolean;
  /** A property of it is assigned (`x.url = ...`). */
  readonly mutated: boolean;
  /** Declared a second time in its scope (`var x; var x = 1`): its writes are not all known. */
  readonly redeclared: boolean;
  /** Every write after the declaration, in source order (`x = …`, `x += …`, `x++`, `for (x of …)`). */
  readonly writes: readonly BindingWrite[];
}

/** One write of a binding: `=` and `+=` with the value written, any other write (`x++`, `[x] = …`) as `other`. */
export interface BindingWrite {
  /** The statement-level node that writes (the assignment, the update, the `for` loop). */
  readonly node: Node;
  readonly operator: '=' | '+=' | 'other';
  /** The right side of `=` / `+=`. */
  readonly value: Node | undefined;
}

interface MutableBinding extends Binding {
  reassigned: boolean;
  mutated: boolean;
  writes: BindingWrite[];
}

/** `this.<name>` values known in a class: field initializers, `this.name = value` assignments, parameter properties (the parameter), their types. */
export interface ClassFacts {
  readonly thisValues: ReadonlyMap<string, readonly Node[]>;
  readonly parameterPropertyTypes: ReadonlyMap<string, string>;
}

/** What one walk over the Program learns: parents, scopes, bindings, calls, string roots. */
export interface ScopeModel {
  readonly program: TSESTree.Program;
  readonly calls: readonly (TSESTree.CallExpression | TSESTree.NewExpression)[];
  /** Outermost string-building expressions: string/template literals and `+` chains not nested in another. */
  readonly stringRoots: readonly Node[];
  /** Identifiers read as values (not keys, property names or declarations). */
  readonly references: readonly TSESTree.Identifier[];
  /** Names of methods (and function-valued fields) declared by classes and object literals of the file. */
  readonly projectMethodNames: ReadonlySet<string>;
  /** Every place a value is given a name: properties, class fields, declarators, assignments, default values. */
  readonly namedValues: readonly (TSESTree.Property | TSESTree.PropertyDefinition | TSESTree.VariableDeclarator | TSESTree.AssignmentExpression | TSESTree.AssignmentPattern)[];
  /** Every member expression (`config.clientSecret`). */
  readonly members: readonly TSESTree.MemberExpression[];
  /** Assignments to a property of something other than `this` (`axios.defaults.baseURL = …`). */
  readonly memberAssignments: readonly TSESTree.AssignmentExpression[];
  parentOf(node: Node): Node | undefined;
  resolve(identifier: TSESTree.Identifier): Binding | undefined;
  /** A name declared at the top of the module (imports included); for names in type positions. */
  moduleBinding(name: string): Binding | undefined;
  classFacts(classNode: ClassNode): ClassFacts | undefined;
  /** The nearest class around `node`. */
  enclosingClass(node: Node): ClassNode | undefined;
}

/**
 * The one value the enclosing class gives `this.<name>` (`this.http = axios.create(…)` in its
 * constructor), for a `this.<name>` read in it; undefined when it gives none, or several.
 */
export function soleThisValue(member: TSESTree.MemberExpression, scope: ScopeModel): Node | undefined {
  const name = memberPropertyName(member);
  const classNode = scope.enclosingClass(member);
  const values = name !== undefined && classNode ? (scope.classFacts(classNode)?.thisValues.get(name) ?? []) : [];
  return values.length === 1 ? values[0] : undefined;
}

interface Scope {
  readonly parent: Scope | undefined;
  readonly isFunction: boolean;
  /**
   * The names a scope declares, a list while it is short (most blocks declare none, a function a
   * few: a scan of a few names is cheaper than hashing each), a Map past `shortScope` names.
   */
  list: MutableBinding[] | undefined;
  map: Map<string, MutableBinding> | undefined;
}

const shortScope = 8;

function bindingIn(scope: Scope, name: string): MutableBinding | undefined {
  if (scope.map !== undefined) return scope.map.get(name);
  if (scope.list !== undefined) for (const binding of scope.list) if (binding.name === name) return binding;
  return undefined;
}

/** Puts `binding` in its scope, in place of `existing` (the same name declared before in that scope) if any. */
function setBinding(scope: Scope, binding: MutableBinding, existing: MutableBinding | undefined): void {
  if (scope.map !== undefined) {
    scope.map.set(binding.name, binding);
    return;
  }
  const list = (scope.list ??= []);
  if (existing !== undefined) list[list.indexOf(existing)] = binding;
  else list.push(binding);
  if (list.length > shortScope) {
    scope.map = new Map(list.map((item) => [item.name, item]));
    scope.list = undefined;
  }
}

/** The writes of a binding never written again (most): shared, replaced by its own list on the first write. */
const noWrites: BindingWrite[] = [];

/**
 * What the walk learns of each node is kept on the node, under symbols (no enumerable name, so a
 * key-walking traverser such as ESLint's never sees them): a Map per file of every node to its parent
 * and of every identifier to its scope was a fifth of the walk's time and much of its garbage. So a
 * tree has one model, kept on its Program (`modelMark`): a second walk would move the marks the first
 * model reads. Not in a WeakMap: a module-wide WeakMap kept every tree alive through minor GCs (an
 * ephemeron table in the old generation), so every file's tree was promoted.
 */
const parentMark = Symbol('sunset.parent');
const scopeMark = Symbol('sunset.scope');
const modelMark = Symbol('sunset.model');

interface Marked {
  [parentMark]?: Node;
  [scopeMark]?: Scope;
}

interface BindingDraft {
  readonly kind: BindingKind;
  readonly init?: Node | null | undefined;
  readonly destructured?: boolean;
  readonly destructuredKey?: string | undefined;
  readonly importSource?: string | undefined;
  readonly importedName?: string | undefined;
  readonly required?: RequiredExport | undefined;
  readonly fn?: FunctionNode | undefined;
  readonly paramIndex?: number | undefined;
}

/** Identifiers a pattern declares, with the key they read when the pattern is `{ key: name }` one level deep. */
function patternIdentifiers(pattern: Node, topLevelKey?: string): { id: TSESTree.Identifier; key: string | undefined }[] {
  switch (pattern.type) {
    case 'TSParameterProperty':
      return patternIdentifiers(pattern.parameter, topLevelKey);
    case 'Identifier':
      return [{ id: pattern, key: topLevelKey }];
    case 'AssignmentPattern':
      return patternIdentifiers(pattern.left, topLevelKey);
    case 'RestElement':
      return patternIdentifiers(pattern.argument);
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? patternIdentifiers(element) : []));
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) =>
        property.type === 'RestElement' ? patternIdentifiers(property) : patternIdentifiers(property.value, propertyKeyName(property)),
      );
    default:
      return [];
  }
}

/** `require('./m')` (the whole module) or `require('./m').X` (its export `X`), with a static specifier. */
function requiredBy(init: Node): RequiredExport | undefined {
  const value = unwrap(init);
  if (value.type === 'MemberExpression') {
    const name = memberPropertyName(value);
    const whole = name === undefined ? undefined : requiredBy(value.object);
    return whole !== undefined && whole.name === undefined ? { ...whole, name } : undefined;
  }
  const specifier = requiredModule(value);
  return specifier === undefined ? undefined : { specifier, name: undefined };
}

/** Whether `id` is a property of the pattern itself, `{ key }` or `{ key: id }`: not nested, no default value. */
function isRequiredName(pattern: TSESTree.DestructuringPattern, id: TSESTree.Identifier): boolean {
  return pattern.type === 'ObjectPattern' && pattern.properties.some((property) => property.type === 'Property' && property.value === id);
}

/** Identifiers in key or property-name position are names, not reads of a binding. */
function isNamePosition(node: TSESTree.Identifier, parent: Node): boolean {
  switch (parent.type) {
    case 'MemberExpression':
      return parent.property === node && !parent.computed;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
    case 'AccessorProperty':
    case 'TSAbstractMethodDefinition':
    case 'TSAbstractPropertyDefinition':
    case 'TSAbstractAccessorProperty':
      return parent.key === node && !parent.computed;
    case 'TSQualifiedName':
      return parent.right === node;
    default:
      return false;
  }
}

/** The Program's model, built on the first call: parents, scopes and bindings, class facts, calls, string roots and references. */
export function buildScopeModel(program: TSESTree.Program): ScopeModel {
  const marked = program as TSESTree.Program & { [modelMark]?: ScopeModel };
  return (marked[modelMark] ??= walkProgram(program));
}

/** Walks the Program once (`buildScopeModel`). */
function walkProgram(program: TSESTree.Program): ScopeModel {
  const parentOf = (node: Node): Node | undefined => (node as Marked)[parentMark];
  const scopeOf = (identifier: TSESTree.Identifier): Scope | undefined => (identifier as Marked)[scopeMark];
  const calls: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  const stringRoots: Node[] = [];
  const references: TSESTree.Identifier[] = [];
  const projectMethodNames = new Set<string>();
  const classes = new Map<ClassNode, { thisValues: Map<string, Node[]>; parameterPropertyTypes: Map<string, string> }>();
  const namedValues: ScopeModel['namedValues'][number][] = [];
  const members: TSESTree.MemberExpression[] = [];
  const writes: { id: TSESTree.Identifier; write: BindingWrite }[] = [];
  const mutations: TSESTree.MemberExpression[] = [];
  const memberAssignments: TSESTree.AssignmentExpression[] = [];

  const declare = (scope: Scope, id: TSESTree.Identifier, draft: BindingDraft): void => {
    (id as Marked)[scopeMark] = scope;
    // A second declaration of the same name in one scope (`var x; var x = 1`) makes the value unknown.
    const existing = bindingIn(scope, id.name);
    setBinding(scope, {
      name: id.name,
      id,
      kind: draft.kind,
      init: draft.init ? unwrap(draft.init) : undefined,
      destructured: draft.destructured ?? false,
      destructuredKey: draft.destructuredKey,
      importSource: draft.importSource,
      importedName: draft.importedName,
      required: draft.required,
      fn: draft.fn,
      paramIndex: draft.paramIndex,
      reassigned: existing !== undefined,
      mutated: false,
      redeclared: existing !== undefined,
      writes: noWrites,
    }, existing);
  };

  const functionScopeOf = (scope: Scope): Scope => {
    let current = scope;
    while (!current.isFunction && current.parent) current = current.parent;
    return current;
  };

  const classFactsFor = (classNode: ClassNode): { thisValues: Map<string, Node[]>; parameterPropertyTypes: Map<string, string> } => {
    let facts = classes.get(classNode);
    if (!facts) {
      facts = { thisValues: new Map(), parameterPropertyTypes: new Map() };
      classes.set(classNode, facts);
    }
    return facts;
  };

  const addThisValue = (classNode: ClassNode | undefined, name: string | undefined, value: Node | null | undefined): void => {
    if (!classNode || name === undefined || !value) return;
    const values = classFactsFor(classNode).thisValues;
    values.set(name, [...(values.get(name) ?? []), unwrap(value)]);
  };

  const declareVariables = (declaration: TSESTree.VariableDeclaration, scope: Scope): void => {
    const kind: BindingKind = declaration.kind === 'const' || declaration.kind === 'let' || declaration.kind === 'var' ? declaration.kind : 'other';
    const target = kind === 'var' ? functionScopeOf(scope) : scope;
    for (const declarator of declaration.declarations) {
      const required = declarator.init ? requiredBy(declarator.init) : undefined;
      if (declarator.id.type === 'Identifier') {
        declare(target, declarator.id, { kind, init: declarator.init, destructured: false, destructuredKey: undefined, required });
        continue;
      }
      for (const found of patternIdentifiers(declarator.id)) {
        const takes = required !== undefined && required.name === undefined && found.key !== undefined && isRequiredName(declarator.id, found.id);
        declare(target, found.id, { kind, init: declarator.init, destructured: true, destructuredKey: found.key, required: takes ? { ...required, name: found.key } : undefined });
      }
    }
  };

  const declareImport = (declaration: TSESTree.ImportDeclaration, scope: Scope): void => {
    for (const specifier of declaration.specifiers) {
      let importedName: string | undefined;
      if (specifier.type === 'ImportDefaultSpecifier') importedName = 'default';
      else if (specifier.type === 'ImportNamespaceSpecifier') importedName = '*';
      else importedName = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
      declare(scope, specifier.local, { kind: 'import', importSource: declaration.source.value, importedName });
    }
  };

  const declareFunctionParts = (fn: FunctionNode, outer: Scope, own: Scope): void => {
    if (fn.id) declare(fn.type === 'FunctionDeclaration' ? outer : own, fn.id, { kind: 'function', init: fn });
    for (let paramIndex = 0; paramIndex < fn.params.length; paramIndex += 1) {
      const param = fn.params[paramIndex]!;
      if (param.type === 'Identifier') {
        declare(own, param, { kind: 'param', fn, paramIndex });
        continue;
      }
      const positional = param.type === 'TSParameterProperty' || param.type === 'AssignmentPattern';
      for (const found of patternIdentifiers(param)) declare(own, found.id, { kind: 'param', fn, paramIndex: positional ? paramIndex : undefined });
    }
  };

  const recordClass = (classNode: ClassNode, scope: Scope): void => {
    if (classNode.id && classNode.type === 'ClassDeclaration') declare(scope, classNode.id, { kind: 'class', init: classNode });
    const facts = classFactsFor(classNode);
    for (const member of classNode.body.body) {
      switch (member.type) {
        case 'MethodDefinition':
        case 'TSAbstractMethodDefinition': {
          const name = propertyKeyName(member);
          if (member.kind !== 'constructor') {
            if (name !== undefined) projectMethodNames.add(name);
            break;
          }
          for (const param of member.value.params) {
            if (param.type !== 'TSParameterProperty') continue;
            const plain = param.parameter.type === 'AssignmentPattern' ? param.parameter.left : param.parameter;
            if (plain.type !== 'Identifier') continue;
            const typeName = annotatedTypeName(annotationOf(plain));
            if (typeName !== undefined) facts.parameterPropertyTypes.set(plain.name, typeName);
            // `constructor(private base = '…')` is `this.base = base`: the parameter is the value it gives.
            addThisValue(classNode, plain.name, plain);
          }
          break;
        }
        case 'PropertyDefinition':
        case 'AccessorProperty': {
          const name = propertyKeyName(member);
          if (name !== undefined && member.value && isFunction(unwrap(member.value))) projectMethodNames.add(name);
          addThisValue(classNode, name, member.value);
          break;
        }
        default:
          break;
      }
    }
  };

  const recordObjectMethods = (object: TSESTree.ObjectExpression): void => {
    for (const property of object.properties) {
      if (property.type !== 'Property') continue;
      const name = propertyKeyName(property);
      const isMethod = property.method || (property.kind === 'init' && isFunction(unwrap(property.value)));
      if (name !== undefined && isMethod) projectMethodNames.add(name);
    }
  };

  // `('a' + b) as string + c`: the wrapper's parent decides whether the inner `+` is nested.
  const outerOf = (node: Node, parent: Node | undefined): Node | undefined => {
    let current = parent;
    let child = node;
    while (current && unwrap(current) === unwrap(child) && current !== child) {
      child = current;
      current = parentOf(current);
    }
    return current;
  };

  /** Whether a string builder (a string or template literal, a `+`) is outermost: not nested in another `+` nor in a template. */
  const isStringRoot = (node: Node, parent: Node | undefined): boolean => {
    const outer = outerOf(node, parent);
    if (outer?.type === 'BinaryExpression' && outer.operator === '+') return false;
    switch (parent?.type) {
      case 'TemplateLiteral':
      case 'ImportExpression':
      case 'TSExternalModuleReference':
      case 'TSModuleDeclaration':
        return false;
      default:
        return true;
    }
  };

  const recordWrite = (assignment: TSESTree.AssignmentExpression, innerClass: ClassNode | undefined): void => {
    const unwrapped = unwrap(assignment.left);
    const operator = assignment.operator === '=' || assignment.operator === '+=' ? assignment.operator : 'other';
    if (unwrapped.type === 'Identifier') writes.push({ id: unwrapped, write: { node: assignment, operator, value: operator === 'other' ? undefined : assignment.right } });
    else if (unwrapped.type === 'MemberExpression') {
      if (unwrapped.object.type === 'ThisExpression') addThisValue(innerClass, memberPropertyName(unwrapped), assignment.operator === '=' ? assignment.right : assignment);
      else mutations.push(unwrapped);
    } else for (const found of patternIdentifiers(unwrapped)) writes.push({ id: found.id, write: { node: assignment, operator: 'other', value: undefined } });
  };

  const newScope = (parent: Scope, isFunctionScope: boolean): Scope => ({ parent, isFunction: isFunctionScope, list: undefined, map: undefined });

  // One switch on the type read once: this runs for every node of every candidate (a scope, then what the node records).
  const visit = (node: Node, parent: Node | undefined, scope: Scope, classNode: ClassNode | undefined): void => {
    // A node reached a second time (shared between two parents) is walked once, under its first parent.
    const marked = node as Marked;
    if (parent === undefined ? node !== program : marked[parentMark] !== undefined) return;
    if (parent !== undefined) marked[parentMark] = parent;
    let inner = scope;
    let innerClass = classNode;

    switch (node.type) {
      // The most frequent types first: a switch on strings compares them in order.
      case 'Identifier':
        // A declared name was given its scope by `declare`, always before the walk reaches it (at its declaration's node).
        if (scopeOf(node) === undefined) {
          marked[scopeMark] = scope;
          if (parent && !isNamePosition(node, parent)) references.push(node);
        }
        // Leaves (an identifier is two nodes in five): no call to find no children. A decorated parameter has some.
        if (node.decorators === undefined || node.decorators.length === 0) return;
        break;
      case 'MemberExpression':
        members.push(node);
        break;
      case 'Literal':
        if (typeof node.value === 'string' && isStringRoot(node, parent)) stringRoots.push(node);
        return;
      case 'ThisExpression':
        return;
      case 'CallExpression':
      case 'NewExpression':
        calls.push(node);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
      case 'TSEmptyBodyFunctionExpression':
        inner = newScope(scope, true);
        declareFunctionParts(node, scope, inner);
        break;
      case 'BlockStatement':
        if (!isFunction(parent)) inner = newScope(scope, false);
        break;
      case 'ForStatement':
      case 'SwitchStatement':
      case 'StaticBlock':
      case 'TSModuleBlock':
        inner = newScope(scope, false);
        break;
      case 'CatchClause':
        inner = newScope(scope, false);
        if (node.param) for (const found of patternIdentifiers(node.param)) declare(inner, found.id, { kind: 'catch' });
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        inner = newScope(scope, false);
        if (node.left.type !== 'VariableDeclaration') for (const found of patternIdentifiers(node.left)) writes.push({ id: found.id, write: { node, operator: 'other', value: undefined } });
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        inner = newScope(scope, false);
        recordClass(node, scope);
        if (node.id && node.type === 'ClassExpression') declare(inner, node.id, { kind: 'class', init: node });
        innerClass = node;
        break;
      case 'VariableDeclaration':
        declareVariables(node, scope);
        break;
      case 'ImportDeclaration':
        declareImport(node, scope);
        break;
      case 'TSImportEqualsDeclaration': {
        const reference = node.moduleReference;
        const source = reference.type === 'TSExternalModuleReference' ? reference.expression.value : undefined;
        declare(scope, node.id, { kind: 'import', importSource: source, importedName: '*' });
        break;
      }
      case 'TSEnumDeclaration':
        declare(scope, node.id, { kind: 'enum', init: node });
        // In a member's value, the other members' names are theirs (`B = `${A}/x``), not the file's.
        inner = newScope(scope, false);
        for (const member of enumMembersOf(node)) if (member.id.type === 'Identifier') declare(inner, member.id, { kind: 'other' });
        break;
      case 'TSModuleDeclaration':
        if (node.id.type === 'Identifier') declare(scope, node.id, { kind: 'other' });
        break;
      case 'ObjectExpression':
        recordObjectMethods(node);
        break;
      case 'AssignmentExpression':
        recordWrite(node, innerClass);
        namedValues.push(node);
        if (node.left.type === 'MemberExpression' && node.left.object.type !== 'ThisExpression') memberAssignments.push(node);
        break;
      case 'Property':
      case 'PropertyDefinition':
      case 'VariableDeclarator':
      case 'AssignmentPattern':
        namedValues.push(node);
        break;
      case 'UpdateExpression':
        if (node.argument.type === 'Identifier') writes.push({ id: node.argument, write: { node, operator: 'other', value: undefined } });
        break;
      case 'TemplateLiteral':
        if (isStringRoot(node, parent)) stringRoots.push(node);
        break;
      case 'BinaryExpression':
        if (node.operator === '+' && isStringRoot(node, parent)) stringRoots.push(node);
        if (node.left.type === 'BinaryExpression') {
          visitChain(node, scope, classNode);
          return;
        }
        break;
      default:
        break;
    }

    forEachChild(node, visit, inner, innerClass);
  };

  /**
   * A left-deep chain of binary expressions (`'a' + b + 'c' + …`, thousands of terms in generated SQL or
   * HTML) walked in a loop, in the order `visit` walks it, which recursed once a term (and ran out of stack).
   */
  const visitChain = (top: TSESTree.BinaryExpression, scope: Scope, classNode: ClassNode | undefined): void => {
    const chain = [top];
    let current = top;
    while (current.left.type === 'BinaryExpression') {
      const left = current.left;
      const marked = left as Marked;
      if (marked[parentMark] !== undefined) break;
      marked[parentMark] = current;
      if (left.operator === '+' && isStringRoot(left, current)) stringRoots.push(left);
      chain.push(left);
      current = left;
    }
    visit(current.left, current, scope, classNode);
    for (let at = chain.length - 1; at >= 0; at--) visit(chain[at]!.right, chain[at]!, scope, classNode);
  };

  const programScope: Scope = { parent: undefined, isFunction: true, list: undefined, map: undefined };
  visit(program, undefined, programScope, undefined);

  const resolve = (identifier: TSESTree.Identifier): Binding | undefined => {
    for (let scope = scopeOf(identifier); scope; scope = scope.parent) {
      const binding = bindingIn(scope, identifier.name);
      if (binding) return binding;
    }
    return undefined;
  };

  for (const { id, write } of writes) {
    const binding = resolve(id) as MutableBinding | undefined;
    if (!binding || binding.id === id) continue;
    binding.reassigned = true;
    if (binding.writes === noWrites) binding.writes = [];
    binding.writes.push(write);
  }
  for (const target of mutations) {
    let object = unwrap(target.object);
    while (object.type === 'MemberExpression') object = unwrap(object.object);
    const binding = object.type === 'Identifier' ? (resolve(object) as MutableBinding | undefined) : undefined;
    if (binding) binding.mutated = true;
  }

  return {
    program,
    calls,
    stringRoots,
    references,
    projectMethodNames,
    namedValues,
    members,
    memberAssignments,
    parentOf,
    resolve,
    moduleBinding: (name) => bindingIn(programScope, name),
    classFacts: (classNode) => classes.get(classNode),
    enclosingClass: (node) => {
      for (let current = parentOf(node); current; current = parentOf(current)) if (isClass(current)) return current;
      return undefined;
    },
  };
}
