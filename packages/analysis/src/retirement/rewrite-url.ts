import { renderPath, type UrlMatch } from '@sunset/rule-data';
import { endOf, rangeOf, startOf, type Node } from '../ast/nodes.js';
import type { TextEdit } from '../types.js';
import { segmentPositionOf, type HoleSegment, type PartsView, type Quote, type Segment, type TextSegment } from '../url/segments.js';

/** One character of the URL (with its segment) or one hole. */
type Atom = { readonly kind: 'char'; readonly char: string; readonly segment: number; readonly offset: number } | { readonly kind: 'hole'; readonly segment: number };

export type EditResult = { readonly edits: TextEdit[]; readonly container: Node } | { readonly cause: string };

const sameAtom = (a: Atom | undefined, b: Atom | undefined): boolean => {
  if (!a || !b) return false;
  if (a.kind === 'char') return b.kind === 'char' && a.char === b.char;
  return b.kind === 'hole' && a.segment === b.segment;
};

const isSlash = (atom: Atom | undefined): boolean => atom?.kind === 'char' && atom.char === '/';

function atomsOf(segments: readonly Segment[]): Atom[] {
  const atoms: Atom[] = [];
  segments.forEach((segment, index) => {
    if (segment.kind === 'hole') atoms.push({ kind: 'hole', segment: index });
    else for (let offset = 0; offset < segment.value.length; offset++) atoms.push({ kind: 'char', char: segment.value[offset]!, segment: index, offset });
  });
  return atoms;
}

/** The atom index of a segment position (`segments.length` = after the last atom). */
function atomIndexOf(atoms: readonly Atom[], segment: number, offset: number): number {
  const index = atoms.findIndex((atom) => atom.segment > segment || (atom.segment === segment && (atom.kind === 'hole' || atom.offset >= offset)));
  return index < 0 ? atoms.length : index;
}

/** Unchanged whole path segments at the start and the end are left alone, so the edit touches only what changes. */
function trimCommon(old: readonly Atom[], next: readonly Atom[]): { prefix: number; suffix: number } {
  let prefix = 0;
  let lastBoundary = 0;
  while (prefix < old.length && prefix < next.length && sameAtom(old[prefix], next[prefix])) {
    prefix++;
    if (isSlash(old[prefix - 1])) lastBoundary = prefix;
  }
  if (prefix !== old.length || prefix !== next.length) prefix = lastBoundary;
  let suffix = 0;
  let suffixBoundary = 0;
  while (
    suffix < old.length - prefix &&
    suffix < next.length - prefix &&
    sameAtom(old[old.length - 1 - suffix], next[next.length - 1 - suffix])
  ) {
    suffix++;
    if (isSlash(old[old.length - 1 - suffix]) && isSlash(next[next.length - 1 - suffix])) suffixBoundary = suffix;
  }
  return { prefix, suffix: suffixBoundary };
}

/** Where an edit boundary sits: inside a literal's quotes, or just before/after an operand of `+`. */
type BoundaryContext = { readonly kind: 'string'; readonly quote: Quote } | { readonly kind: 'before-operand' } | { readonly kind: 'after-operand' };

interface Boundary {
  readonly offset: number;
  readonly container: Node;
  readonly context: BoundaryContext;
  /** The string or template literal a `string` boundary is in. */
  readonly literal?: Node | undefined;
}

/** An operand not wrapped in parentheses (ESTree keeps no trace of them, so look at the source). */
function isBareOperand(node: Node, sourceText: string): boolean {
  const [start, end] = rangeOf(node);
  return !(/\(\s*$/.test(sourceText.slice(Math.max(0, start - 20), start)) && /^\s*\)/.test(sourceText.slice(end, end + 20)));
}

/**
 * Source places for the gap before atom `gap`, best first: inside the text after it or before it,
 * inside an empty template chunk between, or at the edge of a `+` operand.
 */
function boundaryOptions(atoms: readonly Atom[], gap: number, segments: readonly Segment[], sourceText: string): Boundary[] {
  const options: Boundary[] = [];
  const inText = (segment: Segment | undefined, offset: number): void => {
    if (segment?.kind !== 'text' || segment.sourceStart === undefined || !segment.container || !segment.quote || offset > segment.mappedLength) return;
    options.push({ offset: segment.sourceStart + offset, container: segment.container, context: { kind: 'string', quote: segment.quote }, literal: segment.literal });
  };
  const next = atoms[gap];
  const previous = atoms[gap - 1];
  if (next?.kind === 'char') inText(segments[next.segment], next.offset);
  if (previous?.kind === 'char') inText(segments[previous.segment], previous.offset + 1);
  const from = previous ? previous.segment + 1 : 0;
  const to = next ? next.segment : segments.length;
  for (let index = from; index < to; index++) {
    const segment = segments[index];
    if (segment?.kind === 'text' && segment.value === '') inText(segment, 0);
  }
  const atOperand = (atom: Atom | undefined, kind: 'before-operand' | 'after-operand'): void => {
    const segment = atom?.kind === 'hole' ? segments[atom.segment] : undefined;
    if (segment?.kind !== 'hole' || segment.inTemplate || !segment.node || !segment.container || !isBareOperand(segment.node, sourceText)) return;
    const [start, end] = rangeOf(segment.node);
    options.push({ offset: kind === 'before-operand' ? start : end, container: segment.container, context: { kind } });
  };
  atOperand(previous, 'after-operand');
  atOperand(next, 'before-operand');
  return options;
}

const escapeFor = (text: string, quote: Quote): string => {
  const escaped = text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  if (quote === '`') return escaped.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return escaped.split(quote).join(`\\${quote}`);
};

/** Operands that need no parentheses after `+`. */
const isSimpleOperand = (node: Node): boolean => {
  switch (node.type) {
    case 'Identifier':
    case 'MemberExpression':
    case 'CallExpression':
    case 'ThisExpression':
    case 'Literal':
    case 'TemplateLiteral':
      return true;
    default:
      return false;
  }
};

/**
 * Writes the new middle of the URL in the syntax around it: text inside the literal's quotes, holes
 * as `${x}` in a template or `' + x + '` in a concatenation, so no empty `''` or `${}` is left.
 */
function renderMiddle(middle: readonly Atom[], segments: readonly Segment[], sourceText: string, left: BoundaryContext, right: BoundaryContext): string {
  const plainQuote: Quote = right.kind === 'string' ? right.quote : left.kind === 'string' ? left.quote : "'";
  // `code`: after an operand (a `+` is needed before more); `fresh`: nothing written yet at an operand's place.
  let context: Quote | 'code' | 'fresh' = left.kind === 'string' ? left.quote : left.kind === 'after-operand' ? 'code' : 'fresh';
  let out = '';
  let index = 0;
  while (index < middle.length) {
    const atom = middle[index]!;
    if (atom.kind === 'char') {
      let text = '';
      while (middle[index]?.kind === 'char') text += (middle[index++] as { char: string }).char;
      if (context === 'code' || context === 'fresh') {
        out += `${context === 'code' ? ' + ' : ''}${plainQuote}`;
        context = plainQuote;
      }
      out += escapeFor(text, context);
      continue;
    }
    index++;
    const segment = segments[atom.segment];
    const node = segment?.kind === 'hole' ? segment.node : undefined;
    if (!node) continue;
    const source = sourceText.slice(startOf(node), endOf(node));
    if (context === '`') {
      out += `\${${source}}`;
      continue;
    }
    const operand = isSimpleOperand(node) ? source : `(${source})`;
    out += context === 'code' ? ` + ${operand}` : context === 'fresh' ? operand : `${context} + ${operand}`;
    context = 'code';
  }
  const isQuote = context !== 'code' && context !== 'fresh';
  switch (right.kind) {
    case 'string':
      if (context === right.quote) return out;
      if (isQuote) return `${out}${context} + ${right.quote}`;
      return `${out}${context === 'code' ? ' + ' : ''}${right.quote}`;
    case 'after-operand':
      return isQuote ? `${out}${context}` : out;
    case 'before-operand':
      if (isQuote) return `${out}${context} + `;
      return context === 'code' ? `${out} + ` : out;
  }
}

/** The client instance's base as the code writes it, unknown parts as `${…}`. */
function baseTextOf(segments: readonly Segment[]): string {
  return segments
    .filter((segment) => segment.fromBase)
    .map((segment) => (segment.kind === 'text' ? segment.value : '${…}'))
    .join('');
}

/**
 * The text edits that replace the retired path matched in `segments` with `template`: the base,
 * holes, query string and quote style stay; a dropped parameter disappears with its `+`/`${}`.
 */
export function rewritePathEdits(
  segments: readonly Segment[],
  view: PartsView,
  match: UrlMatch,
  template: string,
  sourceText: string,
): EditResult {
  const rendered = renderPath(template, match.params);
  if (!rendered) return { cause: 'a path parameter of the replacement is not in the old URL' };
  const atoms = atomsOf(segments);
  const start = segmentPositionOf(view, segments.length, match.pathStart.part, match.pathStart.offset);
  const end = segmentPositionOf(view, segments.length, match.pathEnd.part, match.pathEnd.offset);
  const from = atomIndexOf(atoms, start.segment, start.offset);
  const to = atomIndexOf(atoms, end.segment, end.offset);
  const old = atoms.slice(from, to);
  // `v1/campaigns` (relative, no leading slash) becomes `v1/buyer/campaigns`, not `/v1/...`.
  const relative = old[0]?.kind === 'char' && old[0].char !== '/';
  const first = rendered[0];
  if (relative && first?.kind === 'text') rendered[0] = { kind: 'text', value: first.value.replace(/^\//, '') };
  const next: Atom[] = rendered.flatMap((binding): Atom[] => {
    if (binding.kind === 'text') return [...binding.value].map((char) => ({ kind: 'char', char, segment: -1, offset: 0 }));
    const source = view.sources[binding.part]?.[0];
    return source ? [{ kind: 'hole', segment: source.segment }] : [];
  });
  const { prefix, suffix } = trimCommon(old, next);
  const startGap = from + prefix;
  const endGap = to - suffix;
  const middle = next.slice(prefix, next.length - suffix);
  // `'/v1/things/' + (id || 'none') + '/details'`: the URL holds 'none' only when id is empty; an edit over
  // that text (rewriting it, or moving it as the new path's {id}) would drop `id ||`. A fallback the edit leaves alone stays.
  const fromFallback = (atom: Atom): boolean => atom.kind === 'char' && (segments[atom.segment] as TextSegment | undefined)?.fallback !== undefined;
  if (atoms.slice(startGap, endGap).some(fromFallback)) {
    return { cause: "the retired path holds a value's fallback (`a || '…'`, `a ?? '…'`), which the code uses only when the value is empty" };
  }
  // `util.format('%s/v1/campaigns/%s/orders/%s', BASE, c, o)`: dropping `c`'s `%s` would give `o` to it.
  const keptSegments = new Set(middle.flatMap((atom) => (atom.kind === 'hole' ? [atom.segment] : [])));
  const dropsArgument = atoms.slice(startGap, endGap).some((atom) => atom.kind === 'hole' && !keptSegments.has(atom.segment) && (segments[atom.segment] as HoleSegment | undefined)?.formatArgument === true);
  if (dropsArgument) return { cause: 'the old path holds a format argument the new one does not, and the arguments after it would move to other specifiers' };
  const aroundKept = editsAroundKeptHoles(atoms, startGap, endGap, middle, segments, sourceText);
  if (aroundKept) return aroundKept;
  const pairs = boundaryPairs(atoms, startGap, endGap, segments, sourceText);
  const pair = pairs[0];
  if (!pair) {
    const touchesBase = atoms.slice(Math.max(0, startGap - 1), endGap + 1).some((atom) => segments[atom.segment]?.fromBase === true);
    if (touchesBase) return { cause: `the new path does not start with the instance's base (${baseTextOf(segments)}), which other calls share` };
    return { cause: 'the retired path cannot be edited where it is written (it is assembled in several places or contains escapes)' };
  }
  const [left, right] = pair;
  const { container } = left;
  const movedHoles = middle.filter((atom) => atom.kind === 'hole').map((atom) => segments[atom.segment]!);
  const holeOutside = movedHoles.some((segment) => {
    if (segment.kind !== 'hole' || !segment.node || segment.container !== container) return true;
    const [holeStart, holeEnd] = rangeOf(segment.node);
    return holeStart < left.offset || holeEnd > right.offset;
  });
  if (holeOutside) return { cause: 'a path parameter of the replacement is written outside the edited text' };
  const render = (from: BoundaryContext, to: BoundaryContext): string => renderMiddle(middle, segments, sourceText, from, to);
  const firstHole = middle.findIndex((atom) => atom.kind === 'hole');
  const textAfterHole = firstHole >= 0 && middle.slice(firstHole).some((atom) => atom.kind === 'char');
  return { edits: [withoutEmptyLiterals(left, right, render, textAfterHole, sourceText)], container };
}

/** The places an edit of the atoms between two gaps may start and end, in one container, best first. */
function boundaryPairs(atoms: readonly Atom[], startGap: number, endGap: number, segments: readonly Segment[], sourceText: string): (readonly [Boundary, Boundary])[] {
  return boundaryOptions(atoms, startGap, segments, sourceText).flatMap((left) =>
    boundaryOptions(atoms, endGap, segments, sourceText)
      .filter((right) => right.container === left.container && right.offset >= left.offset)
      .map((right) => [left, right] as const),
  );
}

/**
 * A replacement that keeps values of the old URL (`id` of `BASE + '/v1/things/' + id + '/details'` →
 * `/v2/things/{id}`) is edited around them, one edit for the text between two kept values, so what is
 * written beside them (line breaks, comments, parentheses) stays. Undefined where the new path keeps
 * no value, reorders them, or a piece cannot be edited on its own: then one edit spans the path.
 */
function editsAroundKeptHoles(
  atoms: readonly Atom[],
  startGap: number,
  endGap: number,
  middle: readonly Atom[],
  segments: readonly Segment[],
  sourceText: string,
): { edits: TextEdit[]; container: Node } | undefined {
  // [index in atoms, index in middle] of each value the new path keeps, in order.
  const kept: [number, number][] = [];
  for (const [index, atom] of middle.entries()) {
    if (atom.kind !== 'hole') continue;
    const from = kept.length === 0 ? startGap : kept[kept.length - 1]![0] + 1;
    const at = atoms.findIndex((old, oldIndex) => oldIndex >= from && oldIndex < endGap && old.kind === 'hole' && old.segment === atom.segment);
    if (at < 0) return undefined;
    kept.push([at, index]);
  }
  if (kept.length === 0) return undefined;
  // A literal may go only where the expression keeps text beside the values: `id + '/details'` alone stays a string.
  const keepsTextIn = (container: Node | undefined): boolean =>
    middle.some((atom) => atom.kind === 'char') || atoms.some((atom, index) => (index < startGap || index >= endGap) && atom.kind === 'char' && segments[atom.segment]?.container === container);
  const edits: TextEdit[] = [];
  let container: Node | undefined;
  for (let piece = 0; piece <= kept.length; piece++) {
    const oldFrom = piece === 0 ? startGap : kept[piece - 1]![0] + 1;
    const oldTo = piece === kept.length ? endGap : kept[piece]![0];
    const newFrom = piece === 0 ? 0 : kept[piece - 1]![1] + 1;
    const newTo = piece === kept.length ? middle.length : kept[piece]![1];
    const text = middle.slice(newFrom, newTo);
    const old = atoms.slice(oldFrom, oldTo);
    if (old.length === text.length && old.every((atom, index) => sameAtom(atom, text[index]))) continue;
    const pairs = boundaryPairs(atoms, oldFrom, oldTo, segments, sourceText);
    const dropped = text.length === 0 && keepsTextIn(pairs[0]?.[0].container) ? droppedLiteralEdit(pairs, sourceText) : undefined;
    const edit = dropped ?? textEditOf(pairs[0], text, segments, sourceText);
    if (!edit || (container !== undefined && edit.container !== container)) return undefined;
    container = edit.container;
    edits.push(edit.edit);
  }
  return container === undefined ? undefined : { edits, container };
}

/** The edit writing `text` (no values) between a pair of boundaries. */
function textEditOf(pair: readonly [Boundary, Boundary] | undefined, text: readonly Atom[], segments: readonly Segment[], sourceText: string): { edit: TextEdit; container: Node } | undefined {
  if (!pair) return undefined;
  const [left, right] = pair;
  return { edit: { range: [left.offset, right.offset], text: renderMiddle(text, segments, sourceText, left.context, right.context) }, container: left.container };
}

/**
 * A literal whose whole text goes, beside a kept value, goes with its `+` (and its parentheses):
 * `id + '/details'` is `id`, `'widgets/' + id` is `id`. Undefined unless the literal is a plain
 * operand on that side of the value.
 */
function droppedLiteralEdit(pairs: readonly (readonly [Boundary, Boundary])[], sourceText: string): { edit: TextEdit; container: Node } | undefined {
  for (const [left, right] of pairs) {
    // The whole literal: with the `+` before it (a tail), or after it (a head), what is beside the value stays.
    const whole = left.context.kind === 'string' && right.literal === left.literal ? plainLiteral(left.literal) : undefined;
    if (whole && left.offset === startOf(whole) + 1 && right.offset === endOf(whole) - 1) {
      const [start, end] = groupedOperandRange(whole, sourceText);
      const plusBefore = /\s*\+\s*$/.exec(sourceText.slice(Math.max(0, start - 40), start));
      if (plusBefore) return { edit: { range: [start - plusBefore[0].length, end], text: '' }, container: left.container };
      const plusAfter = /^\s*\+\s*/.exec(sourceText.slice(end, end + 40));
      if (plusAfter) return { edit: { range: [start, end + plusAfter[0].length], text: '' }, container: left.container };
    }
    if (left.context.kind === 'after-operand' && right.context.kind === 'string') {
      const literal = plainLiteral(right.literal);
      const [start, end] = literal ? groupedOperandRange(literal, sourceText) : [0, 0];
      if (literal && right.offset === endOf(literal) - 1 && left.offset <= start) return { edit: { range: [left.offset, end], text: '' }, container: left.container };
    }
    if (left.context.kind === 'string' && right.context.kind === 'before-operand') {
      const literal = plainLiteral(left.literal);
      const [start, end] = literal ? groupedOperandRange(literal, sourceText) : [0, 0];
      if (literal && left.offset === startOf(literal) + 1 && right.offset >= end) return { edit: { range: [start, right.offset], text: '' }, container: left.container };
    }
  }
  return undefined;
}

/** A literal with no expression inside (`'…'`, `` `…` ``). */
function plainLiteral(node: Node | undefined): Node | undefined {
  return node && (node.type === 'Literal' || (node.type === 'TemplateLiteral' && node.expressions.length === 0)) ? node : undefined;
}

/** An operand of `+` with the parentheses it is grouped in (`+ ('/details')`): those after a `+` only, never a call's. */
function groupedOperandRange(node: Node, sourceText: string): readonly [number, number] {
  let [start, end] = rangeOf(node);
  for (;;) {
    const open = /\(\s*$/.exec(sourceText.slice(Math.max(0, start - 20), start));
    const close = /^\s*\)/.exec(sourceText.slice(end, end + 20));
    if (!open || !close || !/\+\s*$/.test(sourceText.slice(Math.max(0, start - open[0].length - 20), start - open[0].length))) return [start, end];
    start -= open[0].length;
    end += close[0].length;
  }
}

/** A literal with no expression inside, not in parentheses: the whole operand is its text. */
function plainLiteralOperand(node: Node | undefined, sourceText: string): Node | undefined {
  const literal = plainLiteral(node);
  return literal && isBareOperand(literal, sourceText) ? literal : undefined;
}

/**
 * The edit, without a literal it would leave empty at either end: `'/v2/things/' + id + ''` is
 * written `'/v2/things/' + id`, and `'' + id + '/info'` is `id + '/info'` (the `+` goes with it).
 * Only where a string stays beside the value (the literal at the other end, or text the edit writes
 * after it), so the expression stays a string.
 */
function withoutEmptyLiterals(
  left: Boundary,
  right: Boundary,
  render: (left: BoundaryContext, right: BoundaryContext) => string,
  textAfterHole: boolean,
  sourceText: string,
): TextEdit {
  let range: [number, number] = [left.offset, right.offset];
  let leftContext = left.context;
  let rightContext = right.context;
  const text = render(leftContext, rightContext);
  const after = right.context.kind === 'string' ? plainLiteralOperand(right.literal, sourceText) : undefined;
  if (after && right.context.kind === 'string' && left.context.kind === 'string' && endOf(after) === right.offset + 1 && startOf(after) > left.offset && text.endsWith(` + ${right.context.quote}`)) {
    rightContext = { kind: 'after-operand' };
    range = [range[0], endOf(after)];
  }
  const before = left.context.kind === 'string' ? plainLiteralOperand(left.literal, sourceText) : undefined;
  const stringAfterHole = textAfterHole || (rightContext === right.context && right.context.kind === 'string');
  if (before && left.context.kind === 'string' && stringAfterHole && startOf(before) + 1 === left.offset && endOf(before) <= right.offset && text.startsWith(`${left.context.quote} + `)) {
    leftContext = { kind: 'before-operand' };
    range = [startOf(before), range[1]];
  }
  return { range, text: leftContext === left.context && rightContext === right.context ? text : render(leftContext, rightContext) };
}
