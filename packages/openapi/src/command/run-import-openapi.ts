import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RuleDataError, todayUtc } from '@sunset/rule-data';
import { isHttpUrl, type ReadLimits } from '../description/read-source.js';
import { formatConfig, importOpenApi, type ImportOpenApiResult } from '../import-openapi.js';
import { formatProblem, OpenApiImportError } from '../problems.js';
import { ImportUsageError, importHelp, parseImportArgs, type ImportArgs } from './import-args.js';
import { describeChanges } from './describe-changes.js';

/** Where the command reads, writes and reports; the CLI passes its own io, tests theirs. */
export interface ImportOpenApiIo {
  /** Paths on the command line are relative to it. */
  readonly cwd: string;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Reads the config file; rejects with `code: 'ENOENT'` when it does not exist. Default: node's fs. */
  readonly readFile?: (filePath: string) => Promise<string>;
  /** Writes the config file; default: node's fs, through a temporary file renamed into place. */
  readonly writeFile?: (filePath: string, text: string) => Promise<void>;
  /** The clock: the day of the import. Default: the system clock. */
  readonly now?: () => Date;
  /** Limits for reading the descriptions (tests lower them); default `defaultReadLimits`. */
  readonly limits?: Partial<ReadLimits>;
}

const exitCode = { ok: 0, outOfDate: 1, usage: 2 } as const;
/** The problems of a description that cannot be imported, before the rest are counted (a truncated file gives thousands). */
const maxProblemsShown = 20;

/**
 * Writes through a temporary file renamed into place, creating missing folders as `check --output`
 * does. An error names the file asked for, never the temporary one.
 */
async function writeAtomically(filePath: string, text: string): Promise<void> {
  const temporary = `${filePath}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, filePath);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error instanceof Error ? new Error(error.message.replaceAll(temporary, filePath)) : error;
  }
}

/** The config as it is on disk: its text and value, or undefined when there is no file. */
async function readConfig(io: ImportOpenApiIo, filePath: string, name: string): Promise<{ text: string; value: unknown } | undefined> {
  let text: string;
  try {
    text = await (io.readFile ?? ((file: string) => readFile(file, 'utf8')))(filePath);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new ImportUsageError(`Cannot read the config ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (error) {
    throw new ImportUsageError(`The config ${name} is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it or choose another file with --out.`);
  }
}

const entries = (count: number, adjective = ''): string => `${count} ${adjective}${count === 1 ? 'entry' : 'entries'}`;

function describeResult(result: ImportOpenApiResult, spec: string): string {
  const { deprecated, removed, kept, api } = result.summary;
  const counts = `${entries(result.entries.length)} from ${spec} (${deprecated} deprecated, ${removed} removed)`;
  const hosts = api === undefined ? '' : api.config.hosts.includes('*') ? 'every host' : api.config.hosts.join(', ');
  const apiText = api === undefined ? '' : ` for the API ${api.id} on ${hosts}`;
  const keptText = kept === 0 ? '' : `; ${entries(kept, 'other ')} kept`;
  return `${counts}${apiText}${keptText}`;
}

/**
 * `sunset import openapi <spec> [--previous FILE] [--out FILE] [--deprecated-on DAY] [--sunset-on DAY] [--check]`.
 * `argv` is what follows `sunset import` (so it starts with `openapi`). Never exits the process;
 * returns 0 (written, or up to date with --check), 1 (--check: out of date) or 2 (usage, config or
 * description error, each message naming the flag, the field or the description's JSON pointer).
 */
export async function runImportOpenApi(argv: readonly string[], io: ImportOpenApiIo): Promise<number> {
  let args: ImportArgs | 'help';
  try {
    args = parseImportArgs(argv);
  } catch (error) {
    if (!(error instanceof ImportUsageError)) throw error;
    io.stderr.write(`sunset: ${error.message}\n`);
    return exitCode.usage;
  }
  if (args === 'help') {
    io.stdout.write(importHelp);
    return exitCode.ok;
  }
  const { verbose } = args;
  const outPath = path.resolve(io.cwd, args.out);
  const specName = isHttpUrl(args.spec) ? args.spec : path.relative(path.dirname(outPath), path.resolve(io.cwd, args.spec)).split(path.sep).join('/');
  try {
    const onDisk = await readConfig(io, outPath, args.out);
    const result = await importOpenApi({
      spec: args.spec,
      ...(args.previous === undefined ? {} : { previous: args.previous }),
      ...(args.deprecatedOn === undefined ? {} : { deprecatedOn: args.deprecatedOn }),
      ...(args.sunsetOn === undefined ? {} : { sunsetOn: args.sunsetOn }),
      today: todayUtc(io.now === undefined ? new Date() : io.now()),
      existingConfig: onDisk?.value,
      cwd: io.cwd,
      specName,
      configName: args.out,
      ...(io.limits === undefined ? {} : { limits: io.limits }),
      verbose: args.verbose,
    });
    for (const warning of result.warnings) io.stderr.write(`sunset: warning: ${formatProblem(warning)}\n`);
    const text = formatConfig(result.config);
    if (args.check) {
      const covered = result.summary.coveredByOtherDescriptions;
      if (result.entries.length === 0 && covered.length > 0) {
        // Nothing of this description is in the config: other descriptions' entries stand for it, and may be out of date with it.
        io.stdout.write(
          `${args.out} is not checked against ${args.spec}: none of its operations is imported, because entries another description gave retire the same calls (${covered.join(', ')}). ` +
            'If it is a new version of that description, import it under the name it was imported from (the entries\' service label names it), or remove those entries and import it.\n',
        );
        return exitCode.outOfDate;
      }
      if (onDisk !== undefined && isDeepStrictEqual(onDisk.value, result.config)) {
        io.stdout.write(`${args.out} is up to date with ${args.spec}.\n`);
        return exitCode.ok;
      }
      const changes = onDisk === undefined ? 'the file does not exist' : describeChanges(onDisk.value, result, specName);
      io.stdout.write(`${args.out} is out of date with ${args.spec}: ${changes}. Run the same command without --check to update it.\n`);
      return exitCode.outOfDate;
    }
    if (onDisk?.text === text) {
      io.stdout.write(`${args.out} is up to date: ${describeResult(result, args.spec)}.\n`);
      return exitCode.ok;
    }
    try {
      await (io.writeFile ?? writeAtomically)(outPath, text);
    } catch (error) {
      throw new ImportUsageError(`Cannot write the config ${args.out}: ${error instanceof Error ? error.message : String(error)}. Choose another --out path.`);
    }
    io.stdout.write(`Wrote ${args.out}: ${describeResult(result, args.spec)}.\n`);
    return exitCode.ok;
  } catch (error) {
    if (error instanceof OpenApiImportError) {
      const shown = verbose ? error.problems : error.problems.slice(0, maxProblemsShown);
      for (const problem of shown) io.stderr.write(`sunset: ${formatProblem(problem)}\n`);
      const more = error.problems.length - shown.length;
      if (more > 0) io.stderr.write(`sunset: … and ${more} more ${more === 1 ? 'problem' : 'problems'} (${error.problems.length} in all; --verbose lists every one).\n`);
      return exitCode.usage;
    }
    if (error instanceof ImportUsageError || error instanceof RuleDataError) {
      io.stderr.write(`sunset: ${error.message}\n`);
      return exitCode.usage;
    }
    throw error;
  }
}
