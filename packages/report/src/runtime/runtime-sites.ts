import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, UsageError } from '@sunset/engine';
import {
  describeAction,
  describePhase,
  mergeRuntimeRecords,
  parseRuntimeRecordText,
  phaseOf,
  RuntimeRecordError,
  type Catalog,
  type IsoDay,
  type RetiredCallRecord,
  type RuntimeRecord,
} from '@sunset/rule-data';
import { reportFamilyOf } from '../inventory/family.js';
import type { ReportSite, ServerDeprecation } from '../inventory/types.js';

/** Reads and merges record files of `SUNSET_RUNTIME_MODE=record` (one record per site, counts added up). */
export async function readRuntimeRecords(files: readonly string[], cwd: string): Promise<RuntimeRecord[]> {
  const records: RuntimeRecord[] = [];
  for (const file of files) {
    const absolute = path.resolve(cwd, file);
    let text: string;
    try {
      text = await readFile(absolute, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read the runtime record ${file}: ${(error as Error).message}. Pass the file SUNSET_RUNTIME_RECORD wrote.`);
    }
    try {
      records.push(...parseRuntimeRecordText(text, file));
    } catch (error) {
      if (error instanceof RuntimeRecordError) throw new UsageError(`Invalid runtime record ${error.message}`);
      throw error;
    }
  }
  return mergeRuntimeRecords(records);
}

export interface RuntimeContext {
  readonly cwd: string;
  readonly asOf: IsoDay;
  readonly catalog: Catalog;
  readonly ownersOf: (file: string) => readonly string[];
}

/**
 * Adds the recorded calls to the code's sites: a recorded call at a site the scan found marks that
 * site (`both`, with the count); any other becomes a `runtime` site (a URL built where no scan can see it).
 */
export function mergeRuntimeSites(codeSites: readonly ReportSite[], records: readonly RuntimeRecord[], context: RuntimeContext): ReportSite[] {
  const sites = [...codeSites];
  const counts = new Map<number, number>();
  const runtimeOnly: ReportSite[] = [];
  for (const record of records) {
    if (record.type !== 'retired-call') continue;
    const file = record.caller === null ? '(unknown caller)' : callerPath(record.caller.file, context.cwd);
    const match = record.caller === null ? -1 : matchingSite(sites, record, file);
    if (match !== -1) {
      counts.set(match, (counts.get(match) ?? 0) + record.count);
      continue;
    }
    const site = runtimeSite(record, file, context);
    if (site !== undefined) runtimeOnly.push(site);
  }
  for (const [index, count] of counts) sites[index] = { ...sites[index]!, source: 'both', runtimeCount: count };
  return [...sites, ...runtimeOnly];
}

export function serverDeprecationsOf(records: readonly RuntimeRecord[], cwd: string): ServerDeprecation[] {
  return records
    .filter((record) => record.type === 'deprecation-header')
    .map((record) => ({
      method: record.method,
      url: record.url,
      deprecation: record.deprecation,
      sunset: record.sunset,
      links: record.links,
      count: record.count,
      caller: record.caller === null ? null : `${callerPath(record.caller.file, cwd)}:${record.caller.line}`,
    }));
}

function callerPath(file: string, cwd: string): string {
  if (!path.isAbsolute(file)) return file;
  const relative = displayPath(cwd, file);
  return relative.startsWith('../') ? file : relative;
}

/**
 * The same entry (or one of those a call whose method the code does not show may be) in the same file
 * on the caller's line (the stack names the call, the scan the URL: allow a few lines).
 */
function matchingSite(sites: readonly ReportSite[], record: RetiredCallRecord, file: string): number {
  const line = record.caller!.line;
  let best = -1;
  sites.forEach((site, index) => {
    if (!(site.entries ?? [site.entry]).includes(record.entry) || site.file !== file || Math.abs(site.line - line) > 3) return;
    if (best === -1 || Math.abs(site.line - line) < Math.abs(sites[best]!.line - line)) best = index;
  });
  return best;
}

function runtimeSite(record: RetiredCallRecord, file: string, context: RuntimeContext): ReportSite | undefined {
  const entry = context.catalog.byId(record.entry);
  const absolute = path.isAbsolute(file) ? file : path.resolve(context.cwd, file);
  const request = `${record.method} ${record.url}`;
  return {
    file,
    line: record.caller?.line ?? 0,
    column: record.caller?.column ?? 0,
    entry: record.entry,
    retired: record.retired,
    rule: 'runtime',
    family: entry === undefined ? 'rest' : reportFamilyOf(entry),
    phase: entry === undefined ? record.phase : phaseOf(entry, context.asOf),
    // The codemod cannot see a URL the scan did not find: a person migrates it.
    fix: 'todo',
    message:
      entry === undefined
        ? `${record.retired} was called at runtime (${request}).`
        : `${entry.retiredKey} is ${phaseOf(entry, context.asOf)} (${describePhase(entry, context.asOf)}): ${describeAction(entry)}. Recorded at runtime: ${request}.`,
    replacements: record.replacements,
    owners: record.caller === null ? [] : context.ownersOf(absolute),
    source: 'runtime',
    runtimeCount: record.count,
  };
}
