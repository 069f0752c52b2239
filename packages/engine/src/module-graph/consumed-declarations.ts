import type { CrossFileRelatedLocation } from '../check/check-source.js';

// One request is one finding. A constant one scanned file exports and a request of another file reads
// is reported at that request, with the declaration as a related place; the declaration's own file,
// checked alone, cannot know who reads the constant and reports the literal there too. Once the
// module graph has found the request, that second finding goes (as `sunset check --project` drops it;
// ESLint, linting one file with what it imports, keeps it).

/** A place as `consumedDeclarations` keys it. */
export const placeKey = (file: string, line: number, column: number): string => `${file}\u0000${line}\u0000${column}`;

/** The places (`placeKey`) of the values in other files that `findings` read: the declarations they consume. */
export function consumedDeclarations(findings: Iterable<{ readonly crossFileRelated?: readonly CrossFileRelatedLocation[] }>): Set<string> {
  const consumed = new Set<string>();
  for (const finding of findings) {
    for (const place of finding.crossFileRelated ?? []) if (place.role === 'value') consumed.add(placeKey(place.file, place.line, place.column));
  }
  return consumed;
}

/** `findings` without those at a declaration another finding of them consumes (`consumedDeclarations`). */
export function withoutConsumedDeclarations<F extends { readonly file: string; readonly line: number; readonly column: number; readonly crossFileRelated?: readonly CrossFileRelatedLocation[] }>(
  findings: readonly F[],
): F[] {
  const consumed = consumedDeclarations(findings);
  if (consumed.size === 0) return [...findings];
  return findings.filter((finding) => !consumed.has(placeKey(finding.file, finding.line, finding.column)));
}
