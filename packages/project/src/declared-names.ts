import { ts } from 'ts-morph';

// Read once: each `ts.X` of the bundled compiler is a getter, and the walk below meets millions of nodes.
const { SyntaxKind, forEachChild } = ts;

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
  /** The names the program's calls are made by (`f(…)`, `x.f(…)`): a wrapper no call names is never called. */
  readonly called: ReadonlySet<string>;
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

/**
 * The names under which the program's files may hold a client (`ClientNames`), read from their trees
 * in one walk each (types are not entered: a signature holds no client): the type checker finds a
 * name's symbol only among declarations of that name, so a name none of them may hold a client under
 * resolves to no client, and is not asked (`this.cache` of `new Map()`, `rows.filter`, `res.json()`:
 * 2.7 s of checker time at 10k, for nothing). A superset: every alias (import, export, destructured
 * `require`) and every class counts, whatever it names.
 */
export function clientNamesOf(sourceFiles: readonly ts.SourceFile[]): ClientNames {
  const holders = new Set<string>(['default', 'export=']);
  const factories = new Set<string>(['default', 'export=']);
  const called = new Set<string>();
  let anyName = false;
  for (const sourceFile of sourceFiles) {
    // Every name the file binds: a `new C()` there may make a wrapper class's client when C is one of them.
    const bound = new Set<string>();
    const held: { name: string | typeof computed; value: ts.Expression | undefined }[] = [];
    const hold = (name: string | typeof computed | undefined, value: ts.Expression | undefined): void => {
      if (name !== undefined) held.push({ name, value });
    };
    const bind = (name: ts.Node | undefined): void => {
      if (name !== undefined && ts.isIdentifier(name)) bound.add(name.text);
    };
    const visit = (node: ts.Node): void => {
      if (node.kind >= SyntaxKind.FirstTypeNode && node.kind <= SyntaxKind.LastTypeNode) return;
      switch (node.kind) {
        case SyntaxKind.InterfaceDeclaration:
        case SyntaxKind.TypeAliasDeclaration:
          return;
        case SyntaxKind.VariableDeclaration: {
          const { name, initializer } = node as ts.VariableDeclaration;
          bind(name);
          if (ts.isIdentifier(name) && initializer !== undefined) hold(name.text, initializer);
          break;
        }
        case SyntaxKind.Parameter:
        case SyntaxKind.PropertyAssignment:
        case SyntaxKind.PropertyDeclaration: {
          const { name, initializer } = node as ts.ParameterDeclaration | ts.PropertyAssignment | ts.PropertyDeclaration;
          if (ts.isParameter(node)) bind(name);
          // A field without an initializer holds what the class assigns it (`this.http = …`).
          if (initializer !== undefined || ts.isPropertyDeclaration(node)) hold(nameText(name), initializer);
          break;
        }
        case SyntaxKind.CallExpression: {
          const callee = (node as ts.CallExpression).expression;
          if (ts.isIdentifier(callee)) called.add(callee.text);
          else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) called.add(callee.name.text);
          break;
        }
        case SyntaxKind.BinaryExpression: {
          const { left, operatorToken, right } = node as ts.BinaryExpression;
          // JavaScript declares what it assigns: `this.http = …`, `exports.api = …`, `exports['api'] = …`.
          if (operatorToken.kind !== SyntaxKind.EqualsToken) break;
          if (ts.isPropertyAccessExpression(left)) hold(left.name.text, right);
          else if (ts.isElementAccessExpression(left)) hold(keyText(left.argumentExpression), right);
          break;
        }
        case SyntaxKind.FunctionDeclaration:
        case SyntaxKind.ClassDeclaration:
        case SyntaxKind.ClassExpression:
        case SyntaxKind.ImportClause:
        case SyntaxKind.ImportSpecifier:
        case SyntaxKind.NamespaceImport:
        case SyntaxKind.ImportEqualsDeclaration:
        case SyntaxKind.BindingElement:
          bind((node as ts.NamedDeclaration).name);
          hold(nameText((node as ts.NamedDeclaration).name), undefined);
          break;
        case SyntaxKind.GetAccessor:
        case SyntaxKind.MethodDeclaration:
        case SyntaxKind.ShorthandPropertyAssignment:
        case SyntaxKind.ExportSpecifier:
        case SyntaxKind.NamespaceExport:
          hold(nameText((node as ts.NamedDeclaration).name), undefined);
          break;
      }
      forEachChild(node, visit);
    };
    visit(sourceFile);
    for (const { name, value } of held) {
      const holds = value === undefined || mayBeClient(value, bound);
      const returns = value === undefined || isFunctionValue(value);
      if (name === computed) anyName ||= holds || returns;
      else {
        if (holds) holders.add(name);
        if (returns) factories.add(name);
      }
    }
  }
  return { holders, factories, anyName, called };
}
