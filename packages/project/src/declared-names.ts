import { ts } from 'ts-morph';

/**
 * The names under which a file of the program may hold an HTTP client, as `createClientResolver`
 * follows them: `holders` for a name read as a value or a member (`adform`, `api.adform`, `sdk.http`),
 * `factories` for a name called for what it returns (`createClient()`).
 */
export interface ClientNames {
  readonly holders: ReadonlySet<string>;
  readonly factories: ReadonlySet<string>;
  /** A client is held under a computed name (`[key]: axios.create(…)`): any name may hold one. */
  readonly anyName: boolean;
}

/** Whether `names` may hold a client under `name`, asked as the resolver asks (`returned`: what a call of it returns). */
export const mayHoldClient = (names: ClientNames, name: string, what: 'value' | 'member' | 'returned'): boolean =>
  names.anyName || (what === 'returned' ? names.factories : names.holders).has(name);

/** Sees through `(x)`, `x as T`, `x satisfies T`, `x!` and `<T>x`, as the resolver does. */
function skipOuter(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

/**
 * Whether the analysis may read a client where `expression` is written: a name, a member, a call (a
 * factory, `axios.create(…)`), or `new C()` of a class the file names. A literal, an object or array,
 * a function, `await`, `a ?? b`, `new Map()` of a global is none (`clientValueAt` reads no client there).
 */
function mayBeClient(expression: ts.Expression, bound: ReadonlySet<string>): boolean {
  const value = skipOuter(expression);
  if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value) || ts.isCallExpression(value) || ts.isClassExpression(value)) return true;
  return ts.isNewExpression(value) && ts.isIdentifier(value.expression) && bound.has(value.expression.text);
}

const isFunctionValue = (expression: ts.Expression | undefined): boolean => {
  const value = expression === undefined ? undefined : skipOuter(expression);
  return value !== undefined && (ts.isArrowFunction(value) || ts.isFunctionExpression(value));
};

/** The text of a declaration's name (an identifier, a string or a number); `computed` for `[key]`, which may be any name. */
function nameText(name: ts.Node | undefined): string | typeof computed | undefined {
  if (name !== undefined && ts.isComputedPropertyName(name)) return keyText(name.expression);
  return name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name)) ? name.text : undefined;
}

const computed = Symbol('a computed name');

/** The name a computed key (`[key]`, `exports[key]`) gives: a string or number written there, else `computed`. */
const keyText = (key: ts.Expression): string | typeof computed => (ts.isStringLiteralLike(key) || ts.isNumericLiteral(key) ? key.text : computed);

/** Every name a file binds (its declarations and imports, at any depth): a `new C()` there may make a wrapper class's client. */
function boundNames(sourceFile: ts.SourceFile): Set<string> {
  const bound = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isClassLike(node) || ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name)
    ) {
      bound.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return bound;
}

/**
 * The names under which the program's files may hold a client (`ClientNames`), read from their trees:
 * the type checker finds a name's symbol only among declarations of that name, so a name none of them
 * may hold a client under resolves to no client, and is not asked (`this.cache` of `new Map()`,
 * `rows.filter`, `res.json()`: 2.7 s of checker time at 10k, for nothing). A superset: every alias
 * (import, export, destructured `require`) and every class counts, whatever it names.
 */
export function clientNamesOf(sourceFiles: readonly ts.SourceFile[]): ClientNames {
  const holders = new Set<string>(['default', 'export=']);
  const factories = new Set<string>(['default', 'export=']);
  let anyName = false;
  for (const sourceFile of sourceFiles) {
    const bound = boundNames(sourceFile);
    const hold = (name: string | typeof computed | undefined, value: ts.Expression | undefined): void => {
      if (name === undefined) return;
      if (name === computed) {
        anyName ||= value === undefined || mayBeClient(value, bound) || isFunctionValue(value);
        return;
      }
      if (value === undefined || mayBeClient(value, bound)) holders.add(name);
      if (value === undefined || isFunctionValue(value)) factories.add(name);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        if (node.initializer !== undefined) hold(node.name.text, node.initializer);
      } else if (ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) {
        // A field without an initializer holds what the class assigns it (`this.http = …`).
        if (node.initializer !== undefined || ts.isPropertyDeclaration(node)) hold(nameText(node.name), node.initializer);
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))) {
        // JavaScript declares what it assigns: `this.http = …`, `exports.api = …`, `exports['api'] = …`.
        hold(ts.isPropertyAccessExpression(node.left) ? node.left.name.text : keyText(node.left.argumentExpression), node.right);
      } else if (ts.isGetAccessorDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isClassLike(node)) {
        hold(nameText(node.name), undefined);
      } else if (ts.isShorthandPropertyAssignment(node) || ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node) || ts.isExportSpecifier(node) || ts.isBindingElement(node) || ts.isNamespaceExport(node)) {
        hold(nameText(node.name), undefined);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { holders, factories, anyName };
}
