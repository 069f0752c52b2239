// Config loads nothing but rule-data (the runtime's browser entry reads options through it): no
// dependency for this. Its own entry (`@sunset/config/closest-name`) serves the engine's flag errors,
// which `--version` and `--help` load, without the rest of config.

/** The edit distance of two strings (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The known name a misspelled one most likely means (`apiHost` → `apiHosts`, `asof` → `asOf`): the
 * nearest by edit distance, letter case aside, when it is at most a third of the name's length away
 * (at least 1); the first such name where several are as near. Undefined when none is that near.
 */
export function closestName(wanted: string, known: readonly string[]): string | undefined {
  const folded = wanted.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(folded, name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
