import { clientValueAt, type ClientQuery, type ClientValue, type FileIndex } from '@sunset/analysis';
import { ts } from 'ts-morph';

/** How many steps (declarations, returns, getters) one client is followed through before giving up. */
const maxSteps = 16;

/** Sees through `(x)`, `x as T`, `x satisfies T`, `x!` and `<T>x`. */
function skipOuterExpressions(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** The expressions a function body returns, nested functions left out (`() => expr` returns `expr`). */
function returnedExpressions(fn: ts.SignatureDeclaration): ts.Expression[] {
  if (!('body' in fn) || fn.body === undefined) return [];
  const body = fn.body as ts.ConciseBody;
  if (!ts.isBlock(body)) return [body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) {
      if (node.expression !== undefined) found.push(node.expression);
      return;
    }
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** The function a declaration names: `function f`, a method, or a constant/property holding an arrow or function expression. */
function functionOf(declaration: ts.Declaration): ts.SignatureDeclaration | undefined {
  if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return declaration;
  const value = ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration) ? declaration.initializer : undefined;
  const inner = value === undefined ? undefined : skipOuterExpressions(value);
  return inner !== undefined && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) ? inner : undefined;
}

/** Where a function declaration starts after its `export` and `default` (at `async` or `function`), as the analysis' tree has it. */
function functionStart(declaration: ts.FunctionDeclaration): number {
  const exported = (modifier: ts.Node): boolean => modifier.kind === ts.SyntaxKind.ExportKeyword || modifier.kind === ts.SyntaxKind.DefaultKeyword;
  const first = declaration.modifiers?.find((modifier) => !exported(modifier)) ?? declaration.getChildren().find((child) => child.kind === ts.SyntaxKind.FunctionKeyword);
  return first?.getStart() ?? declaration.getStart();
}

/** `this.name = value` in the class's constructor and methods: the values a field without an initializer is given. */
function thisAssignments(classNode: ts.ClassLikeDeclaration, name: string): ts.Expression[] {
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
      node.left.name.text === name
    ) {
      found.push(node.right);
    }
    if (ts.isClassLike(node) && node !== classNode) return;
    ts.forEachChild(node, visit);
  };
  visit(classNode);
  return found;
}

/** Where a client another file uses is made: the expression the analysis read it at, and what it is called there. */
export interface ClientOrigin {
  readonly file: string;
  readonly range: readonly [number, number];
  /** `adform`, `default`, `AdformSdk.http`, or `createClient()` for what a factory returns. */
  readonly name: string;
  /** Made by a call of a factory function (`createClient()`), not held under a name. */
  readonly factory: boolean;
}

/** A client the hook found: its value for the analysis, and where it is made. */
export interface ResolvedClient {
  readonly value: ClientValue;
  readonly origin: ClientOrigin;
}

/** The one client of a list (every return of a getter or factory), or undefined when there is none or they differ. */
function onlyClient(clients: readonly (ResolvedClient | undefined)[]): ResolvedClient | undefined {
  if (clients.length === 0 || clients.some((client) => client === undefined)) return undefined;
  const first = JSON.stringify(clients[0]!.value);
  return clients.every((client) => JSON.stringify(client!.value) === first) ? clients[0] : undefined;
}

/** The class a member is declared in, by name (`AdformSdk`), when it has one. */
const classNameOf = (member: ts.Node): string | undefined => (ts.isClassLike(member.parent) && member.parent.name !== undefined ? member.parent.name.text : undefined);

/** What a declaration holding a client is called outside it: `adform`, `default`, `API.adform`, `AdformSdk.http`. */
function holderName(declaration: ts.Node): string {
  if (ts.isExportAssignment(declaration)) return 'default';
  if ((ts.isPropertyDeclaration(declaration) || ts.isGetAccessorDeclaration(declaration)) && ts.isIdentifier(declaration.name)) {
    const owner = classNameOf(declaration);
    return owner === undefined ? declaration.name.text : `${owner}.${declaration.name.text}`;
  }
  if (ts.isPropertyAssignment(declaration) && (ts.isIdentifier(declaration.name) || ts.isStringLiteral(declaration.name))) {
    const owner = ts.isObjectLiteralExpression(declaration.parent) && ts.isVariableDeclaration(declaration.parent.parent) && ts.isIdentifier(declaration.parent.parent.name) ? declaration.parent.parent.name.text : undefined;
    return owner === undefined ? declaration.name.text : `${owner}.${declaration.name.text}`;
  }
  if (
    (ts.isVariableDeclaration(declaration) || ts.isParameter(declaration) || ts.isClassDeclaration(declaration) || ts.isClassExpression(declaration) || ts.isFunctionDeclaration(declaration)) &&
    declaration.name !== undefined &&
    ts.isIdentifier(declaration.name)
  ) {
    return declaration.name.text;
  }
  // JavaScript: `module.exports = value` is the default export; `exports.api = value`, `this.http = value` name the member.
  if (ts.isBinaryExpression(declaration) && ts.isPropertyAccessExpression(declaration.left)) {
    const { expression, name } = declaration.left;
    if (ts.isIdentifier(expression) && expression.text === 'module' && name.text === 'exports') return 'default';
    const owner = expression.kind === ts.SyntaxKind.ThisKeyword ? ts.findAncestor(declaration, ts.isClassLike)?.name?.text : undefined;
    return owner === undefined ? name.text : `${owner}.${name.text}`;
  }
  return 'default';
}

/**
 * Project mode's `resolveClient`: the client an identifier stands for, found with the type checker
 * wherever it is made. The checker follows the name (imports, re-exports and barrels, `paths`
 * aliases, default and namespace imports, CommonJS through allowJs) to its declaration: a constant or
 * an object's property, a class field (its initializer, or the one value the class assigns it), a
 * getter's return value, `export default`, a class (a wrapper client), or, for a call, what the
 * function returns (a factory: `createClient()`). Where the client is made, the analysis reads it in
 * its own file (`clientValueAt`): the base with its fallbacks and parameter defaults, or a wrapper's
 * hosts; an identifier there that comes from yet another file comes back through this hook, and the
 * client is then made where that one is (`origin`). `onBase` hears where each base found is written:
 * it is part of the requests that read it.
 */
export function createClientResolver(
  checker: ts.TypeChecker,
  indexOf: (file: string) => FileIndex | undefined,
  onBase?: (file: string, ranges: readonly (readonly [number, number])[]) => void,
): (identifier: ts.Node, what?: ClientQuery) => ResolvedClient | undefined {
  const results = new Map<string, ResolvedClient | undefined>();
  const inProgress = new Set<string>();
  // The clients found through this hook while the analysis reads another one (innermost last).
  const reading: ResolvedClient[][] = [];

  /** Where the client is made: the analysis of that file reads it (an expression, or a class's name). */
  const clientAtNode = (node: ts.Node, name: string, factory = false, start = node.getStart()): ResolvedClient | undefined => {
    const file = node.getSourceFile().fileName;
    const key = `${file}:${start}:${node.getEnd()}`;
    if (results.has(key)) return results.get(key);
    // A client that reaches itself again (`get http() { return this.http }`), or a chain too long: unknown.
    if (inProgress.has(key) || inProgress.size >= maxSteps) return undefined;
    inProgress.add(key);
    reading.push([]);
    try {
      const index = indexOf(file);
      const found = index === undefined ? undefined : clientValueAt(index, [start, node.getEnd()]);
      if (found !== undefined && found.baseRanges.length > 0) onBase?.(file, found.baseRanges);
      // `export const client = adform`: the same client as the one it names, made where that one is.
      const same = found === undefined ? undefined : reading.at(-1)!.find((client) => JSON.stringify(client.value) === JSON.stringify(found.value));
      const origin: ClientOrigin = same?.origin ?? { file, range: [start, node.getEnd()], name, factory };
      const result = found === undefined ? undefined : { value: found.value, origin };
      results.set(key, result);
      return result;
    } finally {
      reading.pop();
      inProgress.delete(key);
    }
  };

  /**
   * The client an expression holds, read where it is written; a name there (`return this._http` of a
   * getter, `export default adform`) is followed to where that client is made, for its origin.
   */
  const clientOfExpression = (expression: ts.Expression, name: string, factory = false): ResolvedClient | undefined => {
    const node = skipOuterExpressions(expression);
    const found = clientAtNode(node, name, factory);
    const named = ts.isIdentifier(node) || (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword);
    const symbol = found === undefined || factory || !named ? undefined : checker.getSymbolAtLocation(node);
    const held = symbol === undefined ? undefined : clientOfSymbol(symbol);
    return held !== undefined && JSON.stringify(held.value) === JSON.stringify(found!.value) ? { value: found!.value, origin: held.origin } : found;
  };

  const clientOfDeclaration = (declaration: ts.Declaration): ResolvedClient | undefined => {
    const name = holderName(declaration);
    if (ts.isVariableDeclaration(declaration)) {
      const isConst = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
      return isConst && declaration.initializer !== undefined ? clientOfExpression(declaration.initializer, name) : undefined;
    }
    if (ts.isExportAssignment(declaration)) return clientOfExpression(declaration.expression, name);
    if (ts.isClassDeclaration(declaration) || ts.isClassExpression(declaration)) return declaration.name === undefined ? undefined : clientAtNode(declaration.name, name);
    // `export async function baseQueryWithReauth(…)`: an RTK Query base query, read as the function it is.
    if (ts.isFunctionDeclaration(declaration)) return declaration.body === undefined ? undefined : clientAtNode(declaration, name, false, functionStart(declaration));
    if (ts.isGetAccessorDeclaration(declaration)) return onlyClient(returnedExpressions(declaration).map((returned) => clientOfExpression(returned, name)));
    if (ts.isPropertyAssignment(declaration) || ts.isParameter(declaration)) return declaration.initializer === undefined ? undefined : clientOfExpression(declaration.initializer, name);
    if (ts.isShorthandPropertyAssignment(declaration)) {
      const symbol = checker.getShorthandAssignmentValueSymbol(declaration);
      return symbol === undefined ? undefined : clientOfSymbol(symbol);
    }
    if (ts.isPropertyDeclaration(declaration)) {
      if (declaration.initializer !== undefined) return clientOfExpression(declaration.initializer, name);
      const field = declaration.name;
      return ts.isIdentifier(field) ? onlyClient(thisAssignments(declaration.parent, field.text).map((value) => clientOfExpression(value, name))) : undefined;
    }
    // A module's own symbol (a JSON module, `export =` of a file) is declared by its source file, which has no parent.
    if (ts.isSourceFile(declaration)) return undefined;
    // JavaScript: `this.http = value`, `exports.api = value`, `module.exports = value` declare what they assign.
    const assignment = ts.isBinaryExpression(declaration) ? declaration : ts.isBinaryExpression(declaration.parent) ? declaration.parent : undefined;
    if (assignment !== undefined && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) return clientOfExpression(assignment.right, holderName(assignment));
    return undefined;
  };

  const clientOfSymbol = (found: ts.Symbol): ResolvedClient | undefined => {
    const symbol = found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
    const declarations = symbol.declarations ?? [];
    // A JavaScript field assigned in several places, or a name declared twice: its value is not one.
    if (declarations.length !== 1) {
      const classes = declarations.filter((declaration) => ts.isClassDeclaration(declaration) || ts.isClassExpression(declaration));
      return classes.length === 1 ? clientOfDeclaration(classes[0]!) : undefined;
    }
    return clientOfDeclaration(declarations[0]!);
  };

  /** What a call of a project function returns: the one client all its `return`s give. */
  const clientOfCall = (call: ts.CallExpression): ResolvedClient | undefined => {
    const callee = skipOuterExpressions(call.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    const found = checker.getSymbolAtLocation(name);
    const symbol = found !== undefined && found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
    const declarations = symbol?.declarations ?? [];
    const fn = declarations.length === 1 ? functionOf(declarations[0]!) : undefined;
    const called = `${symbol?.name ?? name.getText()}()`;
    return fn === undefined ? undefined : onlyClient(returnedExpressions(fn).map((returned) => clientOfExpression(returned, called, true)));
  };

  const resolve = (identifier: ts.Node, what: ClientQuery): ResolvedClient | undefined => {
    if (!ts.isIdentifier(identifier)) return undefined;
    if (what === 'returned') {
      const member = identifier.parent;
      let callee: ts.Expression = ts.isPropertyAccessExpression(member) && member.name === identifier ? member : identifier;
      while (ts.isParenthesizedExpression(callee.parent) || ts.isNonNullExpression(callee.parent)) callee = callee.parent;
      return ts.isCallExpression(callee.parent) && callee.parent.expression === callee ? clientOfCall(callee.parent) : undefined;
    }
    const symbol = checker.getSymbolAtLocation(identifier);
    return symbol === undefined ? undefined : clientOfSymbol(symbol);
  };

  return (identifier, what = 'value') => {
    const found = resolve(identifier, what);
    if (found !== undefined) reading.at(-1)?.push(found);
    return found;
  };
}
