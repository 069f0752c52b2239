/**
 * Generated entries are marked by their `service` label, the one free-text field that
 * `customEntries` validation allows and every report shows: `Items API (openapi:specs/items.yaml)`,
 * the description's title and its path relative to the config file. A re-import replaces exactly
 * the entries carrying its own description's marker; every other entry is the user's (or another
 * description's) and is kept. An entry whose label a user changes becomes theirs.
 */
export function serviceLabel(title: string, specName: string): string {
  return `${title} ${markerOf(specName)}`;
}

const markerOf = (specName: string): string => `(openapi:${specName})`;

/** Was this `customEntries` item generated from the description named `specName`? */
export function isGeneratedFrom(entry: unknown, specName: string): boolean {
  const service = (entry as { service?: unknown } | null)?.service;
  return typeof service === 'string' && service.endsWith(` ${markerOf(specName)}`);
}

/** Was this `customEntries` item generated from some description (its label ends in a marker)? */
export function isGeneratedByAnyDescription(entry: unknown): boolean {
  const service = (entry as { service?: unknown } | null)?.service;
  return typeof service === 'string' && / \(openapi:[^)]*\)$/.test(service);
}
