import path from 'node:path';
import { parseArgs } from 'node:util';
import { closestFlag, describeFlagValueError, flagOfParseError, refusePrintWithJson, type FlagSpec } from '@sunset/engine/usage';
import { UsageError } from './errors.js';

export const checkFormats = ['stylish', 'json', 'sarif', 'github', 'gitlab', 'junit'] as const;
export type CheckFormat = (typeof checkFormats)[number];
export const fixFormats = ['human', 'json'] as const;
export type FixFormat = (typeof fixFormats)[number];
export const failOnValues = ['deprecated', 'retired'] as const;
export type FailOn = (typeof failOnValues)[number];

/** `--project [TSCONFIG]`: the whole-program mode; `tsconfig` undefined means the nearest tsconfig.json (or jsconfig.json) above the working directory. */
export interface ProjectFlag {
  readonly tsconfig: string | undefined;
}

/** Flags both commands share: where the config is and what overrides it. */
export interface SharedArgs {
  readonly paths: readonly string[];
  /** `--project [TSCONFIG]`: undefined without the flag. */
  readonly project: ProjectFlag | undefined;
  readonly config: string | undefined;
  readonly asOf: string | undefined;
  readonly apiHosts: readonly string[] | undefined;
  readonly identityHosts: readonly string[] | undefined;
  readonly help: boolean;
}

/** A report written to its own file (`--format sarif=sunset.sarif`), beside the one on stdout or `--output`. */
export interface ReportFile {
  readonly format: CheckFormat;
  readonly file: string;
}

export interface CheckArgs extends SharedArgs {
  /** The report on stdout, or in `--output`; undefined when every `--format` names its own file. */
  readonly format: CheckFormat | undefined;
  readonly output: string | undefined;
  /** `--format FORMAT=FILE`: more reports of the same run, each in its file. */
  readonly reportFiles: readonly ReportFile[];
  readonly failOn: FailOn | undefined;
  readonly updateBaseline: boolean;
  readonly baseline: string | undefined;
  readonly baselineExpires: string | undefined;
  readonly stats: boolean;
  /** `--changed-since REF`: report only findings on lines changed since the merge base with REF. */
  readonly changedSince: string | undefined;
  /** `--concurrency`: threads that read, parse and check; `'auto'` lets the engine choose. */
  readonly concurrency: number | 'auto' | undefined;
  /** `--repo-name`: the repository's name in `--format json` (default: the CI's variable, the origin remote, the folder). */
  readonly repoName: string | undefined;
}

export interface FixArgs extends SharedArgs {
  readonly format: FixFormat;
  readonly dry: boolean;
  readonly print: boolean;
  readonly force: boolean;
  readonly failOnTodo: boolean;
  /** `--concurrency`: 1 fixes in one thread; `'auto'` or more lets a worker fix the candidates from 1,500 files. */
  readonly concurrency: number | 'auto' | undefined;
}

interface OptionSpec extends FlagSpec {
  readonly multiple?: boolean;
  /** The value may be left out (`--project` or `--project tsconfig.json`); the flag is read before parseArgs. */
  readonly optionalValue?: boolean;
  readonly description: string;
}

const sharedOptions = {
  project: {
    type: 'string',
    value: 'TSCONFIG',
    optionalValue: true,
    description: 'Whole-program mode on the TypeScript checker: also through path aliases, namespace imports and wrapper functions (default: the nearest tsconfig.json or jsconfig.json).',
  },
  config: { type: 'string', value: 'FILE', description: 'Use this config file instead of searching for sunset.config.json / package.json.' },
  'as-of': { type: 'string', value: 'YYYY-MM-DD', description: 'Compute phases for this day instead of today (UTC).' },
  'api-host': { type: 'string', multiple: true, value: 'HOST', description: 'Only URLs with this host (or no host) count; repeat for several hosts.' },
  'identity-host': { type: 'string', multiple: true, value: 'HOST', description: 'Host of the identity provider (/sts/connect/...) for the OAuth rules; repeat for several.' },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
} as const satisfies Record<string, OptionSpec>;

export const checkOptions = {
  format: {
    type: 'string',
    short: 'f',
    multiple: true,
    value: 'FORMAT[=FILE]',
    description: `Report format: ${checkFormats.join(', ')} (default stylish). Repeat with =FILE for more reports of the same run, e.g. --format github --format sarif=sunset.sarif.`,
  },
  output: { type: 'string', short: 'o', value: 'FILE', description: 'Write the report (the --format without =FILE) to FILE instead of stdout.' },
  'fail-on': { type: 'string', value: failOnValues.join('|'), description: 'Exit 1 on findings in this phase or later (default deprecated).' },
  'update-baseline': { type: 'boolean', description: 'Record the current findings in the baseline file and exit 0.' },
  baseline: { type: 'string', value: 'FILE', description: 'Baseline file (default .sunset-baseline.json next to the config).' },
  'baseline-expires': { type: 'string', value: 'YYYY-MM-DD', description: 'With --update-baseline: the baseline stops suppressing after this day (today or later).' },
  stats: { type: 'boolean', description: 'With --format json: add the time spent walking, reading, prefiltering, parsing, indexing and checking.' },
  'changed-since': { type: 'string', value: 'GIT-REF', description: 'Check the files changed since the merge base with GIT-REF (e.g. origin/main), reading what they import, and report the findings on added or changed lines.' },
  concurrency: { type: 'string', value: 'N|auto', description: 'Threads that read, parse and check (default auto: one below 1,500 files, else one per core but one, at most 4).' },
  'repo-name': { type: 'string', value: 'NAME', description: 'With --format json: record the repository as NAME (default: GITHUB_REPOSITORY / CI_PROJECT_PATH, the origin remote, the folder).' },
  ...sharedOptions,
} as const satisfies Record<string, OptionSpec>;

export const fixOptions = {
  dry: { type: 'boolean', description: 'Write nothing; report what would change.' },
  print: { type: 'boolean', description: 'Print a unified diff of every change to stdout.' },
  format: { type: 'string', short: 'f', value: fixFormats.join('|'), description: 'Summary format (default human); json is the per-site report.' },
  force: { type: 'boolean', description: 'Change files even when they have uncommitted changes in git.' },
  'fail-on-todo': { type: 'boolean', description: 'Exit 1 when a site was left with a TODO.' },
  concurrency: { type: 'string', value: 'N|auto', description: 'Threads that fix (default auto: from 1,500 files a worker fixes the candidates while the main thread reads; 1 keeps one thread).' },
  ...sharedOptions,
} as const satisfies Record<string, OptionSpec>;

export function parseCheckArgs(argv: readonly string[]): CheckArgs {
  const { rest, project } = takeProjectFlag(argv);
  const { values, positionals } = parseStrict('check', rest, checkOptions);
  return {
    ...sharedArgs(values, positionals, project),
    ...reportsOf(values.format ?? [], values.output),
    failOn: oneOf('--fail-on', values['fail-on'], failOnValues),
    updateBaseline: values['update-baseline'] ?? false,
    baseline: values.baseline,
    baselineExpires: values['baseline-expires'],
    stats: statsOf(values.stats, values.format),
    changedSince: nonEmpty('--changed-since', values['changed-since'], 'a git ref such as origin/main'),
    concurrency: concurrencyOf(values.concurrency),
    repoName: repoNameOf(values['repo-name'], values.format),
  };
}

export function parseFixArgs(argv: readonly string[]): FixArgs {
  const { rest, project } = takeProjectFlag(argv);
  const { values, positionals } = parseStrict('fix', rest, fixOptions);
  const format = oneOf('--format', values.format, fixFormats) ?? 'human';
  refusePrintWithJson(values.print ?? false, format);
  return {
    ...sharedArgs(values, positionals, project),
    format,
    dry: values.dry ?? false,
    print: values.print ?? false,
    force: values.force ?? false,
    failOnTodo: values['fail-on-todo'] ?? false,
    concurrency: concurrencyOf(values.concurrency),
  };
}

interface SharedValues {
  readonly config?: string | undefined;
  readonly 'as-of'?: string | undefined;
  readonly 'api-host'?: string[] | undefined;
  readonly 'identity-host'?: string[] | undefined;
  readonly help?: boolean | undefined;
}

function sharedArgs(values: SharedValues, positionals: readonly string[], project: ProjectFlag | undefined): SharedArgs {
  const apiHosts = values['api-host'];
  const identityHosts = values['identity-host'];
  return {
    paths: positionals.length === 0 ? ['.'] : positionals,
    project,
    config: values.config,
    asOf: values['as-of'],
    apiHosts: apiHosts === undefined || apiHosts.length === 0 ? undefined : apiHosts,
    identityHosts: identityHosts === undefined || identityHosts.length === 0 ? undefined : identityHosts,
    help: values.help ?? false,
  };
}

/**
 * Takes `--project`, `--project=TSCONFIG` and `--project TSCONFIG` out of the arguments: node's parseArgs
 * has no optional values. The next argument is the tsconfig only when it ends in `.json`, so
 * `--project src` still scans `src` with the nearest tsconfig.json. Arguments after `--` are left alone.
 */
function takeProjectFlag(argv: readonly string[]): { rest: string[]; project: ProjectFlag | undefined } {
  const rest: string[] = [];
  let project: ProjectFlag | undefined;
  for (let at = 0; at < argv.length; at++) {
    const argument = argv[at]!;
    if (argument === '--') {
      rest.push(...argv.slice(at));
      break;
    }
    if (argument === '--project') {
      const next = argv[at + 1];
      const named = next !== undefined && !next.startsWith('-') && /\.json$/i.test(next);
      project = { tsconfig: named ? next : undefined };
      if (named) at += 1;
    } else if (argument.startsWith('--project=')) {
      const value = argument.slice('--project='.length);
      if (value.trim() === '') throw new UsageError('Option --project= needs a value (a tsconfig.json path); write --project alone to use the nearest tsconfig.json.');
      project = { tsconfig: value };
    } else {
      rest.push(argument);
    }
  }
  return { rest, project };
}

function parseStrict<T extends Record<string, OptionSpec>>(
  command: string,
  argv: readonly string[],
  options: T,
): ReturnType<typeof parseArgs<{ options: T; allowPositionals: true; strict: true; args: string[] }>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(command, error, options, argv));
  }
}

/** Turns node's parseArgs errors into a sentence naming the flag and what is allowed (a flag's value: as the codemod says it). */
function describeParseError(command: string, error: unknown, options: Record<string, OptionSpec>, argv: readonly string[]): string {
  const help = `Run \`sunset ${command} --help\` for details.`;
  if ((error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const names = Object.keys(options);
    const flag = flagOfParseError(error, argv);
    const meant = closestFlag(flag, names);
    const allowed = names.map((name) => `--${name}`).join(', ');
    return `Unknown option ${flag} for \`sunset ${command}\`.${meant === undefined ? '' : ` Did you mean --${meant}?`} Allowed options: ${allowed}. ${help}`;
  }
  return `${describeFlagValueError(error, options) ?? (error instanceof Error ? error.message : String(error))} ${help}`;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid value for ${flag}: ${JSON.stringify(value)}. Allowed: ${allowed.join(', ')}.`);
}

function nonEmpty(flag: string, value: string | undefined, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`Option ${flag} needs a value (${what}).`);
  return value;
}

/** The file name ending a `--format FORMAT=` example uses. */
const exampleExtension: Readonly<Record<CheckFormat, string>> = { stylish: 'txt', github: 'txt', json: 'json', sarif: 'sarif', gitlab: 'json', junit: 'xml' };

/**
 * `--format` (repeatable): `FORMAT` for the report on stdout (or `--output`), `FORMAT=FILE` for another
 * report of the same run in FILE. One report at most goes to stdout, and two never to the same file.
 */
function reportsOf(values: readonly string[], output: string | undefined): Pick<CheckArgs, 'format' | 'output' | 'reportFiles'> {
  const reportFiles: ReportFile[] = [];
  const plain: CheckFormat[] = [];
  for (const value of values) {
    const equals = value.indexOf('=');
    if (equals === -1) {
      plain.push(oneOf('--format', value, checkFormats)!);
      continue;
    }
    const format = oneOf('--format', value.slice(0, equals), checkFormats)!;
    const file = value.slice(equals + 1);
    if (file.trim() === '') throw new UsageError(`Option --format ${value} needs a file after "=" (e.g. --format ${format}=sunset.${exampleExtension[format]}).`);
    reportFiles.push({ format, file });
  }
  if (plain.length > 1) {
    throw new UsageError(`--format ${plain.join(' and --format ')} would both write to ${output ?? 'stdout'}. Give each report but one its own file: --format ${plain[1]}=FILE.`);
  }
  const format = plain[0] ?? (reportFiles.length === 0 ? 'stylish' : undefined);
  if (format === undefined && output !== undefined) {
    throw new UsageError(`--output ${output} names where the --format without =FILE goes, and every --format names its own file. Drop --output, or write one format without =FILE.`);
  }
  refuseSharedReportFile({ output, reportFiles }, (file) => path.resolve(file), '');
  return { format, output, reportFiles };
}

/**
 * Exit 2 when two reports of a check (`--output F`, `--format X=F`) reach one file, the file's `keyOf`
 * saying which: its resolved name here, its identity on disk in `refuseLinkedReportFiles` (`how` then
 * says ` through a link`).
 */
export function refuseSharedReportFile(args: Pick<CheckArgs, 'output' | 'reportFiles'>, keyOf: (file: string) => string, how: string): void {
  const seen = new Map<string, string>();
  const files = [
    ...(args.output === undefined ? [] : [{ file: args.output, flag: `--output ${args.output}` }]),
    ...args.reportFiles.map((report) => ({ file: report.file, flag: `--format ${report.format}=${report.file}` })),
  ];
  for (const { file, flag } of files) {
    const key = keyOf(file);
    const first = seen.get(key);
    if (first !== undefined) throw new UsageError(`${first} and ${flag} name the same file${how}: each report needs its own.`);
    seen.set(key, flag);
  }
}

/** A flag whose effect only the JSON report records (`--stats`, `--repo-name`): with no JSON report, exit 2. */
function requireJsonFormat(flag: string, formats: readonly string[] | undefined, why: string): void {
  const json = (formats ?? []).some((format) => format === 'json' || format.startsWith('json='));
  if (!json) throw new UsageError(`${flag} only applies with --format json (${why}). Add --format json (or --format json=FILE) or drop ${flag}.`);
}

/** `--stats`: only where the timings are written (`--format json`). */
function statsOf(value: boolean | undefined, format: readonly string[] | undefined): boolean {
  if (value !== true) return false;
  requireJsonFormat('--stats', format, 'the timings are written in its report');
  return true;
}

/** `--repo-name`: not empty, and only where it is recorded (`--format json`). */
function repoNameOf(value: string | undefined, format: readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError('Option --repo-name needs a value (the repository, e.g. acme/web).');
  requireJsonFormat('--repo-name', format, 'the other formats do not record the repository');
  return value.trim();
}

/** `--concurrency`: a positive whole number, or `auto`. */
function concurrencyOf(value: string | undefined): number | 'auto' | undefined {
  if (value === undefined || value === 'auto') return value;
  if (!/^[1-9]\d*$/.test(value)) throw new UsageError(`Invalid value for --concurrency: ${JSON.stringify(value)}. Allowed: a positive whole number (e.g. 4) or auto.`);
  return Number(value);
}

/** The options block of a command's --help text. */
export function describeOptions(options: Record<string, OptionSpec>): string {
  const rows = Object.entries(options).map(([name, spec]) => {
    const short = spec.short === undefined ? '    ' : `-${spec.short}, `;
    const value = spec.value === undefined ? '' : spec.optionalValue === true ? ` [${spec.value}]` : ` <${spec.value}>`;
    return [`  ${short}--${name}${value}`, spec.description] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, description]) => `${left.padEnd(width)}${description}`).join('\n');
}
