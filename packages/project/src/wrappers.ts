import { rangeOf, type FileIndex } from '@sunset/analysis';
import type { HttpMethod, UrlPart } from '@sunset/rule-data';
import { ts, type Project } from 'ts-morph';
import { wrapperDepth } from './select-files.js';
import { morphNodeAt, type ResolvedValue } from './type-resolver.js';

/** A place where a wrapper's parameter reaches a request: the URL of an HTTP call, or a SOAP action/envelope string. */
export interface RequestSink {
  readonly kind: 'url' | 'soap';
  readonly file: string;
  readonly range: readonly [number, number];
  /** The value at the sink, with `param` where the wrapper's parameter goes. */
  readonly parts: readonly (UrlPart | { readonly kind: 'param' })[];
  readonly method: HttpMethod | undefined;
  /** The wrapper's parameter the method comes from, when the request reads it there (`fetch(url, { method })`). */
  readonly methodParameter?: number;
}

/** A function or method that passes one of its parameters (or a property of it) into request sinks. */
export interface Wrapper {
  readonly declaration: ts.SignatureDeclaration;
  readonly name: string;
  readonly parameter: number;
  /** For `request({ uri, action })`: the property of the parameter object. */
  readonly property: string | undefined;
  readonly sinks: readonly RequestSink[];
  /** 1 for a function that calls the sink itself, 2 for a wrapper of that wrapper, … */
  readonly level: number;
}

/** A call of a wrapper whose argument has a known value: the finding goes here. */
export interface WrapperCall {
  readonly wrapper: Wrapper;
  readonly file: string;
  readonly argument: ts.Expression;
  readonly call: ts.CallExpression;
  readonly value: ResolvedValue;
  /** The wrapper's sinks, with the method this call passes where a sink reads it from a parameter. */
  readonly sinks: readonly RequestSink[];
}

type Segments = FileIndex['requests'][number]['url'];
type MethodSource = FileIndex['requests'][number]['method']['source'];

const httpMethods = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const soapShaped = /xmlns|SOAPAction|Service\/\0|\.svc/i;

/** The parameter (or destructured parameter property) an identifier names, with its function. */
function parameterOf(checker: ts.TypeChecker, identifier: ts.Node): { fn: ts.SignatureDeclaration; index: number; property: string | undefined } | undefined {
  // `{ method }`: the shorthand property's value is the parameter (its own symbol is the property's).
  const shorthand = ts.isShorthandPropertyAssignment(identifier) ? identifier : ts.isShorthandPropertyAssignment(identifier.parent) ? identifier.parent : undefined;
  if (shorthand === undefined && !ts.isIdentifier(identifier)) return undefined;
  const symbol = shorthand === undefined ? checker.getSymbolAtLocation(identifier) : checker.getShorthandAssignmentValueSymbol(shorthand);
  const declaration = symbol?.valueDeclaration;
  if (declaration === undefined) return undefined;
  if (ts.isParameter(declaration) && ts.isIdentifier(declaration.name) && ts.isFunctionLike(declaration.parent)) {
    return { fn: declaration.parent, index: declaration.parent.parameters.indexOf(declaration), property: undefined };
  }
  if (ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent) && ts.isParameter(declaration.parent.parent)) {
    const parameter = declaration.parent.parent;
    const key = declaration.propertyName ?? declaration.name;
    if (!ts.isFunctionLike(parameter.parent) || !ts.isIdentifier(key)) return undefined;
    return { fn: parameter.parent, index: parameter.parent.parameters.indexOf(parameter), property: key.text };
  }
  return undefined;
}

function nameOf(fn: ts.SignatureDeclaration): ts.Identifier | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name !== undefined && ts.isIdentifier(fn.name)) return fn.name;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isPropertyAssignment(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name;
  return undefined;
}

/**
 * The wrappers of level 1 in one analysed file: each URL of a request and each SOAP-shaped string
 * whose value holds a parameter of the enclosing function.
 */
export function directWrappers(index: FileIndex, file: string, project: Project, checker: ts.TypeChecker): Wrapper[] {
  const sourceFile = project.getSourceFile(file);
  if (sourceFile === undefined) return [];
  const found = new Map<string, { fn: ts.SignatureDeclaration; index: number; property: string | undefined; sinks: RequestSink[] }>();
  const parameterAt = (node: Parameters<typeof rangeOf>[0]): ReturnType<typeof parameterOf> => {
    const tsNode = morphNodeAt(sourceFile, rangeOf(node));
    return tsNode === undefined ? undefined : parameterOf(checker, tsNode);
  };
  /** The parameter of `fn` a request's unknown method is read from (`fetch(url, { method })`). */
  const methodParameterOf = (source: MethodSource | undefined, fn: ts.SignatureDeclaration): number | undefined => {
    if (source?.kind !== 'unknown' || source.node?.type !== 'Identifier') return undefined;
    const parameter = parameterAt(source.node);
    return parameter !== undefined && parameter.fn === fn && parameter.property === undefined ? parameter.index : undefined;
  };
  const collect = (segments: Segments, kind: RequestSink['kind'], range: readonly [number, number], method: HttpMethod | undefined, methodSource?: MethodSource): void => {
    const holes = segments.flatMap((segment) => (segment.kind === 'hole' && segment.node?.type === 'Identifier' ? [segment.node] : []));
    for (const hole of holes) {
      const parameter = parameterAt(hole);
      if (parameter === undefined) continue;
      const parts = segments.map((segment): RequestSink['parts'][number] =>
        segment.kind === 'text' ? { kind: 'text', value: segment.value } : segment.node === hole ? { kind: 'param' } : { kind: 'hole' },
      );
      const key = `${parameter.fn.pos}:${parameter.index}:${parameter.property ?? ''}`;
      const entry = found.get(key) ?? { ...parameter, sinks: [] };
      const methodParameter = methodParameterOf(methodSource, parameter.fn);
      entry.sinks.push({ kind, file, range, parts, method, ...(methodParameter === undefined ? {} : { methodParameter }) });
      found.set(key, entry);
    }
  };
  for (const site of index.requests) {
    // `this.request('PATCH', url)` calls the class's own method, which makes the request: followed as a wrapper of it.
    const callee = site.call.callee;
    const ownMethod = callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier' && index.scope.projectMethodNames.has(callee.property.name);
    if (!ownMethod) collect(site.url, 'url', rangeOf(site.urlNode), site.method.method, site.method.source);
  }
  for (const root of index.strings) {
    if (root.segments === undefined) continue;
    const flat = root.segments.map((segment) => (segment.kind === 'text' ? segment.value : '\0')).join('');
    const parent = index.scope.parentOf(root.node);
    const isActionHeader = parent?.type === 'Property' && parent.key.type === 'Identifier' && /^soapaction$/i.test(parent.key.name);
    if (isActionHeader || soapShaped.test(flat)) collect(root.segments, 'soap', rangeOf(root.node), undefined);
  }
  // `headers: { SOAPAction: action }`: the parameter is the whole action.
  for (const named of index.scope.namedValues) {
    if (named.type !== 'Property' || named.computed || !/^soapaction$/i.test(named.key.type === 'Identifier' ? named.key.name : named.key.type === 'Literal' ? String(named.key.value) : '')) continue;
    const value = named.value;
    if (value.type === 'Identifier') collect([{ kind: 'hole', node: value, container: undefined, inTemplate: false }], 'soap', rangeOf(value), undefined);
  }
  return [...found.values()].flatMap(({ fn, index: parameter, property, sinks }) => {
    const name = nameOf(fn);
    return name === undefined ? [] : [{ declaration: fn, name: name.text, parameter, property, sinks, level: 1 }];
  });
}

/** The argument a call passes for the wrapper's parameter (or the property of its object argument). */
function argumentFor(call: ts.CallExpression, wrapper: Pick<Wrapper, 'parameter' | 'property'>): ts.Expression | undefined {
  const argument = call.arguments[wrapper.parameter];
  if (argument === undefined || wrapper.property === undefined) return argument;
  if (!ts.isObjectLiteralExpression(argument)) return undefined;
  for (const property of argument.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === wrapper.property) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === wrapper.property) return property.name;
  }
  return undefined;
}

/**
 * A wrapper's sinks as one call makes them: a method read from a parameter becomes the method the call
 * passes (`request('PUT', url)`), or, passed on from the caller's own parameter (`put(url)` calling
 * `request(method, url)` with its `method`), that parameter of the caller (`outer`).
 */
function sinksOfCall(
  sinks: readonly RequestSink[],
  call: ts.CallExpression,
  evaluate: (expression: ts.Expression) => ResolvedValue,
  checker: ts.TypeChecker,
  outer?: ts.SignatureDeclaration,
): RequestSink[] {
  return sinks.map((sink) => {
    if (sink.methodParameter === undefined) return sink;
    const { methodParameter, ...rest } = sink;
    const argument = call.arguments[methodParameter];
    if (argument === undefined) return rest;
    const parameter = parameterOf(checker, argument);
    if (outer !== undefined && parameter !== undefined && parameter.fn === outer && parameter.property === undefined) return { ...rest, methodParameter: parameter.index };
    const { parts } = evaluate(argument);
    const only = parts.length === 1 && parts[0]!.kind === 'text' ? parts[0]!.value.toUpperCase() : undefined;
    return only !== undefined && httpMethods.has(only) ? { ...rest, method: only as HttpMethod } : rest;
  });
}

/** The symbol a callee names (`apiGet`, `client.call`), aliases (imports, re-exports) followed. */
function calleeSymbol(checker: ts.TypeChecker, name: ts.Node): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  return symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Every call expression of the loaded files whose callee's name (`f(…)`, `x.f(…)`) is one of `names`. */
function callsNamed(project: Project, names: ReadonlySet<string>): { call: ts.CallExpression; name: ts.Identifier }[] {
  const calls: { call: ts.CallExpression; name: ts.Identifier }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name) ? callee.name : undefined;
      if (name !== undefined && names.has(name.text)) calls.push({ call: node, name });
    }
    ts.forEachChild(node, visit);
  };
  for (const sourceFile of project.getSourceFiles()) visit(sourceFile.compilerNode);
  return calls;
}

/**
 * Every call of the wrappers in the project with a value the checker knows, following wrappers of
 * wrappers up to `wrapperDepth` levels: a call passing its own function's parameter makes that
 * function a wrapper of the next level. Calls are found by walking the loaded files once per level,
 * asking the checker only about callees named like a wrapper (no language service).
 */
export function wrapperCalls(wrappers: readonly Wrapper[], project: Project, evaluate: (expression: ts.Expression) => ResolvedValue, checker: ts.TypeChecker): WrapperCall[] {
  const calls: WrapperCall[] = [];
  const seen = new Set<string>();
  let level = [...wrappers];
  for (let depth = 1; depth <= wrapperDepth && level.length > 0; depth++) {
    // By declaration, not by symbol: a method read through an instance (`soap.call`) may be a transient
    // symbol of the instantiated class type, whose declaration is still the method's.
    const byDeclaration = new Map<ts.Node, Wrapper[]>();
    for (const wrapper of level) {
      const declaration = nameOf(wrapper.declaration)!.parent;
      byDeclaration.set(declaration, [...(byDeclaration.get(declaration) ?? []), wrapper]);
    }
    const next: Wrapper[] = [];
    for (const { call, name } of callsNamed(project, new Set(level.map((wrapper) => wrapper.name)))) {
      const declarations = calleeSymbol(checker, name)?.declarations ?? [];
      for (const wrapper of declarations.flatMap((declaration) => byDeclaration.get(declaration) ?? [])) {
        const argument = argumentFor(call, wrapper);
        if (argument === undefined) continue;
        const key = `${call.getSourceFile().fileName}:${call.pos}:${wrapper.name}:${wrapper.parameter}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const parameter = parameterOf(checker, argument);
        if (parameter !== undefined) {
          const outerName = nameOf(parameter.fn);
          if (outerName !== undefined && parameter.property === undefined) {
            const sinks = sinksOfCall(wrapper.sinks, call, evaluate, checker, parameter.fn);
            next.push({ declaration: parameter.fn, name: outerName.text, parameter: parameter.index, property: undefined, sinks, level: wrapper.level + 1 });
          }
          continue;
        }
        const value = evaluate(argument);
        if (value.parts.some((part) => part.kind === 'text')) calls.push({ wrapper, file: call.getSourceFile().fileName, argument, call, value, sinks: sinksOfCall(wrapper.sinks, call, evaluate, checker) });
      }
    }
    level = next;
  }
  return calls;
}
