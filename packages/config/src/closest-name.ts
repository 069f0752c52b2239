import leven from 'leven';

/**
 * The known name a misspelled one most likely means (`apiHost` → `apiHosts`, `asof` → `asOf`,
 * `fial-on` → `fail-on`): the nearest by edit distance, letter case aside, when it is at most a third
 * of the name's length away (at least 1); the first such name where several are as near. Undefined
 * when none is that near.
 */
export function closestName(wanted: string, known: readonly string[]): string | undefined {
  const folded = wanted.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = leven(folded, name.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
