import { builtinApiId, type Catalog } from '@sunset/rule-data';
import type { CheckReport, Finding, RelatedLocation } from '../check/types.js';
import type { FormatContext, Formatter } from './types.js';

/** The version of the `--format json` document (`tool: "sunset check"`); the schema is `@sunset/report/schemas/sunset-check.schema.json`. */
export const checkResultVersion = 1;

/**
 * The `--format json` finding: exactly the documented keys, in the documented order. Every finding
 * has its message; retirement findings also carry entry/retired/replacements/phase/fix, and
 * `related` lists the other places of the same request (a SOAP envelope's SOAPAction header), then
 * those in other files, each with its `file` (the declaration of an imported constant). `owners`
 * are the file's owners as `sunset report` resolves them (CODEOWNERS, else package or folder).
 * `api` names the API of an entry that is not the platform's (`apis`, `sunset import openapi`), so a
 * merge counts it apart without the config that defined it; absent for the platform's own entries.
 */
interface JsonFindingBase {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
  readonly related?: readonly RelatedLocation[];
  readonly owners: readonly string[];
}

export type JsonFinding =
  | (JsonFindingBase & {
      readonly entry: string;
      readonly retired: string;
      readonly replacements: readonly string[];
      readonly phase: string;
      readonly fix: string;
      /** The host the request names, or `unknown` when the code does not show it (it matched by its path). */
      readonly host: string;
      /** The method is not shown and the path has several retired methods: the entries it may be, `entry` first. */
      readonly entries?: readonly string[];
      /** The URL goes on past the path with a value the code does not show. */
      readonly pathEndUnknown?: true;
      readonly api?: { readonly id: string; readonly name: string };
    })
  | JsonFindingBase;

/** The API of a finding's entry when it is another API than the platform's: `{ id, name }` from `apis`. */
function otherApiOf(entryId: string, catalog: Catalog): { api: { id: string; name: string } } | undefined {
  const entry = catalog.byId(entryId);
  if (entry === undefined || entry.api === builtinApiId) return undefined;
  const { id, name } = catalog.apiOf(entry);
  return { api: { id, name } };
}

export function toJsonFinding(finding: Finding, owners: readonly string[], catalog: Catalog): JsonFinding {
  const { file, line, column, rule, message } = finding;
  const related = finding.related === undefined ? {} : { related: finding.related };
  if (finding.entry === undefined || finding.phase === undefined) return { file, line, column, rule, message, ...related, owners };
  return {
    file,
    line,
    column,
    rule,
    message,
    entry: finding.entry,
    retired: finding.retired ?? '',
    replacements: finding.replacements ?? [],
    phase: finding.phase,
    fix: finding.fix ?? 'todo',
    host: finding.host ?? 'unknown',
    ...(finding.entries === undefined ? {} : { entries: finding.entries }),
    ...(finding.pathEndUnknown === undefined ? {} : { pathEndUnknown: finding.pathEndUnknown }),
    ...otherApiOf(finding.entry, catalog),
    ...related,
    owners,
  };
}

export function toJsonReport(report: CheckReport, context: Pick<FormatContext, 'catalog' | 'provenance' | 'ownersOf'>): object {
  const ownersOf = context.ownersOf ?? ((): readonly string[] => []);
  return {
    tool: 'sunset check',
    version: checkResultVersion,
    ...(context.provenance === undefined ? {} : { provenance: context.provenance }),
    findings: report.findings.map((finding) => toJsonFinding(finding, ownersOf(finding.file), context.catalog)),
    errors: report.errors.map(({ file, line, message }) => (line === undefined ? { file, message } : { file, line, message })),
    notScanned: report.notScanned,
    // Present only when there is something to say, like `stats`.
    ...((report.unresolvedMethod ?? []).length === 0 ? {} : { unresolvedMethod: report.unresolvedMethod }),
    ...((report.otherHosts ?? 0) === 0 ? {} : { otherHosts: report.otherHosts, otherHostsByFile: report.otherHostsByFile ?? [] }),
    summary: report.summary,
    ...(report.stats === undefined ? {} : { stats: report.stats }),
  };
}

export const formatJson: Formatter = (report, context) => `${JSON.stringify(toJsonReport(report, context), null, 2)}\n`;
