import { forEachChild } from '../ast/children.js';
import {
  booleanField,
  field,
  fieldList,
  identifierName,
  isClass,
  isClassField,
  isFunction,
  isMember,
  isStringLiteral,
  isThis,
  isValueProperty,
  memberObject,
  memberPropertyName,
  paramsOf,
  propertyKeyName,
  stringField,
  stringValue,
  unwrapTs,
  annotatedTypeName,
} from '../ast/nodes.js';
import type { AnalysisOptions, AnyNode } from '../types.js';

export type BindingKind = 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'import' | 'catch' | 'other';

/** A name declared in the file, with what the analysis needs to know about its value. */
export interface Binding {
  readonly name: string;
  readonly kind: BindingKind;
  readonly id: AnyNode;
  /** The initializer of `name = init` (TS wrappers removed), or of the whole pattern for `{ key: name } = init`. */
  readonly init: AnyNode | undefined;
  /** Declared inside a destructuring pattern; its value is known only through `destructuredKey`. */
  readonly destructured: boolean;
  /** For `const { key } = init` / `const { key: name } = init` (one level deep): the property read from `init`. */
  readonly destructuredKey: string | undefined;
  readonly importSource: string | undefined;
  /** `default`, `*` or the imported name. */
  readonly importedName: string | undefined;
  /** For a parameter: its function and position. */
  readonly fn: AnyNode | undefined;
  readonly paramIndex: number | undefined;
  /** Assigned again after its declaration (`x = ...`, `x++`, `for (x of ...)`). */
  readonly reassigned: boolean;
  /** A property of it is assigned (`x.url = ...`). */
  readonly mutated: boolean;
}

interface MutableBinding extends Binding {
  reassigned: boolean;
  mutated: boolean;
}

/** `this.<name>` values known in a class: field initializers, `this.name = value` assignments, parameter-property types. */
export interface ClassFacts {
  readonly thisValues: Map<string, AnyNode[]>;
  readonly parameterPropertyTypes: Map<string, string>;
}

/** Everything one walk over the Program learns: parents, scopes, bindings, calls, string roots. */
export interface ProgramIndex {
  readonly program: AnyNode;
  readonly sourceText: string;
  readonly calls: readonly AnyNode[];
  /** Outermost string-building expressions: string/template literals and `+` chains not nested in another. */
  readonly stringRoots: readonly AnyNode[];
  /** Identifiers read as values (not keys, property names or declarations). */
  readonly references: readonly AnyNode[];
  /** Names of methods (and function-valued fields) declared by classes and object literals of the file. */
  readonly projectMethodNames: ReadonlySet<string>;
  parentOf(node: AnyNode): AnyNode | undefined;
  resolve(identifier: AnyNode): Binding | undefined;
  /** A name declared at the top of the module (imports included); for names in type positions. */
  moduleBinding(name: string): Binding | undefined;
  classFacts(classNode: AnyNode): ClassFacts | undefined;
  /** The nearest class around `node`. */
  enclosingClass(node: AnyNode): AnyNode | undefined;
}

const blockScopeTypes = new Set([
  'BlockStatement',
  'ForStatement',
  'ForInStatement',
  'ForOfStatement',
  'CatchClause',
  'SwitchStatement',
  'StaticBlock',
  'TSModuleBlock',
]);

interface Scope {
  readonly node: AnyNode;
  readonly parent: Scope | undefined;
  readonly isFunction: boolean;
  readonly names: Map<string, MutableBinding>;
}

interface BindingDraft {
  readonly kind: BindingKind;
  readonly init?: AnyNode | undefined;
  readonly destructured?: boolean;
  readonly destructuredKey?: string | undefined;
  readonly importSource?: string | undefined;
  readonly importedName?: string | undefined;
  readonly fn?: AnyNode | undefined;
  readonly paramIndex?: number | undefined;
}

/** Identifiers a pattern declares, with the key they read when the pattern is `{ key: name }` one level deep. */
function patternIdentifiers(pattern: AnyNode, topLevelKey?: string): { id: AnyNode; key: string | undefined }[] {
  const node = pattern.type === 'TSParameterProperty' ? field(pattern, 'parameter') : pattern;
  if (!node) return [];
  switch (node.type) {
    case 'Identifier':
      return [{ id: node, key: topLevelKey }];
    case 'AssignmentPattern': {
      const left = field(node, 'left');
      return left ? patternIdentifiers(left, topLevelKey) : [];
    }
    case 'RestElement': {
      const argument = field(node, 'argument');
      return argument ? patternIdentifiers(argument) : [];
    }
    case 'ArrayPattern':
      return fieldList(node, 'elements').flatMap((element) => patternIdentifiers(element));
    case 'ObjectPattern':
      return fieldList(node, 'properties').flatMap((property) => {
        if (property.type === 'RestElement') return patternIdentifiers(property);
        const value = field(property, 'value');
        return value ? patternIdentifiers(value, propertyKeyName(property)) : [];
      });
    default:
      return [];
  }
}

/** Walks the Program once and returns the index the recognizers query. */
export function indexProgram(root: AnyNode, sourceText: string): ProgramIndex {
  const program = root.type === 'File' ? (field(root, 'program') ?? root) : root;
  const parents = new Map<AnyNode, AnyNode>();
  const scopeOfIdentifier = new Map<AnyNode, Scope>();
  const declaredIds = new Set<AnyNode>();
  const calls: AnyNode[] = [];
  const stringRoots: AnyNode[] = [];
  const references: AnyNode[] = [];
  const projectMethodNames = new Set<string>();
  const classes = new Map<AnyNode, ClassFacts>();
  const writes: AnyNode[] = [];
  const mutations: AnyNode[] = [];

  const declare = (scope: Scope, id: AnyNode, draft: BindingDraft): void => {
    const name = identifierName(id);
    if (name === undefined) return;
    declaredIds.add(id);
    scopeOfIdentifier.set(id, scope);
    // A second declaration of the same name in one scope (`var x; var x = 1`) makes the value unknown.
    const existing = scope.names.get(name);
    scope.names.set(name, {
      name,
      id,
      kind: draft.kind,
      init: draft.init ? unwrapTs(draft.init) : undefined,
      destructured: draft.destructured ?? false,
      destructuredKey: draft.destructuredKey,
      importSource: draft.importSource,
      importedName: draft.importedName,
      fn: draft.fn,
      paramIndex: draft.paramIndex,
      reassigned: existing !== undefined,
      mutated: false,
    });
  };

  const functionScopeOf = (scope: Scope): Scope => {
    let current = scope;
    while (!current.isFunction && current.parent) current = current.parent;
    return current;
  };

  const classFactsFor = (classNode: AnyNode): ClassFacts => {
    let facts = classes.get(classNode);
    if (!facts) {
      facts = { thisValues: new Map(), parameterPropertyTypes: new Map() };
      classes.set(classNode, facts);
    }
    return facts;
  };

  const addThisValue = (classNode: AnyNode | undefined, name: string | undefined, value: AnyNode | undefined): void => {
    if (!classNode || name === undefined || !value) return;
    const values = classFactsFor(classNode).thisValues;
    values.set(name, [...(values.get(name) ?? []), unwrapTs(value)]);
  };

  const declareVariables = (declaration: AnyNode, scope: Scope): void => {
    const kindText = stringField(declaration, 'kind');
    const kind: BindingKind = kindText === 'const' || kindText === 'let' || kindText === 'var' ? kindText : 'other';
    const target = kind === 'var' ? functionScopeOf(scope) : scope;
    for (const declarator of fieldList(declaration, 'declarations')) {
      const id = field(declarator, 'id');
      const init = field(declarator, 'init');
      if (!id) continue;
      const isPlain = id.type === 'Identifier';
      for (const found of patternIdentifiers(id)) {
        declare(target, found.id, { kind, init, destructured: !isPlain, destructuredKey: isPlain ? undefined : found.key });
      }
    }
  };

  const declareImport = (declaration: AnyNode, scope: Scope): void => {
    const source = stringValue(field(declaration, 'source') ?? declaration);
    for (const specifier of fieldList(declaration, 'specifiers')) {
      const local = field(specifier, 'local');
      if (!local) continue;
      const imported = field(specifier, 'imported');
      const importedName =
        specifier.type === 'ImportDefaultSpecifier'
          ? 'default'
          : specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : (identifierName(imported) ?? (imported ? stringValue(imported) : undefined));
      declare(scope, local, { kind: 'import', importSource: source, importedName });
    }
  };

  const declareFunctionParts = (fn: AnyNode, outer: Scope, own: Scope): void => {
    const id = field(fn, 'id');
    if (id) {
      if (fn.type === 'FunctionDeclaration') declare(outer, id, { kind: 'function', init: fn });
      else declare(own, id, { kind: 'function', init: fn });
    }
    paramsOf(fn).forEach((param, paramIndex) => {
      for (const found of patternIdentifiers(param)) {
        declare(own, found.id, { kind: 'param', fn, paramIndex: param.type === 'Identifier' || param.type === 'TSParameterProperty' || param.type === 'AssignmentPattern' ? paramIndex : undefined });
      }
    });
  };

  const recordClass = (classNode: AnyNode, scope: Scope): void => {
    const id = field(classNode, 'id');
    if (id && classNode.type === 'ClassDeclaration') declare(scope, id, { kind: 'class', init: classNode });
    const facts = classFactsFor(classNode);
    for (const member of fieldList(field(classNode, 'body') ?? classNode, 'body')) {
      const name = propertyKeyName(member);
      const value = field(member, 'value');
      const isMethod = /Method/.test(member.type) || (value !== undefined && isFunction(unwrapTs(value)));
      if (isMethod && name !== undefined && name !== 'constructor') projectMethodNames.add(name);
      if (isClassField(member) && value) addThisValue(classNode, name, value);
      if (name !== 'constructor') continue;
      const constructorFn = member.type === 'MethodDefinition' ? value : member;
      for (const param of constructorFn ? paramsOf(constructorFn) : []) {
        if (param.type !== 'TSParameterProperty') continue;
        const inner = field(param, 'parameter');
        const plain = inner?.type === 'AssignmentPattern' ? field(inner, 'left') : inner;
        const paramName = identifierName(plain);
        const typeName = plain ? annotatedTypeName(plain) : undefined;
        if (paramName !== undefined && typeName !== undefined) facts.parameterPropertyTypes.set(paramName, typeName);
      }
    }
  };

  const recordObjectMethods = (objectExpression: AnyNode): void => {
    for (const property of fieldList(objectExpression, 'properties')) {
      const name = propertyKeyName(property);
      if (name === undefined) continue;
      const value = isValueProperty(property) ? field(property, 'value') : undefined;
      const isMethod = property.type === 'ObjectMethod' || booleanField(property, 'method') || (value !== undefined && isFunction(unwrapTs(value)));
      if (isMethod) projectMethodNames.add(name);
    }
  };

  const isReference = (node: AnyNode, parent: AnyNode | undefined, key: string): boolean => {
    if (declaredIds.has(node) || !parent) return false;
    if (isMember(parent) && key === 'property' && !booleanField(parent, 'computed')) return false;
    if (key === 'key' && !booleanField(parent, 'computed')) return false;
    if (key === 'label' || key === 'meta' || key === 'exported' || key === 'imported') return false;
    if (parent.type === 'ImportDefaultSpecifier' || parent.type === 'ImportNamespaceSpecifier' || parent.type === 'ImportSpecifier') return false;
    return true;
  };

  const isStringRoot = (node: AnyNode, parent: AnyNode | undefined, key: string): boolean => {
    const isStringBuilder =
      isStringLiteral(node) || node.type === 'TemplateLiteral' || (node.type === 'BinaryExpression' && stringField(node, 'operator') === '+');
    if (!isStringBuilder) return false;
    const outer = outerOf(node, parent);
    if (outer?.type === 'BinaryExpression' && stringField(outer, 'operator') === '+') return false;
    if (parent?.type === 'TemplateLiteral' && key === 'expressions') return false;
    if (key === 'source' && parent !== undefined && /^(Import|Export)/.test(parent.type)) return false;
    if (parent?.type === 'TSExternalModuleReference' || parent?.type === 'TSLiteralType' || parent?.type === 'TSModuleDeclaration') return false;
    return true;
  };

  // `('a' + b) as string + c`: the wrapper's parent decides whether the inner `+` is nested.
  const outerOf = (node: AnyNode, parent: AnyNode | undefined): AnyNode | undefined => {
    let current: AnyNode | undefined = parent;
    let child = node;
    while (current && unwrapTs(current) === child && current !== child) {
      child = current;
      current = parents.get(current);
    }
    return current;
  };

  const visit = (node: AnyNode, parent: AnyNode | undefined, key: string, scope: Scope, classNode: AnyNode | undefined): void => {
    // A node reached a second time (shared between two parents) is walked once, under its first parent:
    // every node but the Program gets its parent on its first visit.
    if (node === program ? parent !== undefined : parents.has(node)) return;
    if (parent) parents.set(node, parent);
    let inner = scope;
    let innerClass = classNode;

    if (isFunction(node)) {
      inner = { node, parent: scope, isFunction: true, names: new Map() };
      declareFunctionParts(node, scope, inner);
    } else if (blockScopeTypes.has(node.type) && !(node.type === 'BlockStatement' && isFunction(parent))) {
      inner = { node, parent: scope, isFunction: false, names: new Map() };
      if (node.type === 'CatchClause') {
        const param = field(node, 'param');
        for (const found of param ? patternIdentifiers(param) : []) declare(inner, found.id, { kind: 'catch' });
      }
    } else if (isClass(node)) {
      inner = { node, parent: scope, isFunction: false, names: new Map() };
      recordClass(node, scope);
      const id = field(node, 'id');
      if (id && node.type === 'ClassExpression') declare(inner, id, { kind: 'class', init: node });
      innerClass = node;
    }

    switch (node.type) {
      case 'VariableDeclaration':
        declareVariables(node, scope);
        break;
      case 'ImportDeclaration':
        declareImport(node, scope);
        break;
      case 'TSImportEqualsDeclaration': {
        const id = field(node, 'id');
        const reference = field(node, 'moduleReference');
        const source = reference ? stringValue(field(reference, 'expression') ?? reference) : undefined;
        if (id) declare(scope, id, { kind: 'import', importSource: source, importedName: '*' });
        break;
      }
      case 'TSEnumDeclaration':
      case 'TSModuleDeclaration': {
        const id = field(node, 'id');
        if (id?.type === 'Identifier') declare(scope, id, { kind: 'other' });
        break;
      }
      case 'ObjectExpression':
        recordObjectMethods(node);
        break;
      case 'AssignmentExpression': {
        const left = field(node, 'left');
        const target = left ? unwrapTs(left) : undefined;
        if (target?.type === 'Identifier') writes.push(target);
        else if (target && isMember(target)) {
          const object = memberObject(target);
          if (isThis(object)) addThisValue(innerClass, memberPropertyName(target), stringField(node, 'operator') === '=' ? field(node, 'right') : node);
          else mutations.push(target);
        } else if (target) {
          for (const found of patternIdentifiers(target)) writes.push(found.id);
        }
        break;
      }
      case 'UpdateExpression': {
        const argument = field(node, 'argument');
        if (argument?.type === 'Identifier') writes.push(argument);
        break;
      }
      case 'ForInStatement':
      case 'ForOfStatement': {
        const left = field(node, 'left');
        if (left && left.type !== 'VariableDeclaration') for (const found of patternIdentifiers(left)) writes.push(found.id);
        break;
      }
      case 'CallExpression':
      case 'OptionalCallExpression':
      case 'NewExpression':
        calls.push(node);
        break;
      default:
        break;
    }

    if (isStringRoot(node, parent, key)) stringRoots.push(node);
    if (node.type === 'Identifier') {
      if (!scopeOfIdentifier.has(node)) scopeOfIdentifier.set(node, scope);
      if (isReference(node, parent, key)) references.push(node);
    }

    forEachChild(node, (child, childKey) => visit(child, node, childKey, inner, innerClass));
  };

  const programScope: Scope = { node: program, parent: undefined, isFunction: true, names: new Map() };
  visit(program, undefined, '', programScope, undefined);

  const resolve = (identifier: AnyNode): Binding | undefined => {
    const name = identifierName(identifier);
    if (name === undefined) return undefined;
    for (let scope = scopeOfIdentifier.get(identifier); scope; scope = scope.parent) {
      const binding = scope.names.get(name);
      if (binding) return binding;
    }
    return undefined;
  };

  for (const write of writes) {
    const binding = resolve(write) as MutableBinding | undefined;
    if (binding && binding.id !== write) binding.reassigned = true;
  }
  for (const target of mutations) {
    let object = memberObject(target);
    while (object && isMember(object)) object = memberObject(object);
    const binding = object?.type === 'Identifier' ? (resolve(object) as MutableBinding | undefined) : undefined;
    if (binding) binding.mutated = true;
  }

  return {
    program,
    sourceText,
    calls,
    stringRoots,
    references,
    projectMethodNames,
    parentOf: (node) => parents.get(node),
    resolve,
    moduleBinding: (name) => programScope.names.get(name),
    classFacts: (classNode) => classes.get(classNode),
    enclosingClass: (node) => {
      for (let current = parents.get(node); current; current = parents.get(current)) if (isClass(current)) return current;
      return undefined;
    },
  };
}

/**
 * The index an analysis works on: `options.programIndex` when the caller built one for this AST and
 * text, otherwise a new walk. An index of another file is a caller's mistake, reported as such.
 */
export function programIndexFor(root: AnyNode, sourceText: string, options: AnalysisOptions): ProgramIndex {
  const given = options.programIndex;
  if (given === undefined) return indexProgram(root, sourceText);
  const program = root.type === 'File' ? (field(root, 'program') ?? root) : root;
  if (given.program !== program || given.sourceText !== sourceText) {
    throw new TypeError(
      'options.programIndex was built for another AST or source text; build it with indexProgram(program, sourceText) of the file being analysed, or leave it out.',
    );
  }
  return given;
}
