import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCheckArgs, parseFixArgs } from '../src/args.js';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(makeTree({}));
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('command line', () => {
  it('prints the package version for --version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });

  it('prints the commands for --help and the check options for check --help', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out.split('\n')).toEqual([
      'Usage: sunset <command> [options] [paths...]',
      '',
      'Finds and migrates code that calls retired endpoints of the advertising platform API.',
      '',
      'Commands:',
      '  check            Report retired calls (the CI gate): exit 1 when one is at or past --fail-on.',
      '  fix              Rewrite one-to-one migrations in place and leave TODO comments elsewhere.',
      '  report           Write the migration inventory and burndown (HTML, Markdown or JSON).',
      '  import openapi   Turn the deprecated operations of an OpenAPI description into custom entries.',
      "  explain <name>   Explain a rule, or an entry's dates, replacements and migration, offline.",
      '',
      'Options:',
      "  -h, --help      Show help (`sunset <command> --help` for a command's options).",
      '  -v, --version   Print the version.',
      '',
      'Exit codes: 0 nothing to report, 1 findings (or files that could not be checked), 2 usage or config error.',
      '',
    ]);
    const checkHelp = await run(['check', '--help']);
    expect(checkHelp.code).toBe(0);
    expect(checkHelp.out).toBe(
      [
        'Usage: sunset check [options] [paths...]',
        '',
        'Scans .js .jsx .mjs .cjs .ts .tsx .mts .cts files and the script blocks of .vue .svelte .astro files',
        'under the paths (default: .), honouring .gitignore.',
        '',
        'Options:',
        '  -f, --format <FORMAT[=FILE]>         Report format: stylish, json, sarif, github, gitlab, junit (default stylish). Repeat with =FILE for more reports of the same run, e.g. --format github --format sarif=sunset.sarif.',
        '  -o, --output <FILE>                  Write the report (the --format without =FILE) to FILE instead of stdout.',
        '      --fail-on <deprecated|retired>   Exit 1 on findings in this phase or later (default deprecated).',
        '      --update-baseline                Record the current findings in the baseline file and exit 0.',
        '      --baseline <FILE>                Baseline file (default .sunset-baseline.json next to the config).',
        '      --baseline-expires <YYYY-MM-DD>  With --update-baseline: the baseline stops suppressing after this day (today or later).',
        '      --stats                          With --format json: add the time spent walking, reading, prefiltering, parsing, indexing and checking.',
        '      --changed-since <GIT-REF>        Check the files changed since the merge base with GIT-REF (e.g. origin/main), reading what they import, and report the findings on added or changed lines.',
        '      --concurrency <N|auto>           Threads that read, parse and check (default auto: one below 1,500 files, else one per core but one, at most 4).',
        '      --repo-name <NAME>               With --format json: record the repository as NAME (default: GITHUB_REPOSITORY / CI_PROJECT_PATH, the origin remote, the folder).',
        '      --project [TSCONFIG]             Whole-program mode on the TypeScript checker: also through path aliases, namespace imports and wrapper functions (default: the nearest tsconfig.json or jsconfig.json).',
        '      --config <FILE>                  Use this config file instead of searching for sunset.config.json / package.json.',
        '      --as-of <YYYY-MM-DD>             Compute phases for this day instead of today (UTC).',
        '      --api-host <HOST>                Only URLs with this host (or no host) count; repeat for several hosts.',
        '      --identity-host <HOST>           Host of the identity provider (/sts/connect/...) for the OAuth rules; repeat for several.',
        '  -h, --help                           Show this help.',
        '',
        'Exit codes: 0 nothing at or past --fail-on, 1 findings at or past it or files that could not be checked,',
        '2 usage or configuration error.',
        '',
      ].join('\n'),
    );
  });

  it('exits 2 naming an unknown flag and the allowed ones', async () => {
    expect(await run(['check', '--fial-on', 'retired'])).toEqual({
      code: 2,
      out: '',
      err:
        'sunset: Unknown option --fial-on for `sunset check`. Did you mean --fail-on? Allowed options: --format, --output, --fail-on, --update-baseline, ' +
        '--baseline, --baseline-expires, --stats, --changed-since, --concurrency, --repo-name, --project, --config, --as-of, --api-host, --identity-host, --help. Run `sunset check --help` for details.\n',
    });
  });

  it('names the flag a mistyped one likely means (letter case aside), and none where no flag is near', async () => {
    const fixFlags = '--dry, --print, --format, --force, --fail-on-todo, --concurrency, --project, --config, --as-of, --api-host, --identity-host, --help';
    const checkFlags =
      '--format, --output, --fail-on, --update-baseline, --baseline, --baseline-expires, --stats, --changed-since, --concurrency, --repo-name, --project, --config, --as-of, --api-host, --identity-host, --help';
    expect(await run(['fix', '--drry'])).toEqual({ code: 2, out: '', err: `sunset: Unknown option --drry for \`sunset fix\`. Did you mean --dry? Allowed options: ${fixFlags}. Run \`sunset fix --help\` for details.\n` });
    expect(await run(['check', '--API-HOST=x'])).toEqual({
      code: 2,
      out: '',
      err: `sunset: Unknown option --API-HOST for \`sunset check\`. Did you mean --api-host? Allowed options: ${checkFlags}. Run \`sunset check --help\` for details.\n`,
    });
    // Two letters off in a three-letter flag is no near miss.
    expect(await run(['fix', '--dyr'])).toEqual({ code: 2, out: '', err: `sunset: Unknown option --dyr for \`sunset fix\`. Allowed options: ${fixFlags}. Run \`sunset fix --help\` for details.\n` });
    expect(await run(['check', '--verbose'])).toEqual({ code: 2, out: '', err: `sunset: Unknown option --verbose for \`sunset check\`. Allowed options: ${checkFlags}. Run \`sunset check --help\` for details.\n` });
  });

  it('exits 2 naming a flag with a value outside the allowed ones', async () => {
    expect(await run(['check', '--format', 'xml'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Invalid value for --format: "xml". Allowed: stylish, json, sarif, github, gitlab, junit.\n',
    });
    expect((await run(['check', '--fail-on=scheduled'])).err).toBe(
      'sunset: Invalid value for --fail-on: "scheduled". Allowed: deprecated, retired.\n',
    );
    expect((await run(['fix', '--format', 'sarif'])).err).toBe('sunset: Invalid value for --format: "sarif". Allowed: human, json.\n');
  });

  it('exits 2 when a flag misses its value or a boolean flag gets one', async () => {
    expect(await run(['check', '--output'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Option --output needs a value (FILE). Run `sunset check --help` for details.\n',
    });
    expect((await run(['fix', '--dry=yes'])).err).toBe('sunset: Option --dry takes no value. Run `sunset fix --help` for details.\n');
  });

  it('exits 2 on a bad --as-of, naming the flag', async () => {
    expect(await run(['check', '--as-of', '2019-02-30'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Invalid value for --as-of: "2019-02-30" is not a day on the calendar. Fix it and run again.\n',
    });
  });

  it('exits 2 on an unknown command and on no command', async () => {
    expect(await run(['lint'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Unknown command "lint". Use `sunset check`, `sunset fix`, `sunset report`, `sunset import openapi` or `sunset explain` (see `sunset --help`).\n',
    });
    const none = await run([]);
    const help = await run(['--help']);
    expect(none).toEqual({ code: 2, out: '', err: help.out });
  });

  it('exits 2 naming a path that does not exist', async () => {
    expect(await run(['check', 'no-such-dir'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Cannot read path "no-such-dir": it does not exist (ENOENT). Check the path and try again.\n',
    });
  });
});

describe('--project [TSCONFIG]', () => {
  const parsed = (argv: string[]): { project: unknown; paths: readonly string[] } => {
    const { project, paths } = parseCheckArgs(argv);
    return { project, paths };
  };

  it('takes the next argument as the tsconfig only when it ends in .json', () => {
    expect(parsed(['--project'])).toEqual({ project: { tsconfig: undefined }, paths: ['.'] });
    expect(parsed(['--project', 'tsconfig.app.json', 'src'])).toEqual({ project: { tsconfig: 'tsconfig.app.json' }, paths: ['src'] });
    expect(parsed(['--project', 'src'])).toEqual({ project: { tsconfig: undefined }, paths: ['src'] });
    expect(parsed(['src', '--project', '--format', 'json'])).toEqual({ project: { tsconfig: undefined }, paths: ['src'] });
    expect(parsed(['--project=configs/tsconfig.base.json', 'src'])).toEqual({ project: { tsconfig: 'configs/tsconfig.base.json' }, paths: ['src'] });
    expect(parsed(['src'])).toEqual({ project: undefined, paths: ['src'] });
  });

  it('leaves arguments after -- alone, and keeps every other flag working beside it', () => {
    expect(parsed(['--', '--project'])).toEqual({ project: undefined, paths: ['--project'] });
    const check = parseCheckArgs(['--project', 'tsconfig.json', '--format', 'sarif', '--fail-on', 'retired', '--baseline', 'b.json', '--changed-since', 'origin/main']);
    expect([check.project, check.format, check.failOn, check.baseline, check.changedSince]).toEqual([{ tsconfig: 'tsconfig.json' }, 'sarif', 'retired', 'b.json', 'origin/main']);
    const fix = parseFixArgs(['--dry', '--project', '--print']);
    expect([fix.project, fix.dry, fix.print]).toEqual([{ tsconfig: undefined }, true, true]);
  });

  it('exits 2 on --project= without a value, saying what to write', async () => {
    expect(await run(['check', '--project='])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Option --project= needs a value (a tsconfig.json path); write --project alone to use the nearest tsconfig.json.\n',
    });
  });

  it('exits 2 on --project with --stats, naming both flags', async () => {
    const io = captureIo(makeTree({ 'tsconfig.json': '{}\n', 'src/a.ts': 'export {};\n' }));
    expect({ code: await main(['check', '--project', '--stats', '--format', 'json'], io), out: io.out(), err: io.err() }).toEqual({
      code: 2,
      out: '',
      err: 'sunset: --stats does not go with --project: it times the phases of the default mode only. Drop one of the two.\n',
    });
  });

  it('exits 2 on fix --print with --format json, naming both flags, as the diff and the JSON would share stdout', async () => {
    const retired = "export const list = () => fetch('/v1/campaigns');\n";
    const root = makeTree({ 'src/a.ts': retired });
    const seen = [];
    for (const argv of [['--print', '--format', 'json'], ['--dry', '-f', 'json', '--print'], ['--print', '--format=json', '--project']]) {
      const io = captureIo(root);
      seen.push({ code: await main(['fix', ...argv], io), out: io.out(), err: io.err() });
    }
    const refused = {
      code: 2,
      out: '',
      err: 'sunset: --print does not go with --format json: both write to stdout (the diff and the JSON report), and neither git apply nor a JSON parser could read the two. Drop one of the two.\n',
    };
    expect(seen).toEqual([refused, refused, refused]);
    expect(readFileSync(path.join(root, 'src/a.ts'), 'utf8')).toBe(retired);
  });

  it('exits 2 on --stats or --repo-name without --format json, naming the flag, as nothing would record them', async () => {
    const root = makeTree({ 'src/a.ts': 'export {};\n' });
    const seen = [];
    for (const argv of [['--stats'], ['--stats', '--format', 'sarif'], ['--repo-name', 'acme/web'], ['--repo-name', 'acme/web', '--format', 'github']]) {
      const io = captureIo(root);
      seen.push({ code: await main(['check', ...argv], io), out: io.out(), err: io.err() });
    }
    const stats = 'sunset: --stats only applies with --format json (the timings are written in its report). Add --format json (or --format json=FILE) or drop --stats.\n';
    const repoName = 'sunset: --repo-name only applies with --format json (the other formats do not record the repository). Add --format json (or --format json=FILE) or drop --repo-name.\n';
    expect(seen).toEqual([
      { code: 2, out: '', err: stats },
      { code: 2, out: '', err: stats },
      { code: 2, out: '', err: repoName },
      { code: 2, out: '', err: repoName },
    ]);
  });

  it('lists --project in the fix help', async () => {
    expect((await run(['fix', '--help'])).out.split('\n').filter((line) => line.includes('--project'))).toEqual([
      '      --project [TSCONFIG]    Whole-program mode on the TypeScript checker: also through path aliases, namespace imports and wrapper functions (default: the nearest tsconfig.json or jsconfig.json).',
    ]);
  });
});
