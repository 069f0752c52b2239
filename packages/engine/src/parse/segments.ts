import jsTokens, { type JSXToken, type Token } from 'js-tokens';
import type { SourceComment } from '../analysis-contract.js';
import type { Piece } from './parse-source.js';

/*
 * A very large file (a 20 MB generated client, a bundle) is analysed in pieces: oxc's tree of a whole
 * 20 MB file is about 500 MB of JavaScript objects, built from a JSON text of twice that (Node 20 has no
 * raw transfer), so no whole-file tree fits in a few hundred MB. The file is cut between top-level
 * statements, and an item too large for one piece between the statements, members or arguments inside
 * its largest bracket; a piece is parsed as its own text, with the text around it that it needs to
 * parse (`header` and `trailer`) and the top-level imports, and its tree's offsets are moved back to
 * the file's, so every line and column is the file's own. A cut is found with js-tokens (a tokenizer,
 * no tree): strings, templates, comments and regular expressions never hide a bracket.
 */

/** Files at least this many characters long are analysed in pieces. */
export const segmentedFromLength = 2 * 1024 * 1024;
/** About how many characters of the file a piece holds (its tree: some 40 MB). */
export const defaultPieceLength = 512 * 1024;
/** An item is cut inside its bracket only when what the pieces keep around it stays below this. */
const maxKeptAround = 64 * 1024;

type Range = readonly [number, number];

/** One piece: the ranges of the file it keeps (sorted, disjoint); everything else is blank. */
export interface Segment {
  readonly keep: readonly Range[];
  /** The whole item this piece was cut from (with the same surroundings): analysed instead when a piece of it does not parse. */
  readonly whole?: Segment;
}

export interface Segmentation {
  readonly segments: readonly Segment[];
  /** Comments that may be ESLint directives (they name `eslint`), for the whole file: a directive applies beyond its piece. */
  readonly directiveComments: readonly SourceComment[];
}

/** How the items of a bracket are separated: statements (`;`, or a line break before a declaration), members and arguments (`,`), or not at all. */
type Container = 'statements' | 'members' | 'single' | 'none';

interface Item {
  readonly start: number;
  readonly end: number;
  /** The item's largest bracket at its own level: what a cut inside it would split. */
  readonly bracket: { readonly open: number; readonly close: number; readonly container: Container } | undefined;
  readonly isImport: boolean;
}

/** Keywords that start a statement and cannot continue an expression: after a line break, a new statement (ASI); so does a decorator's `@`. */
const statementStarts = new Set([
  'export', 'import', 'function', 'class', 'const', 'let', 'var', 'async', 'if', 'for', 'do', 'try', 'switch', 'throw', 'return',
  'type', 'interface', 'enum', 'declare', 'namespace', 'abstract',
]);
/** Keywords after which an expression or statement must follow: a line break after them ends nothing. */
const leadingKeywords = new Set([
  'else', 'return', 'typeof', 'void', 'delete', 'await', 'yield', 'in', 'of', 'instanceof', 'case', 'do', 'new', 'export', 'default',
  'async', 'const', 'let', 'var', 'import', 'from', 'extends', 'implements', 'class', 'function', 'throw', 'type', 'interface', 'enum',
  'declare', 'namespace', 'abstract', 'as', 'satisfies', 'keyof', 'readonly', 'static', 'get', 'set', 'with', 'while', 'if', 'for', 'switch',
]);
/** Keywords whose `( … )` heads a statement that goes on after it (`if (a)\n return b`). */
const headKeywords = new Set(['if', 'for', 'while', 'with']);
/** Keywords that continue the statement before a `;` (`if (a) b(); else c();`). */
const statementContinuations = new Set(['else', 'while', 'catch', 'finally']);
/** Keywords before a `(` that opens no argument list. */
const nonCallKeywords = new Set(['if', 'while', 'for', 'switch', 'catch', 'with', 'return', 'typeof', 'void', 'delete', 'await', 'yield', 'in', 'of', 'instanceof', 'case', 'do', 'else', 'function', 'throw', 'new']);
/** Keywords before a `{` that opens a block. */
const blockKeywords = new Set(['else', 'try', 'finally', 'do']);
/** Keywords before a `{` that opens an object literal. */
const expressionKeywords = new Set(['return', 'default', 'yield', 'await', 'typeof', 'void', 'in', 'of', 'case', 'throw', 'delete', 'instanceof']);

interface Previous {
  readonly type: string;
  readonly value: string;
}

const isIdentifier = (token: Previous): boolean => token.type === 'IdentifierName' || token.type === 'PrivateIdentifier';
const endsOperand = (token: Previous): boolean =>
  (isIdentifier(token) && !nonCallKeywords.has(token.value) && !expressionKeywords.has(token.value)) ||
  token.value === ')' ||
  token.value === ']' ||
  token.type === 'TemplateTail' ||
  token.type === 'NoSubstitutionTemplate' ||
  token.type === 'StringLiteral' ||
  token.type === 'NumericLiteral';

/** Whether a line break after `previous` may end a statement (ASI), given whether a `)` there closed a statement head. */
function endsStatement(previous: Previous, closesHead: boolean): boolean {
  if (previous.value === ')') return !closesHead;
  if (previous.value === '}' || previous.value === ']' || previous.value === '++' || previous.value === '--') return true;
  if (isIdentifier(previous)) return !leadingKeywords.has(previous.value);
  return ['StringLiteral', 'NumericLiteral', 'NoSubstitutionTemplate', 'TemplateTail', 'RegularExpressionLiteral'].includes(previous.type);
}

/** What a bracket opened after `previous` holds (`undefined` when it opens the item). */
function containerOf(bracket: string, previous: Previous | undefined, list: Container): Container {
  if (bracket === '(') return previous !== undefined && endsOperand(previous) ? 'members' : 'single';
  if (bracket === '[') return previous !== undefined && endsOperand(previous) ? 'none' : 'members';
  if (bracket !== '{') return 'none';
  if (previous === undefined) return list === 'statements' ? 'statements' : 'members';
  if (previous.value === ')' || previous.value === '=>' || (isIdentifier(previous) && blockKeywords.has(previous.value))) return 'statements';
  if (isIdentifier(previous)) return expressionKeywords.has(previous.value) ? 'members' : 'none';
  return previous.type === 'Punctuator' && previous.value !== '}' && previous.value !== ']' ? 'members' : 'none';
}

/**
 * The items between `start` and `end` (the inside of a bracket, or the whole file), contiguous, as
 * `container` separates them. `onComment` sees every comment (the whole-file pass collects directives).
 */
function itemsOf(text: string, start: number, end: number, container: Container, jsx: boolean, onComment?: (value: string, at: number) => void): Item[] {
  const items: Item[] = [];
  let itemStart = start;
  let depth = 0;
  let offset = start;
  let previous: Previous | undefined;
  let firstTwo: string[] = [];
  let open: { open: number; container: Container } | undefined;
  let largest: Item['bracket'];
  let afterSemicolon: number | undefined;
  let lineBreak = false;
  /** The token before the `(` open at this level, and whether the last `)` closed a statement head (`if (…)`). */
  let beforeParen: Previous | undefined;
  let closesHead = false;
  /** A decorator was met and the class it decorates not yet: no cut. */
  let decorating = false;
  const cut = (at: number): void => {
    if (at <= itemStart) return;
    items.push({ start: itemStart, end: at, bracket: largest, isImport: firstTwo[0] === 'import' && firstTwo[1] !== '(' && firstTwo[1] !== '.' });
    itemStart = at;
    largest = undefined;
    previous = undefined;
    firstTwo = [];
  };
  // With `jsx`, JSX tokens come too (the overload types only the plain ones for a boolean option).
  for (const token of jsTokens(text.slice(start, end), { jsx }) as Iterable<Token | JSXToken>) {
    const at = offset;
    offset += token.value.length;
    switch (token.type) {
      case 'WhiteSpace':
        continue;
      case 'LineTerminatorSequence':
        lineBreak = true;
        continue;
      case 'SingleLineComment':
      case 'MultiLineComment':
      case 'HashbangComment':
        onComment?.(token.value, at);
        if (token.type === 'MultiLineComment' && /[\r\n\u2028\u2029]/.test(token.value)) lineBreak = true;
        continue;
    }
    if (depth === 0 && container === 'statements') {
      if (afterSemicolon !== undefined) {
        if (!(token.type === 'IdentifierName' && statementContinuations.has(token.value))) cut(afterSemicolon);
        afterSemicolon = undefined;
      } else if (lineBreak && previous !== undefined && (token.value === '@' || (token.type === 'IdentifierName' && statementStarts.has(token.value))) && endsStatement(previous, closesHead)) {
        // A statement without its `;` ends at the line break; decorators stay with the class they decorate.
        if (!decorating) cut(at);
      }
    }
    lineBreak = false;
    if (depth === 0 && token.value === '@') decorating = true;
    else if (depth === 0 && token.type === 'IdentifierName' && token.value === 'class') decorating = false;
    if (firstTwo.length < 2) firstTwo.push(token.value);
    const value = token.value;
    const punctuation = token.type === 'Punctuator' || token.type === 'JSXPunctuator';
    if ((punctuation && (value === '{' || value === '(' || value === '[')) || token.type === 'TemplateHead') {
      if (depth === 0 && value === '(') beforeParen = previous;
      if (depth === 0) open = { open: at + value.length - 1, container: token.type === 'TemplateHead' || token.type === 'JSXPunctuator' ? 'none' : containerOf(value, previous, container) };
      depth += 1;
    } else if ((punctuation && (value === '}' || value === ')' || value === ']')) || token.type === 'TemplateTail') {
      depth -= 1;
      // More closing than opening brackets: this is not a list sunset can cut; leave it whole.
      if (depth < 0) return [{ start, end, bracket: undefined, isImport: false }];
      if (depth === 0 && value === ')') closesHead = beforeParen !== undefined && isIdentifier(beforeParen) && headKeywords.has(beforeParen.value);
      if (depth === 0 && open !== undefined) {
        if (largest === undefined || at - open.open > largest.close - largest.open) largest = { open: open.open, close: at, container: open.container };
        open = undefined;
      }
    } else if (depth === 0 && punctuation && value === ';' && container === 'statements') {
      afterSemicolon = offset;
    } else if (depth === 0 && punctuation && value === ',' && container === 'members') {
      previous = token;
      cut(offset);
      continue;
    }
    previous = token;
  }
  cut(end);
  return items;
}

/** Sorted, with touching and overlapping ranges joined. */
export function joinRanges(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

const lengthOf = (ranges: readonly Range[]): number => ranges.reduce((sum, [start, end]) => sum + end - start, 0);

/**
 * The pieces a large file is analysed in (see above), and its directive comments. `jsx`: the file may
 * hold JSX (`.js`, `.jsx`, `.tsx`), which the tokenizer must know to read `<` right. `pieceLength`:
 * smaller in tests, so small texts are cut too.
 */
export function segmentsOf(text: string, jsx: boolean, pieceLength = defaultPieceLength): Segmentation {
  const directiveComments: SourceComment[] = [];
  const top = itemsOf(text, 0, text.length, 'statements', jsx, (value, at) => {
    if (!value.includes('eslint')) return;
    const block = value.startsWith('/*');
    directiveComments.push({ type: block ? 'Block' : 'Line', value: block ? value.slice(2, -2) : value.slice(2), range: [at, at + value.length] });
  });
  // Every piece keeps the file's imports (which client a name is), unless there are too many to repeat.
  const allImports = top.filter((item) => item.isImport).map((item): Range => [item.start, item.end]);
  const imports = lengthOf(allImports) < maxKeptAround ? allImports : [];
  const segments: Segment[] = [];
  const around = (inner: Range, headers: readonly Range[], trailers: readonly Range[]): Range[] => joinRanges([...imports, ...headers, inner, ...trailers]);

  const cutList = (items: readonly Item[], headers: readonly Range[], trailers: readonly Range[], whole: Segment | undefined): void => {
    let current: [number, number] | undefined;
    const flush = (): void => {
      if (current !== undefined) segments.push({ keep: around(current, headers, trailers), ...(whole === undefined ? {} : { whole }) });
      current = undefined;
    };
    for (const item of items) {
      const length = item.end - item.start;
      const bracket = item.bracket;
      const header: Range | undefined = bracket === undefined ? undefined : [item.start, bracket.open + 1];
      const trailer: Range | undefined = bracket === undefined ? undefined : [bracket.close, item.end];
      if (length > pieceLength && bracket !== undefined && bracket.container !== 'none' && lengthOf([...headers, ...trailers, header!, trailer!]) < maxKeptAround) {
        flush();
        const itemWhole: Segment = { keep: around([item.start, item.end], headers, trailers), ...(whole === undefined ? {} : { whole }) };
        cutList(itemsOf(text, bracket.open + 1, bracket.close, bracket.container, jsx), [...headers, header!], [trailer!, ...trailers], itemWhole);
        continue;
      }
      current = current === undefined ? [item.start, item.end] : [current[0], item.end];
      if (current[1] - current[0] >= pieceLength) flush();
    }
    flush();
  };
  cutList(top, [], [], undefined);
  return { segments, directiveComments };
}

/**
 * The text of one piece: what it keeps, each range after a line break (never two ranges' tokens run
 * together, and a statement without its `;` still ends), and the map from its offsets to the file's.
 * Only the piece's own text goes to the parser, so its memory is the piece's, not the file's.
 */
export function pieceOf(text: string, segment: Segment): Piece {
  let joinedText = '';
  const starts: number[] = [];
  for (const [start, end] of segment.keep) {
    if (joinedText !== '') joinedText += '\n';
    starts.push(joinedText.length);
    joinedText += text.slice(start, end);
  }
  const keep = segment.keep;
  return {
    text: joinedText,
    toFile: (offset) => {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= offset) low = middle;
        else high = middle - 1;
      }
      const [start, end] = keep[low]!;
      return Math.min(start + offset - starts[low]!, end);
    },
  };
}
