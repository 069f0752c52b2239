import { parseArgs } from 'node:util';

/** A bad flag or argument: the command prints the message and exits 2. */
export class ImportUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportUsageError';
  }
}

export interface ImportArgs {
  readonly spec: string;
  readonly previous: string | undefined;
  readonly out: string;
  readonly deprecatedOn: string | undefined;
  readonly sunsetOn: string | undefined;
  readonly check: boolean;
  readonly verbose: boolean;
}

interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly value?: string;
  readonly description: string;
}

export const importOptions = {
  previous: { type: 'string', value: 'FILE|URL', description: 'An older version: its operations that <spec> lacks become entries (needs both dates).' },
  out: { type: 'string', value: 'FILE', description: 'The config file to update (default sunset.config.json).' },
  'deprecated-on': { type: 'string', value: 'YYYY-MM-DD', description: 'GA end where x-deprecated-at is missing, and of removed operations (default: import day).' },
  'sunset-on': { type: 'string', value: 'YYYY-MM-DD', description: 'Support end where x-sunset is missing, and of removed operations.' },
  check: { type: 'boolean', description: 'Write nothing; exit 1 when the config is out of date (for CI).' },
  verbose: { type: 'boolean', description: 'List every skipped $ref to a remote file, and every problem past the first 20 (by default counts).' },
  help: { type: 'boolean', short: 'h', description: 'Show this help.' },
} as const satisfies Record<string, OptionSpec>;

function describeOptions(options: Record<string, OptionSpec>): string {
  const rows = Object.entries(options).map(([name, spec]) => {
    const short = spec.short === undefined ? '    ' : `-${spec.short}, `;
    const value = spec.value === undefined ? '' : ` <${spec.value}>`;
    return [`  ${short}--${name}${value}`, spec.description] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, description]) => `${left.padEnd(width)}${description}`).join('\n');
}

export const importHelp = `Usage: sunset import openapi <spec> [options]

Writes the deprecated operations of an OpenAPI 3.x or Swagger 2.0 description (YAML or JSON, a file or
an http(s) URL) into the config's customEntries, as entries of the description's own API under apis
(its servers' hosts and paths). Entries you wrote yourself are kept; a second import with the same
inputs writes the same file.

Options:
${describeOptions(importOptions)}

Exit codes: 0 written (with --check: up to date), 1 with --check: out of date, 2 usage, config or
description error.
`;

const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;

function dayFlag(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const day = new Date(`${value}T00:00:00Z`);
  if (!isoDayPattern.test(value) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    throw new ImportUsageError(`Invalid value for ${flag}: ${JSON.stringify(value)}. Write a day on the calendar as YYYY-MM-DD (for example 2026-11-21).`);
  }
  return value;
}

/** Node's parseArgs errors as a sentence naming the flag and what is allowed. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const flag = /'(?:-\w, )?(-{1,2}[\w-]+)/.exec(message)?.[1] ?? '';
  const help = 'Run `sunset import openapi --help` for details.';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const allowed = Object.keys(importOptions).map((name) => `--${name}`).join(', ');
    return `Unknown option ${flag} for \`sunset import openapi\`. Allowed options: ${allowed}. ${help}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const spec: OptionSpec | undefined = (importOptions as Record<string, OptionSpec>)[flag.replace(/^-+/, '')];
    if (spec?.type === 'boolean' || flag === '-h') return `Option ${flag} takes no value. ${help}`;
    return `Option ${flag} needs a value${spec?.value === undefined ? '' : ` (${spec.value})`}. ${help}`;
  }
  return `${message} ${help}`;
}

/**
 * Reads the arguments after `sunset import`: `openapi <spec> [--previous FILE] [--out FILE]
 * [--deprecated-on YYYY-MM-DD] [--sunset-on YYYY-MM-DD] [--check] [--verbose]`. Returns `help` for -h/--help.
 */
export function parseImportArgs(argv: readonly string[]): ImportArgs | 'help' {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof importOptions; allowPositionals: true; strict: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: importOptions, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ImportUsageError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  const [source, ...specs] = positionals;
  if (values.help === true && (source === undefined || source === 'openapi')) return 'help';
  if (source !== 'openapi') {
    throw new ImportUsageError(`${source === undefined ? 'Missing what to import' : `Unknown import source ${JSON.stringify(source)}`}: use \`sunset import openapi <spec>\` (see \`sunset import openapi --help\`).`);
  }
  if (specs.length === 0) throw new ImportUsageError('Missing the OpenAPI description: `sunset import openapi <spec>` (a YAML or JSON file, or its URL).');
  if (specs.length > 1) throw new ImportUsageError(`Expected one OpenAPI description, got ${specs.length}: ${specs.join(', ')}. Use --previous for an older version.`);
  const deprecatedOn = dayFlag('--deprecated-on', values['deprecated-on']);
  const sunsetOn = dayFlag('--sunset-on', values['sunset-on']);
  if (deprecatedOn !== undefined && sunsetOn !== undefined && sunsetOn < deprecatedOn) {
    throw new ImportUsageError(`--sunset-on (${sunsetOn}) must not be before --deprecated-on (${deprecatedOn}).`);
  }
  if (values.previous !== undefined && (deprecatedOn === undefined || sunsetOn === undefined)) {
    const missing = [deprecatedOn === undefined ? '--deprecated-on' : '', sunsetOn === undefined ? '--sunset-on' : ''].filter(Boolean).join(' and ');
    throw new ImportUsageError(`--previous needs ${missing}: the operations removed since ${values.previous} carry no dates of their own.`);
  }
  return { spec: specs[0]!, previous: values.previous, out: values.out ?? 'sunset.config.json', deprecatedOn, sunsetOn, check: values.check ?? false, verbose: values.verbose ?? false };
}
