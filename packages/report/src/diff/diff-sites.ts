import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { displayPath, fingerprintSites, UsageError, type FingerprintSite } from '@sunset/engine';
import type { ReportDiff, ReportSite } from '../inventory/types.js';
import { callLabelOf, callRowKeyOf, isMethodNotShown } from '../inventory/call-rows.js';
import { compareText } from '../text.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A site of the other side of the comparison, reduced to what identifies it. */
export interface ComparedSite extends FingerprintSite {
  readonly entry: string;
  readonly retired: string;
  /** A commit's site whose method the code does not show (of several): the entries it may be. */
  readonly entries?: readonly string[];
  readonly pathEndUnknown?: true;
}

/**
 * How the changes are put in rows: `call`, as the report's rows (a call the code does not show all of
 * apart: both sides say what check names each call); `entry`, by entry alone (a baseline records no more).
 */
type DiffRows = 'call' | 'entry';

/** The code sites (runtime-only sites are not in a baseline or a commit) with their line's text. */
export interface CurrentSite {
  readonly site: ReportSite;
  readonly lineText: string;
}

/** Compares the current code sites with the sites then, by fingerprint. */
export function diffSites(against: string, current: readonly CurrentSite[], then: readonly ComparedSite[]): ReportDiff {
  const inputs = current.map(({ site, lineText }) => ({ file: site.file, rule: site.rule, entry: site.entry, lineText, column: site.column }));
  return diffFingerprints(against, current, fingerprintSites(inputs), fingerprintSites(then), then, 'call');
}

/** `.sunset-baseline.json` as `sunset check --update-baseline` writes it. */
export async function readBaselineSites(file: string, label: string): Promise<{ fingerprints: string[]; sites: ComparedSite[] }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the baseline ${label}: ${(error as Error).message}. Record one with \`sunset check --update-baseline\`, or pass --base <ref> instead.`);
  }
  const findings = (raw as { findings?: unknown }).findings;
  if (!Array.isArray(findings) || !findings.every((item) => typeof (item as { fingerprint?: unknown }).fingerprint === 'string')) {
    throw new UsageError(`The baseline ${label} is not a sunset baseline (version 1 with a "findings" array). Record one with \`sunset check --update-baseline\`.`);
  }
  const records = findings as { fingerprint: string; file?: string; rule?: string; entry?: string }[];
  return {
    fingerprints: records.map((record) => record.fingerprint),
    sites: records.map((record) => ({ file: record.file ?? '', rule: record.rule ?? '', entry: record.entry ?? '', lineText: '', column: 1, retired: record.entry ?? '' })),
  };
}

export function diffAgainstBaseline(label: string, current: readonly CurrentSite[], baseline: { fingerprints: string[]; sites: ComparedSite[] }): ReportDiff {
  const inputs = current.map(({ site, lineText }) => ({ file: site.file, rule: site.rule, entry: site.entry, lineText, column: site.column }));
  // A baseline also lists findings that are not retirements (OAuth rules, TODO markers): compare retirements only.
  const retirements = baseline.sites.map((site, index) => ({ site, fingerprint: baseline.fingerprints[index]! })).filter(({ site }) => site.entry !== '');
  return diffFingerprints(
    `baseline ${label}`,
    current,
    fingerprintSites(inputs),
    retirements.map(({ fingerprint }) => fingerprint),
    retirements.map(({ site }) => site),
    'entry',
  );
}

function diffFingerprints(against: string, current: readonly CurrentSite[], now: readonly string[], thenPrints: readonly string[], then: readonly ComparedSite[], rows: DiffRows): ReportDiff {
  const remaining = new Map<string, number>();
  for (const print of thenPrints) remaining.set(print, (remaining.get(print) ?? 0) + 1);
  const added: ReportSite[] = [];
  let kept = 0;
  now.forEach((print, index) => {
    const left = remaining.get(print) ?? 0;
    if (left > 0) {
      remaining.set(print, left - 1);
      kept += 1;
    } else {
      added.push(current[index]!.site);
    }
  });
  type Row = Mutable<ReportDiff['byEntry'][number]>;
  const byEntry = new Map<string, Row>();
  const rowOf = (site: ComparedSite | ReportSite): Row => {
    const key = rows === 'call' ? callRowKeyOf(site) : site.entry;
    let row = byEntry.get(key);
    if (row === undefined) {
      const named = rows === 'call' ? { retired: callLabelOf(site), ...(isMethodNotShown(site) ? { methodNotShown: true as const } : {}), ...(site.pathEndUnknown === undefined ? {} : { pathEndUnknown: true as const }) } : { retired: site.retired };
      byEntry.set(key, (row = { entry: site.entry, ...named, before: 0, after: 0 }));
    }
    return row;
  };
  for (const site of then) rowOf(site).before += 1;
  for (const { site } of current) rowOf(site).after += 1;
  return {
    against,
    before: then.length,
    after: current.length,
    added,
    removed: then.length - kept,
    byEntry: [...byEntry.values()].filter((row) => row.before !== row.after).sort((a, b) => a.after - a.before - (b.after - b.before) || compareText(a.retired, b.retired)),
  };
}

/** A commit's site (path relative to the repository root) as the working directory shows it. */
export function comparedSiteOf(site: { file: string; entry: string; retired: string; lineText: string; column: number; rule: string }, root: string, cwd: string): ComparedSite {
  return { ...site, file: displayPath(cwd, path.join(root, site.file)) };
}
