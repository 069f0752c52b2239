import { closestName } from '@sunset/config/closest-name';
import { UsageError } from './errors.js';

/**
 * `--print` with `--format json` (`sunset fix` and the codemod): both write to stdout, the diff and the
 * JSON report back to back, which neither `git apply` nor a JSON parser can read. Nothing documents a
 * meaning for the pair, so it is refused (exit 2) before anything runs.
 */
export function refusePrintWithJson(print: boolean, format: string): void {
  if (print && format === 'json') {
    throw new UsageError(
      '--print does not go with --format json: both write to stdout (the diff and the JSON report), and neither git apply nor a JSON parser could read the two. Drop one of the two.',
    );
  }
}

/** A flag as a face declares it to node's parseArgs, with the name of its value for messages (`YYYY-MM-DD`). */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  readonly value?: string;
}

/**
 * The flag node's parseArgs names in an error: `'--name'`, `'-x'` or `'-o, --output <value>'` (the long form
 * names it best). A short flag written with `=` (`-h=1`) is split by parseArgs into `-h`, `-=`, `-1`, and the
 * error names `-=`: given the arguments, the one the user wrote (`-h=1`) is named instead.
 */
export function flagOfParseError(error: unknown, args: readonly string[] = []): string {
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(?:-\w, )?(-{1,2}[^\s',]+)/.exec(message)?.[1] ?? '';
  if (!/^-[^\w-]$/.test(flag)) return flag;
  return args.find((argument) => /^-[^-]/.test(argument) && argument.includes(flag.slice(1))) ?? flag;
}

/**
 * node's parseArgs error for a flag that misses its value, or is given one it takes none of, as the one
 * sentence `sunset` and `npx @sunset/codemod` print: `Option --as-of needs a value (YYYY-MM-DD).`,
 * `Option --dry takes no value.` Undefined for any other error.
 */
export function describeFlagValueError(error: unknown, options: Readonly<Record<string, FlagSpec>>): string | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return undefined;
  const flag = flagOfParseError(error);
  const spec = options[flag.replace(/^-+/, '')] ?? Object.values(options).find((candidate) => `-${candidate.short}` === flag);
  if (spec?.type === 'boolean') return `Option ${flag} takes no value.`;
  return `Option ${flag} needs a value${spec?.value === undefined ? '' : ` (${spec.value})`}.`;
}

/**
 * The flag a mistyped one most likely means (`--fial-on` → `fail-on`, of `names` without dashes), as
 * the config's `closestName` says it for an option (its light entry: the usage errors load no more).
 */
export function closestFlag(flag: string, names: readonly string[]): string | undefined {
  return closestName(flag.replace(/^-+/, '').split('=', 1)[0]!, names);
}
