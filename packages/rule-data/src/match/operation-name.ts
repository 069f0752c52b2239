import type { OperationEntry, OperationMatch } from '../types.js';

/** node-soap and strong-soap expose every operation `Op` also as a promise-returning `OpAsync`. */
const asyncSuffix = 'Async';

/** Matches a whole operation name (or its node-soap `Async` variant); never a prefix such as `GetCampaignsResult`. */
export function matchOperationIn(
  operations: ReadonlyMap<string, OperationEntry>,
  name: string,
): OperationMatch | undefined {
  const direct = operations.get(name);
  if (direct) return { entry: direct, name, asyncVariant: false };
  if (!name.endsWith(asyncSuffix)) return undefined;
  const base = operations.get(name.slice(0, -asyncSuffix.length));
  return base ? { entry: base, name, asyncVariant: true } : undefined;
}
