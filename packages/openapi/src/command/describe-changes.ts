import { isDeepStrictEqual } from 'node:util';
import { isGeneratedFrom } from '../config/generated-marker.js';
import type { ImportOpenApiResult } from '../import-openapi.js';

const idOf = (entry: unknown): string => String((entry as { id?: unknown } | null)?.id);

/** `apis.<id> to add` or `to change` when the description's API differs from the one on disk. */
function apiChange(onDisk: unknown, result: ImportOpenApiResult): string {
  const { api } = result.summary;
  if (api === undefined) return '';
  const apisOnDisk = (onDisk as { apis?: Record<string, unknown> } | null)?.apis;
  const before = apisOnDisk?.[api.id];
  if (before === undefined) return `apis.${api.id} to add`;
  return isDeepStrictEqual(before, api.config) ? '' : `apis.${api.id} to change`;
}

/** What an import would change in the config, for `--check`: `entries to add: a, b; apis.music-api to change`. */
export function describeChanges(onDisk: unknown, result: ImportOpenApiResult, specName: string): string {
  const entriesOnDisk = (onDisk as { customEntries?: unknown } | null)?.customEntries;
  const before = Array.isArray(entriesOnDisk) ? entriesOnDisk.filter((entry) => isGeneratedFrom(entry, specName)) : [];
  const beforeById = new Map(before.map((entry) => [idOf(entry), entry]));
  const afterIds = new Set(result.entries.map((entry) => entry.id));
  const added = result.entries.filter((entry) => !beforeById.has(entry.id)).map((entry) => entry.id);
  const changed = result.entries.filter((entry) => beforeById.has(entry.id) && !isDeepStrictEqual(beforeById.get(entry.id), entry)).map((entry) => entry.id);
  const removed = [...beforeById.keys()].filter((id) => !afterIds.has(id));
  const parts = [
    added.length > 0 ? `entries to add: ${added.join(', ')}` : '',
    changed.length > 0 ? `entries to change: ${changed.join(', ')}` : '',
    removed.length > 0 ? `entries to remove: ${removed.join(', ')}` : '',
    apiChange(onDisk, result),
    result.summary.removedApiHosts.length > 0 ? `apiHosts to give back: ${result.summary.removedApiHosts.join(', ')}` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'the entries are in another order or other fields differ';
}
