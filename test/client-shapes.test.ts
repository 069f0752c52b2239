import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ensureBuilt, makeTempDir, parseJson, repoRootPath, runSunset, type RunResult } from './support/cli.js';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';

// Issue 21's first acceptance point: fixtures/client-shapes holds each client shape the issue lists
// (a base in another file, a defaulted constructor parameter, a field initializer, axios.defaults, a
// factory, a SOAP envelope built by a helper, a constant whose method cannot be seen) and its
// negatives. Every face is pinned file by file: `sunset check`, `sunset check --project` and `sunset fix`
// (with and without --project) with the built binary on a copy, and ESLint with the plugin. The target is
// expected-findings.json, expected-fix/ and expected-fix-project/; where today's build falls short the
// test of that file is `it.fails`, with the gap's name from the fixture's README.

const fixture = repoRootPath('fixtures/client-shapes');

interface ExpectedFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly entry?: string;
  readonly retired?: string;
  readonly host?: string;
  readonly message?: string;
  readonly related?: readonly string[];
}

interface Expected {
  readonly asOf: string;
  readonly check: { readonly otherHosts: number; readonly findings: readonly ExpectedFinding[] };
  readonly project: { readonly otherHosts: number; readonly findings: readonly ExpectedFinding[] };
  readonly eslint: { readonly findings: readonly ExpectedFinding[] };
}

interface JsonFinding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly entry?: string;
  readonly retired?: string;
  readonly host?: string;
  readonly related?: readonly { file?: string; line: number; column: number; message: string }[];
}

interface CheckReport {
  readonly findings: readonly JsonFinding[];
  readonly errors: readonly unknown[];
  readonly notScanned: readonly unknown[];
  readonly otherHosts?: number;
}

interface FixReport {
  readonly errors: readonly unknown[];
  readonly summary: { readonly changed: number; readonly written: number };
}

const expected = JSON.parse(readFileSync(path.join(fixture, 'expected-findings.json'), 'utf8')) as Expected;
const asOf = ['--as-of', expected.asOf] as const;
const sourceFiles = fg.sync('src/**/*', { cwd: fixture }).sort();

/**
 * What today's build does not do yet (the README's Gaps), by face and file: those tests are `it.fails`
 * and start to fail, asking to be turned back into `it`, once the build does it. None is open (G1 to G5 are closed).
 */
const gaps: Readonly<Record<string, string>> = {};

/** `it`, or `it.fails` with the gap in its name when `key` is a known gap. */
function pinned(key: string, name: string, test: () => void | Promise<void>): void {
  const gap = gaps[key];
  if (gap === undefined) it(name, test);
  else it.fails(`${name} (${gap})`, test);
}

const position = (finding: { file: string; line: number; column: number }): string => `${finding.file}:${finding.line}:${finding.column}`;
const withoutRelated = (finding: ExpectedFinding): ExpectedFinding => {
  const copy = { ...finding };
  delete copy.related;
  return copy;
};

/** A JSON finding in expected-findings.json's form: related places as `file:line:column message`. */
function asExpected(finding: JsonFinding): ExpectedFinding {
  const { file, line, column, rule, entry, retired, host } = finding;
  const related = finding.related?.map((place) => `${place.file ?? file}:${place.line}:${place.column} ${place.message}`);
  return { file, line, column, rule, entry, retired, host, ...(related === undefined ? {} : { related }) };
}

/** Each file's bytes and modification time: a run that writes nothing leaves them all as they were. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    fg.sync('src/**/*', { cwd: dir }).map((file) => [file, `${statSync(path.join(dir, file)).mtimeMs} ${readFileSync(path.join(dir, file), 'base64')}`]),
  );
}

let work = '';
let cleanup: (() => Promise<void>) | undefined;
/** A fresh copy of the fixture in a temporary folder outside git (the runs read and write its src/ only). */
const copyOfFixture = (name: string): Promise<string> => copyFixture('fixtures/client-shapes', path.join(work, name));

beforeAll(async () => {
  await ensureBuilt();
  ({ dir: work, cleanup } = await makeTempDir('client-shapes'));
});
afterAll(() => cleanup?.());

for (const [face, args] of [
  ['check', []],
  ['project', ['--project', 'tsconfig.json']],
] as const) {
  describe(`sunset check ${args.join(' ')}`.trim(), () => {
    let result: RunResult;
    let report: CheckReport;
    let found: ExpectedFinding[] = [];
    const want = expected[face];
    beforeAll(async () => {
      const copy = await copyOfFixture(`check-${face}`);
      result = await runSunset(['check', ...args, ...asOf, '--format', 'json', 'src'], { cwd: copy });
      report = parseJson<CheckReport>(result);
      found = report.findings.map(asExpected);
    });

    it('exits 1 on the retired calls, every file read and parsed', () => {
      expect([result.code, report.errors, report.notScanned]).toEqual([1, [], []]);
    });

    pinned(`${face} otherHosts`, `counts the requests to another vendor's host it leaves out: ${want.otherHosts}`, () => {
      expect(report.otherHosts).toBe(want.otherHosts);
    });

    for (const file of sourceFiles) {
      const mine = want.findings.filter((finding) => finding.file === file);
      const title = mine.length === 0 ? 'nothing' : mine.map((finding) => `${finding.line}:${finding.column} ${finding.retired}`).join(', ');
      pinned(`${face} findings ${file}`, `${file}: ${title}`, () => {
        expect(found.filter((finding) => finding.file === file).map(withoutRelated)).toEqual(mine.map(withoutRelated));
      });
      if (mine.some((finding) => finding.related !== undefined)) {
        pinned(`${face} related ${file}`, `${file}: the related places of its findings`, () => {
          const related = (list: readonly ExpectedFinding[]): string[][] => list.filter((finding) => finding.file === file).map((finding) => [position(finding), ...(finding.related ?? [])]);
          expect(related(found)).toEqual(related(mine));
        });
      }
    }
  });
}

describe('ESLint with the plugin (each file with the modules it imports by relative path)', () => {
  let found: ExpectedFinding[] = [];
  beforeAll(async () => {
    const results = await eslintWithPlugin(fixture, expected.asOf).lintFiles(['src']);
    found = results.flatMap((result) =>
      result.messages.map((message) => ({
        file: path.relative(fixture, result.filePath).split(path.sep).join('/'),
        line: message.line,
        column: message.column,
        rule: message.ruleId ?? `fatal: ${message.message}`,
        message: message.message,
      })),
    );
  });

  for (const file of sourceFiles) {
    const mine = expected.eslint.findings.filter((finding) => finding.file === file);
    it(`${file}: ${mine.length === 0 ? 'nothing' : mine.map((finding) => `${finding.line}:${finding.column}`).join(', ')}`, () => {
      expect(found.filter((finding) => finding.file === file).sort((a, b) => a.line - b.line || a.column - b.column)).toEqual(mine);
    });
  }
});

for (const [face, args, overlays] of [
  ['fix', [], ['expected-fix']],
  ['project fix', ['--project', 'tsconfig.json'], ['expected-fix', 'expected-fix-project']],
] as const) {
  describe(`sunset fix ${args.join(' ')}`.trim(), () => {
    let copy = '';
    let first: RunResult;
    /** Each source file as the fix must leave it: the fixture's, or the last overlay's that holds it. */
    const target = (file: string): string => {
      const from = [...overlays].reverse().find((overlay) => fg.sync(file, { cwd: path.join(fixture, overlay) }).length > 0);
      return readFileSync(path.join(fixture, from ?? '.', file), 'utf8');
    };
    beforeAll(async () => {
      copy = await copyOfFixture(face.replace(' ', '-'));
      first = await runSunset(['fix', ...args, ...asOf, '--format', 'json', 'src'], { cwd: copy });
    });

    it('exits 0, every file fixed or left as it was', () => {
      expect([first.code, parseJson<FixReport>(first).errors]).toEqual([0, []]);
    });

    for (const file of sourceFiles) {
      const changes = overlays.some((overlay) => fg.sync(file, { cwd: path.join(fixture, overlay) }).length > 0);
      pinned(`${face} ${file}`, `${file}: ${changes ? 'as in the expected tree, byte for byte' : 'unchanged'}`, () => {
        expect(readFileSync(path.join(copy, file), 'utf8')).toBe(target(file));
      });
    }

    it('a second run changes nothing: exit 0, no file written', async () => {
      const before = snapshot(copy);
      const second = await runSunset(['fix', ...args, ...asOf, '--format', 'json', 'src'], { cwd: copy });
      const { summary } = parseJson<FixReport>(second);
      expect([second.code, summary.changed, summary.written]).toEqual([0, 0, 0]);
      expect(snapshot(copy)).toEqual(before);
    });
  });
}
