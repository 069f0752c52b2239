import { parseArgs } from 'node:util';
import { UsageError } from '@sunset/engine';
import type { HistoryStep } from './inventory/types.js';

export const reportFormats = ['html', 'md', 'json'] as const;
export type ReportFormat = (typeof reportFormats)[number];
export const historySteps: readonly HistoryStep[] = ['day', 'week', 'month'];
export const editors = ['vscode'] as const;

export interface ReportArgs {
  readonly paths: readonly string[];
  readonly format: ReportFormat;
  /** undefined: `sunset-report.html` for html, stdout for md and json; `-`: stdout. */
  readonly out: string | undefined;
  readonly config: string | undefined;
  readonly asOf: string | undefined;
  readonly apiHosts: readonly string[] | undefined;
  readonly identityHosts: readonly string[] | undefined;
  readonly history: string | undefined;
  readonly every: HistoryStep;
  readonly runtime: readonly string[];
  readonly baseline: string | undefined;
  readonly base: string | undefined;
  readonly editor: (typeof editors)[number] | undefined;
  readonly cacheDir: string | undefined;
  /** `--repo-name`: the repository's name in the report (default: the CI's variable, the origin remote, the folder). */
  readonly repoName: string | undefined;
  /** `--merge`: the positionals are result files or globs, merged into one report. */
  readonly merge: boolean;
  /** `--link-template` (with --merge): `{repo}`, `{commit}`, `{path}`, `{line}`, `{column}`. */
  readonly linkTemplate: string | undefined;
  /** `--history-file` (with --merge): the organisation's history, one JSON line per merge. */
  readonly historyFile: string | undefined;
  readonly help: boolean;
}

interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  readonly value?: string;
  readonly description: string;
}

export const reportOptions = {
  out: { type: 'string', short: 'o', value: 'FILE', description: 'Write the report here (default sunset-report.html for html, stdout for md and json; - for stdout).' },
  output: { type: 'string', value: 'FILE', description: 'The same as --out (sunset check calls it --output).' },
  format: { type: 'string', short: 'f', value: reportFormats.join('|'), description: 'html: one self-contained page; md: a pull-request comment; json: the data (default html).' },
  history: { type: 'string', value: 'YYYY-MM-DD', description: 'Add the burndown: count the calls left to replace (retired or not yet) at commits since this day (read from git, no checkout).' },
  every: { type: 'string', value: historySteps.join('|'), description: 'With --history: one sample per day, week or month (default week).' },
  runtime: { type: 'string', multiple: true, value: 'FILE', description: 'Merge the sites a runtime record (SUNSET_RUNTIME_RECORD) holds; repeatable.' },
  baseline: { type: 'string', value: 'FILE', description: 'Show what changed against this sunset baseline (sunset check --update-baseline).' },
  base: { type: 'string', value: 'REF', description: 'Show what changed against this commit or branch (e.g. origin/main), read from git.' },
  editor: { type: 'string', value: editors.join('|'), description: 'Make file:line links open in this editor (default: links to the files).' },
  'cache-dir': { type: 'string', value: 'DIR', description: 'Where --history caches counts per commit (default .sunset-cache at the top of the work tree).' },
  'repo-name': { type: 'string', value: 'NAME', description: 'Name the repository NAME (default: GITHUB_REPOSITORY / CI_PROJECT_PATH, the origin remote, the folder).' },
  merge: { type: 'boolean', description: 'Merge results (sunset check --format json files or globs, given as the arguments) into one report across repositories.' },
  'link-template': { type: 'string', value: 'URL', description: 'With --merge: link each site, e.g. https://git.example.com/{repo}/blob/{commit}/{path}#L{line}.' },
  'history-file': { type: 'string', value: 'FILE', description: "With --merge: append this merge's totals to FILE (JSON lines) and draw the burndown from it." },
  config: { type: 'string', value: 'FILE', description: 'Use this config file instead of searching for sunset.config.json / package.json.' },
  'as-of': { type: 'string', value: 'YYYY-MM-DD', description: 'Compute phases for this day instead of today (UTC).' },
  'api-host': { type: 'string', multiple: true, value: 'HOST', description: 'Only URLs with this host (or no host) count; repeat for several hosts.' },
  'identity-host': { type: 'string', multiple: true, value: 'HOST', description: 'Host of the identity provider; repeat for several.' },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
} as const satisfies Record<string, OptionSpec>;

const toEachCheck = "Pass it to each repository's sunset check, whose results you merge, or drop it.";

/**
 * The scan options refused with --merge, and where each belongs instead. Only --baseline and the last four
 * are options of sunset check too (--baseline with another meaning); the others exist only when sunset report
 * scans one repository.
 */
const notWithMerge = {
  history: "sunset check has no --history: for the organisation's burndown pass --history-file FILE; for one repository's, run sunset report --history in it.",
  runtime: 'sunset check has no --runtime: run sunset report --runtime in the repository the record comes from, or drop it.',
  baseline: "Run sunset report --baseline in one repository to see what changed since its baseline, or drop it (sunset check --baseline leaves the baseline's findings out of its result, and the merge warns about such a result).",
  base: 'sunset check has no --base: run sunset report --base in one repository to see what changed since that commit, or drop it.',
  editor: 'sunset check has no --editor: a merged page links each site to its repository (from its remote or CI variables) or with --link-template.',
  'cache-dir': 'It caches the counts of --history, which a merge does not take: use it with sunset report --history in a repository, or drop it.',
  config: toEachCheck,
  'api-host': toEachCheck,
  'identity-host': toEachCheck,
  'repo-name': toEachCheck,
} as const;

export function parseReportArgs(argv: readonly string[]): ReportArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: reportOptions, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${message.replace(/\.$/, '')}. Run \`sunset report --help\` for the options.`);
  }
  const { values, positionals } = parsed;
  const history = values.history === undefined ? undefined : day('--history', values.history);
  if (values.every !== undefined && history === undefined) throw new UsageError('--every only applies with --history. Add --history YYYY-MM-DD or drop --every.');
  if (values.baseline !== undefined && values.base !== undefined) throw new UsageError('Pass --baseline or --base, not both: the report compares against one of them.');
  if (values.out !== undefined && values.output !== undefined) throw new UsageError('Pass --out or --output, not both: they name the same file.');
  const merge = values.merge ?? false;
  if (merge) {
    const scanOnly = (Object.keys(notWithMerge) as (keyof typeof notWithMerge)[]).find((name) => values[name] !== undefined);
    if (scanOnly !== undefined) throw new UsageError(`--${scanOnly} does not go with --merge: it applies when sunset report scans a repository. ${notWithMerge[scanOnly]}`);
    if (positionals.length === 0) throw new UsageError('--merge needs the result files: sunset report --merge results/*.json (files or globs written by sunset check --format json).');
  } else {
    const mergeOnly = (['link-template', 'history-file'] as const).find((name) => values[name] !== undefined);
    if (mergeOnly !== undefined) throw new UsageError(`--${mergeOnly} only applies with --merge. Add --merge and the result files, or drop --${mergeOnly}.`);
  }
  return {
    paths: positionals.length === 0 ? ['.'] : positionals,
    format: oneOf('--format', values.format, reportFormats) ?? 'html',
    out: values.out ?? values.output,
    config: values.config,
    asOf: values['as-of'],
    apiHosts: nonEmpty(values['api-host']),
    identityHosts: nonEmpty(values['identity-host']),
    history,
    every: oneOf('--every', values.every, historySteps) ?? 'week',
    runtime: values.runtime ?? [],
    baseline: values.baseline,
    base: values.base,
    editor: oneOf('--editor', values.editor, editors),
    cacheDir: values['cache-dir'],
    repoName: nonBlank('--repo-name', values['repo-name'], 'the repository, e.g. acme/web'),
    merge,
    linkTemplate: nonBlank('--link-template', values['link-template'], 'a URL with {repo}, {commit}, {path} and {line}'),
    historyFile: nonBlank('--history-file', values['history-file'], 'a file such as org-history.jsonl'),
    help: values.help ?? false,
  };
}

export function describeReportOptions(): string {
  const rows = Object.entries(reportOptions as Record<string, OptionSpec>).map(([name, spec]) => {
    const short = spec.short === undefined ? '    ' : `-${spec.short}, `;
    const value = spec.value === undefined ? '' : ` <${spec.value}>`;
    return [`  ${short}--${name}${value}`, spec.description] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, description]) => `${left.padEnd(width)}${description}`).join('\n');
}

function nonEmpty(values: string[] | undefined): string[] | undefined {
  return values === undefined || values.length === 0 ? undefined : values;
}

function nonBlank(flag: string, value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`Option ${flag} needs a value (${what}).`);
  return value.trim();
}

function day(flag: string, value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`Invalid value for ${flag}: ${JSON.stringify(value)}. Use a calendar day, YYYY-MM-DD.`);
  }
  return value;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid value for ${flag}: ${JSON.stringify(value)}. Allowed: ${allowed.join(', ')}.`);
}
