import { describeOptions, checkOptions, fixOptions, parseCheckArgs, parseFixArgs } from './args.js';
import type { AnalysisCore } from '@sunset/engine';
import { ExitCode, UsageError } from './errors.js';
import type { CliIo } from './io.js';
import { cliVersion } from './version.js';

/** What tests replace: parts of the rule core the engine runs, and the docs base URL. */
export interface CliDependencies {
  readonly core?: Partial<AnalysisCore>;
  /** Docs base URL for SARIF `informationUri` and `helpUri` (`<docsUrl>#<entry-id>`); undefined: the CLI's README and each rule's page at the project's address (rule-data's SUNSET_REPOSITORY). */
  readonly docsUrl?: string;
}

const mainHelp = `Usage: sunset <command> [options] [paths...]

Finds and migrates code that calls retired endpoints of the advertising platform API.

Commands:
  check            Report retired calls (the CI gate): exit 1 when one is at or past --fail-on.
  fix              Rewrite one-to-one migrations in place and leave TODO comments elsewhere.
  report           Write the migration inventory and burndown (HTML, Markdown or JSON).
  import openapi   Turn the deprecated operations of an OpenAPI description into custom entries.
  explain <name>   Explain a rule, or an entry's dates, replacements and migration, offline.

Options:
  -h, --help      Show help (\`sunset <command> --help\` for a command's options).
  -v, --version   Print the version.

Exit codes: 0 nothing to report, 1 findings (or files that could not be checked), 2 usage or config error.
`;

const checkHelp = `Usage: sunset check [options] [paths...]

Scans .js .jsx .mjs .cjs .ts .tsx .mts .cts files and the script blocks of .vue .svelte .astro files
under the paths (default: .), honouring .gitignore.

Options:
${describeOptions(checkOptions)}

Exit codes: 0 nothing at or past --fail-on, 1 findings at or past it or files that could not be checked,
2 usage or configuration error.
`;

const fixHelp = `Usage: sunset fix [options] [paths...]

Rewrites one-to-one retired calls in place and marks the rest with TODO(sunset:<id>) comments.
Refuses to change a file that has uncommitted changes in git (it names them) unless --force.

Options:
${describeOptions(fixOptions)}

Exit codes: 0 done (TODOs are reported, not failures, unless --fail-on-todo), 1 files that could not
be transformed or TODOs with --fail-on-todo, 2 usage or configuration error.
`;

/**
 * Runs the `sunset` command line; never calls process.exit, returns the exit code. Each command's
 * code is imported when that command runs, so `--version`, `--help` and usage errors load neither
 * the engine nor the parser.
 */
export async function main(argv: readonly string[], io: CliIo, deps: CliDependencies = {}): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check': {
        const args = parseCheckArgs(rest);
        if (args.help) return printHelp(io, checkHelp);
        const { runCheck } = await import('./check/run-check.js');
        return await runCheck(args, io, { toolVersion: cliVersion(), ...docs(deps), ...core(deps) });
      }
      case 'fix': {
        const args = parseFixArgs(rest);
        if (args.help) return printHelp(io, fixHelp);
        const { runFix } = await import('./fix/run-fix.js');
        return await runFix(args, io, core(deps));
      }
      case 'report': {
        // The report, its chart library and git history reading load only for this command.
        const { runReport } = await import('@sunset/report');
        return await runReport(rest, io);
      }
      case 'explain': {
        const { runExplain } = await import('./explain/run-explain.js');
        return await runExplain(rest, io);
      }
      case 'import': {
        // The importer and its OpenAPI parser load only for this command.
        const { runImportOpenApi } = await import('@sunset/openapi');
        return await runImportOpenApi(rest, io);
      }
      case '-h':
      case '--help':
      case 'help':
        return printHelp(io, mainHelp);
      case '-v':
      case '--version':
        io.stdout.write(`${cliVersion()}\n`);
        return ExitCode.ok;
      case undefined:
        io.stderr.write(mainHelp);
        return ExitCode.usage;
      default:
        throw new UsageError(`Unknown command ${JSON.stringify(command)}. Use \`sunset check\`, \`sunset fix\`, \`sunset report\`, \`sunset import openapi\` or \`sunset explain\` (see \`sunset --help\`).`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`sunset: ${error.message}\n`);
    return ExitCode.usage;
  }
}

function printHelp(io: CliIo, text: string): number {
  io.stdout.write(text);
  return ExitCode.ok;
}

function docs(deps: CliDependencies): { docsUrl?: string } {
  return deps.docsUrl === undefined ? {} : { docsUrl: deps.docsUrl };
}

function core(deps: CliDependencies): { core?: Partial<AnalysisCore> } {
  return deps.core === undefined ? {} : { core: deps.core };
}
