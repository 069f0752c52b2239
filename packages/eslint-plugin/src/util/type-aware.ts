import { createRequire } from 'node:module';
import type { ParserServices, TSESTree } from '@typescript-eslint/utils';
import type { UrlPart } from '@sunset/rule-data';
import type * as ts from 'typescript';

/** How deep a chain of constants (`A = `${B}/x``, `B = C + '/y'`, ...) is followed. */
const MAX_RESOLUTION_DEPTH = 8;

export type IdentifierResolver = (node: TSESTree.Node) => UrlPart[] | undefined;

function appendPart(parts: UrlPart[], part: UrlPart): void {
  const last = parts.at(-1);
  if (part.kind === 'text' && last?.kind === 'text') {
    parts[parts.length - 1] = { kind: 'text', value: last.value + part.value };
    return;
  }
  parts.push(part);
}

/**
 * The hook type-aware mode passes to the analysis: resolves an identifier or member expression
 * (typically a constant, or a property of a constant object, imported from another file) to the
 * URL parts of its string-literal type or initializer.
 * Returns undefined when the parser gives no TypeScript program (the rules stay syntax-only).
 * TypeScript is loaded only here, from the project that already runs @typescript-eslint/parser.
 */
export function createTypeAwareResolver(services: Partial<ParserServices> | undefined): IdentifierResolver | undefined {
  const program = services?.program;
  const nodeMap = services?.esTreeNodeToTSNodeMap;
  if (!program || !nodeMap) return undefined;
  const typescript = createRequire(import.meta.url)('typescript') as typeof ts;
  const checker = program.getTypeChecker();

  /** The initializer of a `const` (or of a property of an object literal) that `reference` names. */
  function constantInitializer(reference: ts.Node): ts.Expression | undefined {
    const symbol = checker.getSymbolAtLocation(reference);
    if (symbol === undefined) return undefined;
    const target = symbol.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.valueDeclaration;
    if (declaration !== undefined && typescript.isPropertyAssignment(declaration)) return declaration.initializer;
    if (declaration === undefined || !typescript.isVariableDeclaration(declaration)) return undefined;
    const isConst = (typescript.getCombinedNodeFlags(declaration) & typescript.NodeFlags.Const) !== 0;
    return isConst ? declaration.initializer : undefined;
  }

  function partsOf(expression: ts.Expression, depth: number): UrlPart[] {
    const literalType = checker.getTypeAtLocation(expression);
    if (literalType.isStringLiteral()) return [{ kind: 'text', value: literalType.value }];
    if (depth >= MAX_RESOLUTION_DEPTH) return [{ kind: 'hole' }];
    if (typescript.isParenthesizedExpression(expression) || typescript.isAsExpression(expression)) {
      return partsOf(expression.expression, depth + 1);
    }
    if (typescript.isTemplateExpression(expression)) {
      const parts: UrlPart[] = [{ kind: 'text', value: expression.head.text }];
      for (const span of expression.templateSpans) {
        partsOf(span.expression, depth + 1).forEach((part) => appendPart(parts, part));
        appendPart(parts, { kind: 'text', value: span.literal.text });
      }
      return parts;
    }
    if (typescript.isBinaryExpression(expression) && expression.operatorToken.kind === typescript.SyntaxKind.PlusToken) {
      const parts: UrlPart[] = [];
      [...partsOf(expression.left, depth + 1), ...partsOf(expression.right, depth + 1)].forEach((part) => appendPart(parts, part));
      return parts;
    }
    if (typescript.isIdentifier(expression) || typescript.isPropertyAccessExpression(expression)) {
      const initializer = constantInitializer(expression);
      return initializer === undefined ? [{ kind: 'hole' }] : partsOf(initializer, depth + 1);
    }
    return [{ kind: 'hole' }];
  }

  return (node) => {
    if (node.type !== 'Identifier' && node.type !== 'MemberExpression') return undefined;
    const tsNode = nodeMap.get(node);
    if (tsNode === undefined || !(typescript.isIdentifier(tsNode) || typescript.isPropertyAccessExpression(tsNode))) return undefined;
    const parts = partsOf(tsNode, 0);
    return parts.some((part) => part.kind === 'text' && part.value.length > 0) ? parts : undefined;
  };
}
