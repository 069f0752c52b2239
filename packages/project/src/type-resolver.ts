import { isOriginOnly } from '@sunset/analysis';
import type { UrlPart } from '@sunset/rule-data';
import { ts, type SourceFile as MorphSourceFile } from 'ts-morph';

/** How deep a chain of constants (`A = `${B}/x``, `B = C + '/y'`, …) is followed. */
const maxResolutionDepth = 8;

/** Where a string value is written: the literal a codemod would edit. */
export interface ValueDeclaration {
  readonly file: string;
  /** The exported name, with the member path (`API.campaigns`, `LegacyEndpoint.Campaigns`). */
  readonly name: string;
  /** The string literal's or template's range, quotes or backticks included. */
  readonly range: readonly [number, number];
  /** Its text is exactly its value (no escapes in a literal piece): it can be edited in place. */
  readonly editable: boolean;
}

/** A value the type checker found for an expression: its URL parts and, for a single literal, its declaration. */
export interface ResolvedValue {
  readonly parts: readonly UrlPart[];
  readonly declarations: readonly ValueDeclaration[];
}

function appendPart(parts: UrlPart[], part: UrlPart): void {
  const last = parts.at(-1);
  if (part.kind === 'text' && part.value === '') return;
  if (part.kind === 'text' && last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', value: last.value + part.value };
  else parts.push(part);
}

/** `(x)`, `x as T`, `x satisfies T`, `x!`: the value of the expression inside. */
function isWrapper(expression: ts.Expression): expression is ts.ParenthesizedExpression | ts.AsExpression | ts.SatisfiesExpression | ts.NonNullExpression {
  return ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) || ts.isNonNullExpression(expression);
}

const hole: ResolvedValue = { parts: [{ kind: 'hole' }], declarations: [] };

/** `process.env` of the global `process` (one no source file of the program declares). */
function isEnvObject(expression: ts.Expression, checker: ts.TypeChecker): boolean {
  while (isWrapper(expression)) expression = expression.expression;
  if (!ts.isPropertyAccessExpression(expression) || expression.name.text !== 'env' || !ts.isIdentifier(expression.expression) || expression.expression.text !== 'process') return false;
  const declarations = checker.getSymbolAtLocation(expression.expression)?.declarations ?? [];
  return declarations.every((declaration) => declaration.getSourceFile().isDeclarationFile);
}

/** The variable `process.env.X` / `process.env['X']` reads. */
function envVariableOf(expression: ts.Expression, checker: ts.TypeChecker): string | undefined {
  while (isWrapper(expression)) expression = expression.expression;
  if (ts.isPropertyAccessExpression(expression)) return isEnvObject(expression.expression, checker) ? expression.name.text : undefined;
  if (ts.isElementAccessExpression(expression) && ts.isStringLiteralLike(expression.argumentExpression)) return isEnvObject(expression.expression, checker) ? expression.argumentExpression.text : undefined;
  return undefined;
}

const isNothing = (expression: ts.Expression, loose: boolean): boolean =>
  (ts.isIdentifier(expression) && expression.text === 'undefined') || (loose && expression.kind === ts.SyntaxKind.NullKeyword);

/**
 * `E ? E : F`, `!E ? F : E`, `E !== undefined ? E : F` (`!= null`, `=== undefined ? F : E`) over one
 * `process.env` variable E: the analysis' `envConditionalParts`, read as `E || F`.
 */
function envConditionalParts(node: ts.ConditionalExpression, checker: ts.TypeChecker): { read: ts.Expression; fallback: ts.Expression } | undefined {
  let test = node.condition;
  while (isWrapper(test)) test = test.expression;
  const same = (a: ts.Expression, b: ts.Expression): boolean => {
    const name = envVariableOf(a, checker);
    return name !== undefined && envVariableOf(b, checker) === name;
  };
  if (ts.isBinaryExpression(test)) {
    const kind = test.operatorToken.kind;
    const present = kind === ts.SyntaxKind.ExclamationEqualsEqualsToken || kind === ts.SyntaxKind.ExclamationEqualsToken;
    const loose = kind === ts.SyntaxKind.EqualsEqualsToken || kind === ts.SyntaxKind.ExclamationEqualsToken;
    if (!present && !loose && kind !== ts.SyntaxKind.EqualsEqualsEqualsToken) return undefined;
    const compared = isNothing(test.right, loose) ? test.left : isNothing(test.left, loose) ? test.right : undefined;
    if (compared === undefined) return undefined;
    const [read, fallback] = present ? [node.whenTrue, node.whenFalse] : [node.whenFalse, node.whenTrue];
    return same(compared, read) ? { read, fallback } : undefined;
  }
  if (ts.isPrefixUnaryExpression(test) && test.operator === ts.SyntaxKind.ExclamationToken) {
    return same(test.operand, node.whenFalse) ? { read: node.whenFalse, fallback: node.whenTrue } : undefined;
  }
  return same(test, node.whenTrue) ? { read: node.whenTrue, fallback: node.whenFalse } : undefined;
}

/** `const { X = '…' } = process.env`: the default of a name a `const` takes from the environment. */
function envDestructuringDefault(declaration: ts.Node, checker: ts.TypeChecker): ts.Expression | undefined {
  if (!ts.isBindingElement(declaration) || declaration.initializer === undefined || declaration.dotDotDotToken !== undefined) return undefined;
  const pattern = declaration.parent;
  const variable = pattern.parent;
  if (!ts.isObjectBindingPattern(pattern) || !ts.isVariableDeclaration(variable) || variable.initializer === undefined) return undefined;
  if (!(ts.getCombinedNodeFlags(variable) & ts.NodeFlags.Const)) return undefined;
  return isEnvObject(variable.initializer, checker) ? declaration.initializer : undefined;
}

/** `exports.X = …` or `module.exports.X = …` in JavaScript: the `exports.X` the assignment declares an export by. */
export function isCommonJsExportTarget(node: ts.Node): node is ts.PropertyAccessExpression & { readonly parent: ts.BinaryExpression } {
  if (!ts.isPropertyAccessExpression(node) || !ts.isBinaryExpression(node.parent) || node.parent.left !== node || node.parent.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  const target = node.expression;
  if (ts.isIdentifier(target)) return target.text === 'exports';
  return ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression) && target.expression.text === 'module' && target.name.text === 'exports';
}

/** The name a declaration is known by outside its file: `NAME`, `Enum.Member`, `OBJECT.key`. */
/** A declaration that gives a name its value and ends the name's path: a variable, an enum, a destructured binding. */
const isNameDeclaration = (node: ts.Node): node is ts.VariableDeclaration | ts.EnumDeclaration | ts.BindingElement =>
  ts.isVariableDeclaration(node) || ts.isEnumDeclaration(node) || ts.isBindingElement(node);

function declaredName(node: ts.Node): string {
  if (isCommonJsExportTarget(node)) return node.name.text;
  const names: string[] = [];
  for (let current: ts.Node | undefined = node; current !== undefined && !ts.isSourceFile(current); current = current.parent) {
    if (isNameDeclaration(current) && ts.isIdentifier(current.name)) names.unshift(current.name.text);
    else if ((ts.isPropertyAssignment(current) || ts.isEnumMember(current)) && (ts.isIdentifier(current.name) || ts.isStringLiteral(current.name))) names.unshift(current.name.text);
    if (isNameDeclaration(current)) break;
  }
  if (names.length === 0 && (ts.isExportAssignment(node) || ts.isExportAssignment(node.parent))) return 'default';
  return names.join('.');
}

/**
 * Evaluates expressions to URL parts with the type checker, across files: string literal types
 * (constants, `as const` members, string enum members), template literals and `+` over them,
 * and the initializers of `const` declarations they name (through imports, re-exports, path
 * aliases, default and namespace imports: the checker follows the aliases). A `let` or `var` is
 * a hole: its value may change.
 */
export function createValueEvaluator(checker: ts.TypeChecker): (expression: ts.Expression) => ResolvedValue {
  const constantInitializer = (reference: ts.Node): { initializer: ts.Expression; declaration: ts.Node } | undefined => {
    let symbol = checker.getSymbolAtLocation(reference);
    if (symbol === undefined) return undefined;
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (declaration === undefined) return undefined;
    if ((ts.isPropertyAssignment(declaration) || ts.isEnumMember(declaration)) && declaration.initializer !== undefined) {
      return { initializer: declaration.initializer, declaration };
    }
    if (ts.isExportAssignment(declaration)) return { initializer: declaration.expression, declaration };
    const envDefault = envDestructuringDefault(declaration, checker);
    if (envDefault !== undefined) return { initializer: envDefault, declaration };
    // `exports.X = '…'` assigned once: its value, as a `const`'s.
    if (isCommonJsExportTarget(declaration)) return symbol.declarations?.length === 1 ? { initializer: declaration.parent.right, declaration } : undefined;
    if (!ts.isVariableDeclaration(declaration) || declaration.initializer === undefined) return undefined;
    return ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const ? { initializer: declaration.initializer, declaration } : undefined;
  };

  /** The object literal an expression stands for: written there, or a `const`'s (through members of such objects), at most `depth` steps away. */
  const objectLiteralOf = (expression: ts.Expression, depth: number): ts.ObjectLiteralExpression | undefined => {
    if (depth >= maxResolutionDepth) return undefined;
    if (isWrapper(expression)) {
      return objectLiteralOf(expression.expression, depth + 1);
    }
    if (ts.isObjectLiteralExpression(expression)) return expression;
    if (ts.isIdentifier(expression)) {
      const found = constantInitializer(expression);
      return found === undefined ? undefined : objectLiteralOf(found.initializer, depth + 1);
    }
    if (ts.isPropertyAccessExpression(expression)) {
      const member = memberOf(expression, depth + 1);
      return member === undefined ? undefined : objectLiteralOf(member.initializer, depth + 1);
    }
    return undefined;
  };

  /**
   * `environment.apiUrl` read from the object literal of the `const` it names when the checker's symbol
   * is not that literal's property: the constant has a declared type (`environment: IEnvironment`), whose
   * property has no value. Undefined for a computed or spread-hidden member.
   */
  const memberOf = (expression: ts.PropertyAccessExpression | ts.ElementAccessExpression, depth: number): { initializer: ts.Expression; declaration: ts.Node } | undefined => {
    const name = ts.isPropertyAccessExpression(expression) ? expression.name.text : ts.isStringLiteralLike(expression.argumentExpression) ? expression.argumentExpression.text : undefined;
    const object = name === undefined ? undefined : objectLiteralOf(expression.expression, depth);
    if (object === undefined) return undefined;
    // The last property of that name counts, as at run time; a spread after it may replace it.
    for (let index = object.properties.length - 1; index >= 0; index--) {
      const property = object.properties[index]!;
      if (ts.isSpreadAssignment(property)) return undefined;
      const key = property.name === undefined ? undefined : ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
      if (key !== name) continue;
      if (ts.isPropertyAssignment(property)) return { initializer: property.initializer, declaration: property };
      if (ts.isShorthandPropertyAssignment(property)) return { initializer: property.name, declaration: property };
      return undefined;
    }
    return undefined;
  };

  const literalDeclaration = (literal: ts.StringLiteralLike, declaration: ts.Node): ValueDeclaration => {
    const raw = literal.getText().slice(1, -1);
    return { file: literal.getSourceFile().fileName, name: declaredName(declaration), range: [literal.getStart(), literal.getEnd()], editable: raw === literal.text };
  };

  /** A template as a declaration: editable when none of its literal pieces holds an escape (the fix edits its source text). */
  const templateDeclaration = (template: ts.TemplateExpression, declaration: ts.Node): ValueDeclaration => {
    const pieces = [template.head, ...template.templateSpans.map((span) => span.literal)];
    const editable = pieces.every((piece) => piece.rawText === undefined || piece.rawText === piece.text);
    return { file: template.getSourceFile().fileName, name: declaredName(declaration), range: [template.getStart(), template.getEnd()], editable };
  };

  const evaluate = (expression: ts.Expression, depth: number, declaration: ts.Node | undefined): ResolvedValue => {
    if (depth >= maxResolutionDepth) return hole;
    if (isWrapper(expression)) {
      return evaluate(expression.expression, depth + 1, declaration);
    }
    if (ts.isStringLiteralLike(expression)) {
      return { parts: [{ kind: 'text', value: expression.text }], declarations: declaration === undefined ? [] : [literalDeclaration(expression, declaration)] };
    }
    if (ts.isTemplateExpression(expression)) {
      const parts: UrlPart[] = [{ kind: 'text', value: expression.head.text }];
      // A constant's template (`${API_BASE}/v1/campaigns`) is a declaration of its own: its literal text may hold the path.
      const declarations: ValueDeclaration[] = declaration === undefined ? [] : [templateDeclaration(expression, declaration)];
      for (const span of expression.templateSpans) {
        const inner = evaluate(span.expression, depth + 1, undefined);
        inner.parts.forEach((part) => appendPart(parts, part));
        declarations.push(...inner.declarations);
        appendPart(parts, { kind: 'text', value: span.literal.text });
      }
      return { parts, declarations };
    }
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = evaluate(expression.left, depth + 1, undefined);
      const right = evaluate(expression.right, depth + 1, undefined);
      const parts: UrlPart[] = [];
      [...left.parts, ...right.parts].forEach((part) => appendPart(parts, part));
      return { parts, declarations: [...left.declarations, ...right.declarations] };
    }
    // `process.env.X ?? '…'`, `|| '…'` and the conditionals read as them: the left when it is known, else
    // the fallback, declared where it is written (as the analysis reads it in one file).
    const fallback =
      ts.isBinaryExpression(expression) && (expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || expression.operatorToken.kind === ts.SyntaxKind.BarBarToken)
        ? { read: expression.left, fallback: expression.right }
        : ts.isConditionalExpression(expression)
          ? envConditionalParts(expression, checker)
          : undefined;
    if (fallback !== undefined) {
      const left = evaluate(fallback.read, depth + 1, declaration);
      if (left.parts.some((part) => part.kind === 'text')) return left;
      // An origin (`process.env.API_BASE ?? 'https://api.adform.com'`) is read for its host only, and named by no finding, as before it was read.
      const value = evaluate(fallback.fallback, depth + 1, declaration);
      return isOriginOnly(value.parts) ? { parts: value.parts, declarations: [] } : value;
    }
    if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
      const found = constantInitializer(ts.isElementAccessExpression(expression) ? expression.argumentExpression : expression) ?? (ts.isIdentifier(expression) ? undefined : memberOf(expression, depth + 1));
      if (found !== undefined) return evaluate(found.initializer, depth + 1, found.declaration);
      const type = checker.getTypeAtLocation(expression);
      return type.isStringLiteral() ? { parts: [{ kind: 'text', value: type.value }], declarations: [] } : hole;
    }
    return hole;
  };

  return (expression) => evaluate(expression, 0, undefined);
}

/**
 * The TypeScript node a TS-ESTree node stands for: the same start and width (both trees use the same
 * offsets). It descends as ts-morph's `getDescendantAtStartWithWidth` does (the child holding the start
 * at each level, the deepest match before the first miss) over the compiler's nodes, without making a
 * ts-morph node for each level: that was 1.9 s of a 50k `--project` run.
 */
export function morphNodeAt(sourceFile: MorphSourceFile, range: readonly [number, number]): ts.Node | undefined {
  const compiled = sourceFile.compilerNode;
  const [start, end] = range;
  let found: ts.Node | undefined;
  for (let node: ts.Node | undefined = childAt(compiled, start, compiled); node !== undefined; node = childAt(node, start, compiled)) {
    if (node.getStart(compiled) === start && node.end === end) found = node;
    else if (found !== undefined) break;
  }
  return found;
}

/** The child (tokens and syntax lists included) whose full range, trivia first, holds `position`. */
function childAt(node: ts.Node, position: number, sourceFile: ts.SourceFile): ts.Node | undefined {
  if (position < node.pos || position >= node.end) return undefined;
  return node.getChildren(sourceFile).find((child) => position >= child.pos && position < child.end);
}
