import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { SpecProblem } from '../problems.js';
import { pointerTokens } from './json-pointer.js';

/**
 * Hand-written descriptions are where a line number helps; a generated one of many megabytes would
 * take seconds to re-parse for it, and its pointer finds the place as well.
 */
const maxLocatedFileBytes = 1_000_000;

/**
 * Adds line and column to problems whose pointer exists in the file's own text (YAML or JSON; a
 * pointer that only exists after `$ref` resolution keeps just the pointer).
 */
export async function locateProblems(problems: readonly SpecProblem[], resolvePath: (file: string) => string): Promise<SpecProblem[]> {
  const byFile = new Map<string, ((pointer: string) => { line: number; column: number } | undefined) | undefined>();
  const located: SpecProblem[] = [];
  for (const problem of problems) {
    if (problem.pointer === undefined || problem.line !== undefined) {
      located.push(problem);
      continue;
    }
    if (!byFile.has(problem.file)) byFile.set(problem.file, await locatorFor(resolvePath(problem.file)));
    const position = byFile.get(problem.file)?.(problem.pointer);
    located.push(position === undefined ? problem : { ...problem, line: position.line, column: position.column });
  }
  return located;
}

async function locatorFor(filePath: string): Promise<((pointer: string) => { line: number; column: number } | undefined) | undefined> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch {
    return undefined;
  }
  if (text.length > maxLocatedFileBytes) return undefined;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) return undefined;
  return (pointer) => {
    // The key of the deepest member that exists (an error about a missing field points at its parent).
    let node: unknown = document.contents;
    let marker: unknown = node;
    for (const token of pointerTokens(pointer)) {
      const child = childOf(node, token);
      if (child === undefined) break;
      node = child.value;
      marker = child.marker;
    }
    const range = isMap(marker) || isSeq(marker) || isScalar(marker) ? marker.range : undefined;
    if (range === undefined || range === null) return undefined;
    const { line, col } = lineCounter.linePos(range[0]);
    return { line, column: col };
  };
}

/** A map's member by its key as text (`200` and `'200'` alike; marked by its key), or a sequence's item by index. */
function childOf(node: unknown, token: string): { value: unknown; marker: unknown } | undefined {
  if (isSeq(node)) {
    const item: unknown = /^\d+$/.test(token) ? node.items[Number(token)] : undefined;
    return item === undefined ? undefined : { value: item, marker: item };
  }
  if (!isMap(node)) return undefined;
  const pair = node.items.find((item) => String(isScalar(item.key) ? item.key.value : item.key) === token);
  return pair === undefined ? undefined : { value: pair.value, marker: pair.key };
}
