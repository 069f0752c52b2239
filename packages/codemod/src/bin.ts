#!/usr/bin/env node
// `npx @sunset/codemod [paths...]`: the same walk, config, git guard and atomic writes as `sunset fix`,
// straight on @sunset/engine (the CLI, ESLint and chalk are not needed to run a migration; `diff`
// loads only for --print).
import { parseArgs } from 'node:util';
import {
  createPatchPrinter,
  describeFixReport,
  describeFlagValueError,
  flagOfParseError,
  fixFiles,
  fixReportJson,
  interruptedExitCode,
  interruptOnSignals,
  refusePrintWithJson,
  resolveConfig,
  UsageError,
  type PatchPrinter,
} from '@sunset/engine';

// `value` names what a flag takes in its error (`Option --as-of needs a value (YYYY-MM-DD).`), as in `sunset fix`.
const options = {
  dry: { type: 'boolean', help: '--dry                  Write nothing; report what would change.' },
  print: { type: 'boolean', help: '--print                Print a unified diff of every change to stdout (the summary goes to stderr).' },
  force: { type: 'boolean', help: '--force                Change files even when they have uncommitted changes in git.' },
  format: { type: 'string', short: 'f', value: 'human|json', help: '-f, --format human|json  Summary format (default human); json is the per-site report.' },
  'fail-on-todo': { type: 'boolean', help: '--fail-on-todo         Exit 1 when a site was left with a TODO.' },
  config: { type: 'string', value: 'FILE', help: '--config FILE          Use this config file instead of searching for sunset.config.json / package.json.' },
  'as-of': { type: 'string', value: 'YYYY-MM-DD', help: '--as-of YYYY-MM-DD     Compute phases for this day instead of today (UTC).' },
  'api-host': { type: 'string', multiple: true, value: 'HOST', help: '--api-host HOST        Only URLs with this host (or no host) count; repeat for several hosts.' },
  'identity-host': { type: 'string', multiple: true, value: 'HOST', help: '--identity-host HOST   Host of the identity provider (/sts/connect/...); repeat for several.' },
  help: { type: 'boolean', short: 'h', help: '-h, --help             Show this help.' },
} as const;

const usage = `Usage: npx @sunset/codemod [options] [paths...]

Rewrites one-to-one retired calls in place and marks the rest with TODO(sunset:<id>) comments
(the same as \`sunset fix\`, which also has --project). Refuses to change a file that has uncommitted changes in git unless --force.

Options:
${Object.values(options)
  .map((option) => `  ${option.help}`)
  .join('\n')}

Exit codes: 0 done, 1 files that could not be transformed or written (or TODOs with --fail-on-todo),
2 usage or configuration error, 130 stopped by Ctrl-C or SIGTERM (the summary says what was written).
`;

const help = 'Run `npx @sunset/codemod --help` for details.';

/** node's parseArgs errors as a sentence naming the flag and the allowed ones; a flag's value as `sunset fix` says it (the engine's sentence). */
function usageErrorOf(error: Error & { code?: string }, argv: readonly string[]): UsageError {
  const flag = flagOfParseError(error, argv);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const allowed = Object.keys(options).map((name) => `--${name}`).join(', ');
    const hint = flag === '--project' ? 'The project mode (ts-morph) is `npx @sunset/cli fix --project`.' : help;
    return new UsageError(`Unknown option ${flag}. Allowed options: ${allowed}. ${hint}`);
  }
  return new UsageError(`${describeFlagValueError(error, options) ?? error.message} ${help}`);
}

/**
 * `--print`: each change on stdout as `git diff --binary` writes it (`a/` and `b/`; a UTF-16 file's as a
 * binary patch), made as `sunset fix --print` makes it (jsdiff loaded only here).
 */
async function diffPrinter(): Promise<PatchPrinter> {
  const { createTwoFilesPatch, FILE_HEADERS_ONLY } = await import('diff');
  return createPatchPrinter(
    (oldName, newName, before, after) => createTwoFilesPatch(oldName, newName, before, after, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY }),
    (text) => void process.stdout.write(text),
  );
}

async function run(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    throw usageErrorOf(error as Error & { code?: string }, argv);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  const format = values.format ?? 'human';
  if (format !== 'human' && format !== 'json') throw new UsageError(`Invalid value for --format: ${JSON.stringify(format)}. Allowed: human, json.`);
  refusePrintWithJson(values.print === true, format);
  const cwd = process.cwd();
  const listOf = (hosts: string[] | undefined): string[] | undefined => (hosts === undefined || hosts.length === 0 ? undefined : hosts);
  const config = await resolveConfig(cwd, { config: values.config, asOf: values['as-of'], apiHosts: listOf(values['api-host']), identityHosts: listOf(values['identity-host']) });
  const patches = values.print === true ? await diffPrinter() : undefined;
  const interrupt = interruptOnSignals();
  let report;
  try {
    report = await fixFiles(positionals.length === 0 ? ['.'] : positionals, {
      cwd,
      options: config,
      baseDir: config.baseDir,
      dry: values.dry ?? false,
      force: values.force ?? false,
      ...(patches === undefined ? {} : { onChange: patches.print }),
      crossFile: true,
      // A file named on the command line reads what it imports, as `sunset check` does; only named files are changed.
      resolveNamedFiles: true,
      signal: interrupt.signal,
      tempFiles: interrupt.tempFiles,
    });
  } finally {
    interrupt.dispose();
  }
  for (const note of patches?.binaryNotes() ?? []) process.stderr.write(note);
  if (format === 'json') process.stdout.write(`${JSON.stringify(fixReportJson(report, cwd), null, 2)}\n`);
  // With --print the diff owns stdout (it can be piped to `git apply`); the summary goes to stderr, as in `sunset fix`.
  else (patches === undefined ? process.stdout : process.stderr).write(describeFixReport(report, cwd));
  if (report.summary.interrupted) return interruptedExitCode;
  if (report.errors.length > 0) return 1;
  return values['fail-on-todo'] === true && report.summary.todo > 0 ? 1 : 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`sunset-codemod: ${error.message}\n`);
  process.exitCode = 2;
}
