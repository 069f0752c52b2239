import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseIsoDay, type IsoDay } from '@sunset/rule-data';
import type { Finding } from '../check/types.js';
import { UsageError } from '../errors.js';
import { makeFolder, writeFileAtomic } from '@sunset/engine';

/** `.sunset-baseline.json`: findings accepted for now, by fingerprint. */
export interface BaselineFile {
  readonly version: 1;
  /** From the day after this one the baseline no longer suppresses anything. */
  readonly expires?: IsoDay;
  readonly findings: readonly BaselineRecord[];
}

/** `file`, `rule` and `entry` are for people reading the file; only `fingerprint` is matched. */
export interface BaselineRecord {
  readonly fingerprint: string;
  readonly file: string;
  readonly rule: string;
  readonly entry?: string;
}

/** The baseline at `file`, undefined when there is none; a malformed file is a UsageError naming it. */
export async function readBaseline(file: string, label: string): Promise<BaselineFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`Cannot read the baseline ${label}: ${(error as Error).message}.`);
  }
  const fix = `Fix it, or delete it and run \`sunset check --update-baseline\` to record a new one.`;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new UsageError(`The baseline ${label} is not valid JSON. ${fix}`);
  }
  if (!isBaselineFile(raw)) {
    throw new UsageError(`The baseline ${label} is not a sunset baseline (version 1 with a "findings" array). ${fix}`);
  }
  // A day it cannot read would never expire ("never", "31-12-2026"), or expire at once: a wrong gate either way.
  if (raw.expires !== undefined) {
    try {
      parseIsoDay(raw.expires, 'expires');
    } catch {
      throw new UsageError(`The baseline ${label} has "expires": ${JSON.stringify(raw.expires)}, which is not a day written YYYY-MM-DD (for example 2027-03-31). Fix it, or record the baseline again with \`sunset check --update-baseline --baseline-expires YYYY-MM-DD\`.`);
    }
  }
  return raw;
}

function isBaselineFile(raw: unknown): raw is BaselineFile {
  if (typeof raw !== 'object' || raw === null) return false;
  const record = raw as Record<string, unknown>;
  return (
    record.version === 1 &&
    Array.isArray(record.findings) &&
    record.findings.every(
      (item: unknown) => typeof item === 'object' && item !== null && typeof (item as BaselineRecord).fingerprint === 'string',
    )
  );
}

export function buildBaseline(findings: readonly Finding[], fingerprints: readonly string[], expires?: IsoDay): BaselineFile {
  const records = findings.map((finding, index): BaselineRecord => ({
    fingerprint: fingerprints[index]!,
    file: finding.file,
    rule: finding.rule,
    ...(finding.entry === undefined ? {} : { entry: finding.entry }),
  }));
  return { version: 1, ...(expires === undefined ? {} : { expires }), findings: records };
}

/** Writes the baseline (creating its folder); a failure is a UsageError naming the file. */
export async function writeBaseline(file: string, baseline: BaselineFile, label: string = file): Promise<void> {
  try {
    await makeFolder(path.dirname(file));
    await writeFileAtomic(file, `${JSON.stringify(baseline, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`Cannot write the baseline ${label}: ${(error as Error).message}. Choose another --baseline path.`);
  }
}

export interface BaselineOutcome {
  /** Findings the baseline does not cover (all of them when it expired). */
  readonly findings: readonly Finding[];
  readonly fingerprints: readonly string[];
  readonly baselined: number;
  readonly expired: boolean;
}

/** Each baseline fingerprint suppresses one finding with that fingerprint, until the baseline expires. */
export function applyBaseline(
  findings: readonly Finding[],
  fingerprints: readonly string[],
  baseline: BaselineFile | undefined,
  today: IsoDay,
): BaselineOutcome {
  if (baseline === undefined) return { findings, fingerprints, baselined: 0, expired: false };
  if (baseline.expires !== undefined && today > baseline.expires) {
    return { findings, fingerprints, baselined: 0, expired: true };
  }
  const remaining = new Map<string, number>();
  for (const record of baseline.findings) remaining.set(record.fingerprint, (remaining.get(record.fingerprint) ?? 0) + 1);
  const kept: Finding[] = [];
  const keptFingerprints: string[] = [];
  findings.forEach((finding, index) => {
    const fingerprint = fingerprints[index]!;
    const left = remaining.get(fingerprint) ?? 0;
    if (left > 0) {
      remaining.set(fingerprint, left - 1);
      return;
    }
    kept.push(finding);
    keptFingerprints.push(fingerprint);
  });
  return { findings: kept, fingerprints: keptFingerprints, baselined: findings.length - kept.length, expired: false };
}
