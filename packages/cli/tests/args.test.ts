import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
    expect(help.out).toContain('  check   Report retired calls (the CI gate)');
    const checkHelp = await run(['check', '--help']);
    expect(checkHelp.code).toBe(0);
    expect(checkHelp.out).toContain('  -f, --format <stylish|json|sarif|github>');
    expect(checkHelp.out).toContain('      --fail-on <deprecated|retired>');
  });

  it('exits 2 naming an unknown flag and the allowed ones', async () => {
    expect(await run(['check', '--fial-on', 'retired'])).toEqual({
      code: 2,
      out: '',
      err:
        'sunset: Unknown option --fial-on for `sunset check`. Allowed options: --format, --output, --fail-on, --update-baseline, ' +
        '--baseline, --baseline-expires, --config, --as-of, --api-host, --identity-host, --help. Run `sunset check --help` for details.\n',
    });
  });

  it('exits 2 naming a flag with a value outside the allowed ones', async () => {
    expect(await run(['check', '--format', 'xml'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Invalid value for --format: "xml". Allowed: stylish, json, sarif, github.\n',
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
      err: 'sunset: --as-of "2019-02-30" is not a day on the calendar.\n',
    });
  });

  it('exits 2 on an unknown command and on no command', async () => {
    expect(await run(['lint'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Unknown command "lint". Use `sunset check` or `sunset fix` (see `sunset --help`).\n',
    });
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/^Usage: sunset <command>/);
  });

  it('exits 2 naming a path that does not exist', async () => {
    expect(await run(['check', 'no-such-dir'])).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Cannot read path "no-such-dir": it does not exist. Check the path and try again.\n',
    });
  });
});
