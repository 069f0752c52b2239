import { rangeOf, valuesSentBy, type FileIndex, type SentValue } from '@sunset/analysis';
import type { HttpMethod, UrlPart } from '@sunset/rule-data';
import { ts, type Project } from 'ts-morph';
import { wrapperDepth } from './select-files.js';
import { morphNodeAt, type ResolvedValue } from './type-resolver.js';

/** A place where a wrapper's parameter reaches a request: the URL of an HTTP call, or a SOAP action/envelope string. */
export interface RequestSink {
  /** `soap-body`: the whole body of a SOAP request (its envelope), never its action. */
  readonly kind: 'url' | 'soap' | 'soap-body';
  readonly file: string;
  readonly range: readonly [number, number];
  /**
   * The value at the sink, with `param` where the wrapper's parameter goes; `joined` where a client
   * joins it to its base (axios `baseURL`, got and ky `prefixUrl`): the client drops its leading slashes.
   */
  readonly parts: readonly (UrlPart | { readonly kind: 'param'; readonly joined?: true })[];
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
 * Whether `segments[at]` is the `/` a client inserts between its base and the path (`joinBaseUrl`): text
 * written nowhere, right after the base's last segment. The path after it loses its leading slashes
 * (`adform.get(path)` with `path = '/campaigns'` requests `…/v1/campaigns`).
 */
function isJoin(segments: Segments, at: number): boolean {
  const join = segments[at];
  const before = segments[at - 1];
  return join?.kind === 'text' && join.value === '/' && join.sourceStart === undefined && join.fromBase !== true && before?.fromBase === true;
}

type Expression = SentValue['node'];
type RequestCall = FileIndex['scope']['calls'][number];

/** Where `range` lies inside the function (its parameters and body). */
const isInside = (fn: ts.SignatureDeclaration, range: readonly [number, number]): boolean => fn.getStart() <= range[0] && range[1] <= fn.getEnd();

/**
 * The calls of a file that make a request, with what each sends: its HTTP requests, its SOAP client
 * calls, and any other call (not `new Headers(…)`) sending a `SOAPAction` header: a SOAP request,
 * whatever its client.
 */
function requestsOf(index: FileIndex): { call: RequestCall; sent: readonly SentValue[] }[] {
  const context = index.evaluation();
  // A call of a same-file helper is the default mode's reading (`helperCall`); here the helper is followed as a wrapper instead.
  const known = new Set<RequestCall>([...index.requests.flatMap((site) => (site.viaHelper ? [] : [site.call])), ...index.soapClientCalls.map((found) => found.call)]);
  return index.scope.calls.flatMap((call) => {
    if (call.type !== 'CallExpression') return [];
    const sent = valuesSentBy(call, context);
    return known.has(call) || sent.some((value) => value.asHeader) ? [{ call, sent }] : [];
  });
}

/**
 * The wrappers of level 1 in one analysed file: functions whose parameter reaches a request made in
 * them. A parameter reaches a request in the request's URL, or in a SOAP-shaped string or `SOAPAction`
 * header value that a request made in the same function sends (directly, through constants, or
 * through a same-file helper that builds it: `envelope(body)`), or as the body of a SOAP request. A
 * function that only builds and returns a string (`env = (b) => '<soap:Envelope>' + b + …`) makes
 * no request: it is a value builder, and the request that sends its result is where the value goes.
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
  /** Each hole of `segments` naming a parameter of a function `accepts` makes that function a wrapper with this sink. */
  const collect = (
    segments: Segments,
    kind: RequestSink['kind'],
    range: readonly [number, number],
    method: HttpMethod | undefined,
    accepts: (fn: ts.SignatureDeclaration) => boolean,
    methodSource?: MethodSource,
  ): void => {
    const holes = segments.flatMap((segment) => (segment.kind === 'hole' && segment.node?.type === 'Identifier' ? [segment.node] : []));
    for (const hole of holes) {
      const parameter = parameterAt(hole);
      if (parameter === undefined || !accepts(parameter.fn)) continue;
      const parts = segments.map((segment, at): RequestSink['parts'][number] =>
        segment.kind === 'text' ? { kind: 'text', value: segment.value } : segment.node === hole ? (isJoin(segments, at - 1) ? { kind: 'param', joined: true } : { kind: 'param' }) : { kind: 'hole' },
      );
      const key = `${parameter.fn.pos}:${parameter.index}:${parameter.property ?? ''}`;
      const entry = found.get(key) ?? { ...parameter, sinks: [] };
      const methodParameter = methodParameterOf(methodSource, parameter.fn);
      entry.sinks.push({ kind, file, range, parts, method, ...(methodParameter === undefined ? {} : { methodParameter }) });
      found.set(key, entry);
    }
  };
  const always = (): boolean => true;
  for (const site of index.requests) {
    // A same-file helper's call (the default mode's reading): its URL's holes are the helper's parameters, not this function's.
    if (site.viaHelper) continue;
    // `this.request('PATCH', url)` calls the class's own method, which makes the request: followed as a wrapper of it.
    const callee = site.call.callee;
    const ownMethod = callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier' && index.scope.projectMethodNames.has(callee.property.name);
    if (!ownMethod) collect(site.url, 'url', rangeOf(site.urlNode), site.method.method, always, site.method.source);
  }

  const soapRoots = index.strings.filter((root): root is typeof root & { segments: Segments } => {
    if (root.segments === undefined) return false;
    const flat = root.segments.map((segment) => (segment.kind === 'text' ? segment.value : '\0')).join('');
    const parent = index.scope.parentOf(root.node);
    const isActionHeader = parent?.type === 'Property' && parent.key.type === 'Identifier' && /^soapaction$/i.test(parent.key.name);
    return isActionHeader || soapShaped.test(flat);
  });
  const actionValues = index.scope.namedValues.flatMap((named) => {
    if (named.type !== 'Property' || named.computed || !/^soapaction$/i.test(named.key.type === 'Identifier' ? named.key.name : named.key.type === 'Literal' ? String(named.key.value) : '')) return [];
    return named.value.type === 'Identifier' ? [named.value] : [];
  });
  const soapBodies = index.requests.flatMap((site) => (site.body?.type === 'Identifier' && parameterAt(site.body) !== undefined ? [{ site, body: site.body }] : []));
  if (soapRoots.length === 0 && actionValues.length === 0 && soapBodies.length === 0) return wrappersOf(found);

  // Who sends each expression: only a request made inside a function passes that function's parameter on.
  const requests = requestsOf(index);
  const senders = new Map<Expression, { call: RequestCall; value: SentValue }[]>();
  for (const request of requests) for (const value of request.sent) senders.set(value.node, [...(senders.get(value.node) ?? []), { call: request.call, value }]);
  const sentInside = (node: Expression, asHeader: boolean) => (fn: ts.SignatureDeclaration): boolean =>
    (senders.get(node) ?? []).some(({ call, value }) => (!asHeader || value.asHeader) && isInside(fn, rangeOf(call)));
  for (const root of soapRoots) {
    collect(root.segments, 'soap', rangeOf(root.node), undefined, sentInside(root.node, false));
    // Built by a helper (`envelope(body)`) that a request sends: the helper's parameter is the argument its call passes.
    for (const { call, value } of senders.get(root.node) ?? []) {
      if (value.builder !== undefined) collect(builtBy(root.segments, value.builder), 'soap', rangeOf(value.builder), undefined, (fn) => isInside(fn, rangeOf(call)));
    }
  }
  for (const value of actionValues) collect([{ kind: 'hole', node: value, container: undefined, inTemplate: false }], 'soap', rangeOf(value), undefined, sentInside(value, true));
  // `fetch(url, { headers: { SOAPAction }, body })`: the body of a SOAP request is its envelope.
  for (const { site, body } of soapBodies) {
    const sendsAction = requests.some((request) => request.call === site.call && request.sent.some((value) => value.asHeader));
    const contentType = site.contentType === undefined ? undefined : index.strings.find((root) => root.node === site.contentType)?.segments;
    const isXml = contentType?.some((segment) => segment.kind === 'text' && /xml/i.test(segment.value)) === true;
    if (sendsAction || isXml) collect([{ kind: 'hole', node: body, container: undefined, inTemplate: false }], 'soap-body', rangeOf(body), undefined, (fn) => isInside(fn, rangeOf(site.call)));
  }
  return wrappersOf(found);

  /** A helper's string with each of the helper's parameters replaced by what `call` passes for it (a name, a string, or a hole). */
  function builtBy(segments: Segments, call: NonNullable<SentValue['builder']>): Segments {
    const callee = morphNodeAt(sourceFile!, rangeOf(call.callee));
    return segments.flatMap((segment): Segments => {
      if (segment.kind !== 'hole' || segment.node?.type !== 'Identifier') return [segment];
      const parameter = parameterAt(segment.node);
      if (parameter === undefined || parameter.property !== undefined || callee === undefined || !callsFunction(checker, callee, parameter.fn)) return [segment];
      const argument = call.arguments[parameter.index];
      if (argument?.type === 'Identifier') return [{ kind: 'hole', node: argument, container: undefined, inTemplate: false }];
      const written = argument === undefined ? undefined : index.strings.find((root) => root.node === argument)?.segments;
      return written ?? [{ kind: 'hole', node: undefined, container: undefined, inTemplate: false }];
    });
  }
}

/** The wrappers found, each named as its callers name it (a function without a name has no callers to find). */
function wrappersOf(found: ReadonlyMap<string, { fn: ts.SignatureDeclaration; index: number; property: string | undefined; sinks: RequestSink[] }>): Wrapper[] {
  return [...found.values()].flatMap(({ fn, index: parameter, property, sinks }) => {
    const name = nameOf(fn);
    return name === undefined ? [] : [{ declaration: fn, name: name.text, parameter, property, sinks, level: 1 }];
  });
}

/** The callee names `fn` (a function declaration, or a constant holding it), aliases followed. */
function callsFunction(checker: ts.TypeChecker, callee: ts.Node, fn: ts.SignatureDeclaration): boolean {
  const found = checker.getSymbolAtLocation(callee);
  const symbol = found !== undefined && found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
  return (symbol?.declarations ?? []).some((declaration) => {
    if (declaration === fn) return true;
    let value = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    while (value !== undefined && (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
    return value === fn;
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
function callsNamed(project: Project, names: ReadonlySet<string>, called: ReadonlySet<string> | undefined): { call: ts.CallExpression; name: ts.Identifier }[] {
  const calls: { call: ts.CallExpression; name: ts.Identifier }[] = [];
  // No call of the program names a wrapper: no file is walked.
  if (called !== undefined && ![...names].some((name) => called.has(name))) return calls;
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

type SinkPart = RequestSink['parts'][number];

/** The parameters of the function a call is made in that an argument is built from (`<${operation} xmlns="…"/>`): each names that function's parameter. */
function outerParametersIn(argument: ts.Expression, checker: ts.TypeChecker): { fn: ts.SignatureDeclaration; index: number }[] {
  const found: { fn: ts.SignatureDeclaration; index: number }[] = [];
  const visit = (node: ts.Expression): void => {
    if (ts.isParenthesizedExpression(node)) visit(node.expression);
    else if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) [node.left, node.right].forEach(visit);
    else if (ts.isIdentifier(node)) {
      const parameter = parameterOf(checker, node);
      if (parameter !== undefined && parameter.property === undefined && nameOf(parameter.fn) !== undefined && !found.some((known) => known.fn === parameter.fn && known.index === parameter.index)) {
        found.push({ fn: parameter.fn, index: parameter.index });
      }
    }
  };
  visit(argument);
  return found;
}

/** The parts of a string-building argument, with `param` where the outer function's parameter `index` goes. */
function partsWithParameter(argument: ts.Expression, outer: { fn: ts.SignatureDeclaration; index: number }, evaluate: (expression: ts.Expression) => ResolvedValue, checker: ts.TypeChecker): SinkPart[] {
  if (ts.isParenthesizedExpression(argument)) return partsWithParameter(argument.expression, outer, evaluate, checker);
  if (ts.isTemplateExpression(argument)) {
    return [
      { kind: 'text', value: argument.head.text },
      ...argument.templateSpans.flatMap((span): SinkPart[] => [...partsWithParameter(span.expression, outer, evaluate, checker), { kind: 'text', value: span.literal.text }]),
    ];
  }
  if (ts.isBinaryExpression(argument) && argument.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [...partsWithParameter(argument.left, outer, evaluate, checker), ...partsWithParameter(argument.right, outer, evaluate, checker)];
  }
  const parameter = ts.isIdentifier(argument) ? parameterOf(checker, argument) : undefined;
  if (parameter !== undefined && parameter.fn === outer.fn && parameter.index === outer.index && parameter.property === undefined) return [{ kind: 'param' }];
  return [...evaluate(argument).parts];
}

/**
 * A wrapper's SOAP sinks given a string its caller builds from its own parameter
 * (`call('urn:x', `<${operation} xmlns="…"/>`)`): the caller is a wrapper of the next level, its
 * parameter where the string puts it. URL sinks are left out: a path built there is checked at that call.
 */
function soapWrappersThrough(argument: ts.Expression, wrapper: Wrapper, call: ts.CallExpression, evaluate: (expression: ts.Expression) => ResolvedValue, checker: ts.TypeChecker): Wrapper[] {
  const soapSinks = wrapper.sinks.filter((sink) => sink.kind !== 'url');
  if (soapSinks.length === 0) return [];
  return outerParametersIn(argument, checker).map((outer) => {
    const parts = partsWithParameter(argument, outer, evaluate, checker);
    const sinks = sinksOfCall(soapSinks, call, evaluate, checker).map((sink) => ({ ...sink, parts: sink.parts.flatMap((part) => (part.kind === 'param' ? parts : [part])) }));
    return { declaration: outer.fn, name: nameOf(outer.fn)!.text, parameter: outer.index, property: undefined, sinks, level: wrapper.level + 1 };
  });
}

/**
 * Every call of the wrappers in the project with a value the checker knows, following wrappers of
 * wrappers up to `wrapperDepth` levels: a call passing its own function's parameter makes that
 * function a wrapper of the next level. Calls are found by walking the loaded files once per level,
 * asking the checker only about callees named like a wrapper (no language service); not at all when
 * `called` (every name a call of the program is made by) holds none of the level's names.
 */
export function wrapperCalls(
  wrappers: readonly Wrapper[],
  project: Project,
  evaluate: (expression: ts.Expression) => ResolvedValue,
  checker: ts.TypeChecker,
  called?: ReadonlySet<string>,
): WrapperCall[] {
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
    for (const { call, name } of callsNamed(project, new Set(level.map((wrapper) => wrapper.name)), called)) {
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
        next.push(...soapWrappersThrough(argument, wrapper, call, evaluate, checker));
        const value = evaluate(argument);
        if (value.parts.some((part) => part.kind === 'text')) calls.push({ wrapper, file: call.getSourceFile().fileName, argument, call, value, sinks: sinksOfCall(wrapper.sinks, call, evaluate, checker) });
      }
    }
    level = next;
  }
  return calls;
}
