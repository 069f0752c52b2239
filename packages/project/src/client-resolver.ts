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

/** The one value of a list, or undefined when there is none or they differ. */
function onlyValue(values: readonly (ClientValue | undefined)[]): ClientValue | undefined {
  if (values.length === 0 || values.some((value) => value === undefined)) return undefined;
  const first = JSON.stringify(values[0]);
  return values.every((value) => JSON.stringify(value) === first) ? values[0] : undefined;
}

/**
 * Project mode's `resolveClient`: the client an identifier stands for, found with the type checker
 * wherever it is made. The checker follows the name (imports, re-exports and barrels, `paths`
 * aliases, default and namespace imports, CommonJS through allowJs) to its declaration: a constant or
 * an object's property, a class field (its initializer, or the one value the class assigns it), a
 * getter's return value, `export default`, a class (a wrapper client), or, for a call, what the
 * function returns (a factory: `createClient()`). Where the client is made, the analysis reads it in
 * its own file (`clientValueAt`): the base with its fallbacks and parameter defaults, or a wrapper's
 * hosts; an identifier there that comes from yet another file comes back through this hook.
 * `onBase` hears where each base found is written: it is part of the requests that read it.
 */
export function createClientResolver(
  checker: ts.TypeChecker,
  indexOf: (file: string) => FileIndex | undefined,
  onBase?: (file: string, ranges: readonly (readonly [number, number])[]) => void,
): (identifier: ts.Node, what?: ClientQuery) => ClientValue | undefined {
  const results = new Map<string, ClientValue | undefined>();
  const inProgress = new Set<string>();

  /** Where the client is made: the analysis of that file reads it (an expression, or a class's name). */
  const clientAtNode = (node: ts.Node): ClientValue | undefined => {
    const file = node.getSourceFile().fileName;
    const key = `${file}:${node.getStart()}:${node.getEnd()}`;
    if (results.has(key)) return results.get(key);
    // A client that reaches itself again (`get http() { return this.http }`), or a chain too long: unknown.
    if (inProgress.has(key) || inProgress.size >= maxSteps) return undefined;
    inProgress.add(key);
    try {
      const index = indexOf(file);
      const found = index === undefined ? undefined : clientValueAt(index, [node.getStart(), node.getEnd()]);
      if (found !== undefined && found.baseRanges.length > 0) onBase?.(file, found.baseRanges);
      results.set(key, found?.value);
      return found?.value;
    } finally {
      inProgress.delete(key);
    }
  };

  const clientOfExpression = (expression: ts.Expression): ClientValue | undefined => clientAtNode(skipOuterExpressions(expression));

  const clientOfDeclaration = (declaration: ts.Declaration): ClientValue | undefined => {
    if (ts.isVariableDeclaration(declaration)) {
      const isConst = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
      return isConst && declaration.initializer !== undefined ? clientOfExpression(declaration.initializer) : undefined;
    }
    if (ts.isExportAssignment(declaration)) return clientOfExpression(declaration.expression);
    if (ts.isClassDeclaration(declaration) || ts.isClassExpression(declaration)) return declaration.name === undefined ? undefined : clientAtNode(declaration.name);
    if (ts.isGetAccessorDeclaration(declaration)) return onlyValue(returnedExpressions(declaration).map(clientOfExpression));
    if (ts.isPropertyAssignment(declaration) || ts.isParameter(declaration)) return declaration.initializer === undefined ? undefined : clientOfExpression(declaration.initializer);
    if (ts.isShorthandPropertyAssignment(declaration)) {
      const symbol = checker.getShorthandAssignmentValueSymbol(declaration);
      return symbol === undefined ? undefined : clientOfSymbol(symbol);
    }
    if (ts.isPropertyDeclaration(declaration)) {
      if (declaration.initializer !== undefined) return clientOfExpression(declaration.initializer);
      const name = declaration.name;
      return ts.isIdentifier(name) ? onlyValue(thisAssignments(declaration.parent, name.text).map(clientOfExpression)) : undefined;
    }
    // JavaScript: `this.http = value`, `exports.api = value`, `module.exports = value` declare what they assign.
    const assignment = ts.isBinaryExpression(declaration) ? declaration : ts.isBinaryExpression(declaration.parent) ? declaration.parent : undefined;
    if (assignment !== undefined && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) return clientOfExpression(assignment.right);
    return undefined;
  };

  const clientOfSymbol = (found: ts.Symbol): ClientValue | undefined => {
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
  const clientOfCall = (call: ts.CallExpression): ClientValue | undefined => {
    const callee = skipOuterExpressions(call.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    const found = checker.getSymbolAtLocation(name);
    const symbol = found !== undefined && found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found;
    const declarations = symbol?.declarations ?? [];
    const fn = declarations.length === 1 ? functionOf(declarations[0]!) : undefined;
    return fn === undefined ? undefined : onlyValue(returnedExpressions(fn).map(clientOfExpression));
  };

  return (identifier, what = 'value') => {
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
}
