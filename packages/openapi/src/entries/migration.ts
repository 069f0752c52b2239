import { templateParams, type Endpoint, type Migration } from '@sunset/rule-data';
import type { DescribedOperation } from '../description/description.js';
import { entryEndpoints, movedToHosts } from './entry-paths.js';

const listParameters = (names: readonly string[]): string => (names.length === 0 ? 'none' : names.map((name) => `{${name}}`).join(', '));

/**
 * One replacement on the same hosts whose path parameters are exactly the retired path's, by name,
 * is a one-to-one rewrite; anything else is a TODO with the reason.
 */
function decideMigration(
  retired: Endpoint,
  replacements: readonly Endpoint[],
  noReplacementReason: string,
  otherHosts: readonly string[] = [],
): { readonly migration: Migration; readonly reason: string | undefined } {
  if (replacements.length === 0) return { migration: 'todo', reason: noReplacementReason };
  if (replacements.length > 1) return { migration: 'todo', reason: 'the description names several successors' };
  if (otherHosts.length > 0) return { migration: 'todo', reason: `the successor is served from another host (${otherHosts.join(', ')})` };
  const before = templateParams(retired.path);
  const after = templateParams(replacements[0]!.path);
  const sameNames = before.length === after.length && [...before].sort().join('/') === [...after].sort().join('/');
  if (sameNames) return { migration: 'rewrite', reason: undefined };
  return { migration: 'todo', reason: `the path parameters do not map by name (${listParameters(before)} before, ${listParameters(after)} after)` };
}

/**
 * The retired endpoint, its replacements and the migration of an entry for `operation` whose
 * successors are `successors` (those Sunset cannot match, and the operation itself, left out).
 */
export function planMigration(
  operation: DescribedOperation,
  successors: readonly DescribedOperation[],
  noReplacementReason: string,
): { readonly retired: Endpoint; readonly replacements: readonly Endpoint[]; readonly migration: Migration; readonly reason: string | undefined } | undefined {
  if (operation.endpoint === undefined) return undefined;
  const matchable = successors.flatMap((successor) =>
    successor.endpoint === undefined || successor.identity === operation.identity ? [] : [{ ...successor, endpoint: successor.endpoint }],
  );
  const { retired, replacements } = entryEndpoints({ ...operation, endpoint: operation.endpoint }, matchable);
  const otherHosts = matchable.length === 1 ? movedToHosts(operation, matchable[0]!) : [];
  return { retired, replacements, ...decideMigration(retired, replacements, noReplacementReason, otherHosts) };
}
