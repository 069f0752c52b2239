#!/usr/bin/env node
// `npx @sunset/codemod [paths...]`: the same walk, config, git guard and atomic writes as `sunset fix`,
// straight on @sunset/engine (the CLI, ESLint, chalk and diff are not needed to run a migration).
import { parseArgs } from 'node:util';
import { describeFixReport, fixFiles, fixReportJson, resolveConfig, UsageError } from '@sunset/engine';

const usage = `Usage: npx @sunset/codemod [options] [paths...]

Rewrites one-to-one retired calls in place and marks the rest with TODO(sunset:<id>) comments
(the same as \`sunset fix\`). Refuses to run in a git work tree with uncommitted changes unless --force.

Options:
  --dry                  Write nothing; report what would change.
  --force                Run even when the git work tree has uncommitted changes.
  --format human|json    Summary format (default human).
  --config FILE          Use this config file instead of searching for sunset.config.json / package.json.
  --as-of YYYY-MM-DD     Compute phases for this day instead of today (UTC).
  --api-host HOST        Only URLs with this host (or no host) count; repeat for several hosts.
  -h, --help             Show this help.

Exit codes: 0 done, 1 files that could not be transformed or written, 2 usage or configuration error.
`;

async function run(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      dry: { type: 'boolean' },
      force: { type: 'boolean' },
      format: { type: 'string' },
      config: { type: 'string' },
      'as-of': { type: 'string' },
      'api-host': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  const format = values.format ?? 'human';
  if (format !== 'human' && format !== 'json') throw new UsageError(`Invalid value for --format: ${JSON.stringify(format)}. Allowed: human, json.`);
  const cwd = process.cwd();
  const apiHosts = values['api-host'];
  const config = await resolveConfig(cwd, { config: values.config, asOf: values['as-of'], apiHosts: apiHosts?.length === 0 ? undefined : apiHosts });
  const report = await fixFiles(positionals.length === 0 ? ['.'] : positionals, {
    cwd,
    options: config,
    baseDir: config.baseDir,
    dry: values.dry ?? false,
    force: values.force ?? false,
  });
  process.stdout.write(format === 'json' ? `${JSON.stringify(fixReportJson(report, cwd), null, 2)}\n` : describeFixReport(report, cwd));
  return report.errors.length > 0 ? 1 : 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  const isUsage = error instanceof UsageError || (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS') === true;
  if (!isUsage) throw error;
  process.stderr.write(`sunset-codemod: ${(error as Error).message} Run \`npx @sunset/codemod --help\` for the options.\n`);
  process.exitCode = 2;
}
