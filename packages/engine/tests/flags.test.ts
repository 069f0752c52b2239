import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeFlagValueError, flagOfParseError, refusePrintWithJson, type FlagSpec } from '../src/flags.js';

// The flag sentences `sunset fix` and `npx @sunset/codemod` share: one wording, whichever face parsed.

const options = {
  dry: { type: 'boolean' },
  format: { type: 'string', short: 'f', value: 'human|json' },
  'as-of': { type: 'string', value: 'YYYY-MM-DD' },
  note: { type: 'string' },
} as const satisfies Record<string, FlagSpec>;

/** What node's parseArgs throws for `args`. */
function parseError(args: readonly string[]): unknown {
  try {
    parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    return error;
  }
  throw new Error(`${args.join(' ')} parsed`);
}

describe('describeFlagValueError', () => {
  it.each([
    [['--as-of'], 'Option --as-of needs a value (YYYY-MM-DD).'],
    [['--as-of', '--dry'], 'Option --as-of needs a value (YYYY-MM-DD).'],
    [['-f'], 'Option --format needs a value (human|json).'],
    [['--note'], 'Option --note needs a value.'],
    [['--dry=yes'], 'Option --dry takes no value.'],
  ])('%j: %s', (args, sentence) => {
    expect(describeFlagValueError(parseError(args), options)).toBe(sentence);
  });

  it('leaves other errors to the face (an unknown flag names the command)', () => {
    const unknown = parseError(['--nope']);
    expect([describeFlagValueError(unknown, options), flagOfParseError(unknown)]).toEqual([undefined, '--nope']);
  });

  it.each([
    [['-x'], '-x'],
    [['--help', '-h=1'], '-h=1'],
    [['-h.'], '-h.'],
    [['-hx'], '-x'],
  ])('names the flag %j as written: %s', (args, flag) => {
    let error: unknown;
    try {
      parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, strict: true });
    } catch (caught) {
      error = caught;
    }
    expect(flagOfParseError(error, args)).toBe(flag);
  });
});

describe('refusePrintWithJson', () => {
  it('refuses --print with --format json, naming both, and lets every other pair through', () => {
    expect(() => refusePrintWithJson(true, 'json')).toThrow(
      '--print does not go with --format json: both write to stdout (the diff and the JSON report), and neither git apply nor a JSON parser could read the two. Drop one of the two.',
    );
    expect(() => [refusePrintWithJson(true, 'human'), refusePrintWithJson(false, 'json')]).not.toThrow();
  });
});
