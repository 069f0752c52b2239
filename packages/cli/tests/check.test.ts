import { existsSync, linkSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { indexFile } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { fakeCore } from '../../engine/tests/helpers.js';
import { captureIo, makeTree, withoutOrigin } from './helpers.js';

// `sunset check` through `main`, on the real rule core unless a test says otherwise: `fetch('/v1/campaigns')`
// is GET /v1/campaigns (general availability ended 2018-10-01, support ended 2019-10-01).
const retiredCall = "fetch('/v1/campaigns');\n";
const listMessage = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';

/** The JSON finding of `fetch('/v1/campaigns')` at `file:line:column`. */
function listFinding(file: string, line: number, column: number, phase: 'scheduled' | 'deprecated' | 'retired' = 'retired'): object {
  const message = {
    scheduled: 'GET /v1/campaigns is scheduled for retirement (general availability ends 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/campaigns.',
    deprecated: 'GET /v1/campaigns is deprecated (general availability ended 2018-10-01, support ends 2019-10-01): use GET /v1/buyer/campaigns.',
    retired: listMessage,
  }[phase];
  return {
    file,
    line,
    column,
    rule: 'sunset/no-legacy-rest-path',
    message,
    entry: 'campaigns-legacy-list',
    retired: 'GET /v1/campaigns',
    replacements: ['GET /v1/buyer/campaigns'],
    phase,
    fix: 'rewrite',
    host: 'unknown',
  };
}

/** Files found but not scanned, by reason: none unless a test says otherwise. */
const noneNotScanned = { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 };

function summary(overrides: object): object {
  return { asOf: '2026-01-15', failOn: 'deprecated', files: 1, candidates: 1, findings: 0, failing: 0, baselined: 0, errors: 0, notScanned: noneNotScanned, ...overrides };
}

async function checkJson(root: string, argv: string[] = [], options: Parameters<typeof captureIo>[1] = {}): Promise<{ code: number; report: unknown; err: string }> {
  const io = captureIo(root, options);
  const code = await main(['check', '--format', 'json', ...argv], io);
  return { code, report: withoutOrigin(JSON.parse(io.out())), err: io.err() };
}

describe('sunset check', () => {
  it('exits 0 on a folder with no retired call', async () => {
    const io = captureIo(makeTree({ 'src/a.ts': "fetch('/v1/buyer/campaigns');\n" }));
    expect(await main(['check'], io)).toBe(0);
    expect(io.out()).toBe('✔ 0 findings in 0 files, 0 at or past deprecated (1 file scanned, as of 2026-01-15)\n');
    expect(io.err()).toBe('');
  });

  it('prints a finding with its code frame, phase, replacement and a summary', async () => {
    const io = captureIo(makeTree({ 'src/a.ts': `const x = 1;\n\t${retiredCall}` }));
    expect(await main(['check'], io)).toBe(1);
    expect(io.out()).toBe(
      [
        'src/a.ts',
        `  2:8  error  ${listMessage}  sunset/no-legacy-rest-path`,
        "    2 | \tfetch('/v1/campaigns');",
        '      | \t      ^^^^^^^^^^^^^^^',
        '    retired · support ended 2019-10-01',
        '    use GET /v1/buyer/campaigns (sunset fix rewrites it)',
        // A relative URL names no host: it counts for the API, and the reviewer is told why.
        '    host: not shown in the code, matched by its path',
        '',
        '✖ 1 finding in 1 file, 1 at or past deprecated (1 file scanned, as of 2026-01-15)',
        '',
      ].join('\n'),
    );
  });

  it('places and sizes the caret by the width a terminal gives the characters: two for CJK, none for a combining mark', async () => {
    const io = captureIo(makeTree({ 'src/a.ts': "const 日本語 = 'e\u0301'; fetch('/v1/campaigns/日本');\n" }));
    expect(await main(['check'], io)).toBe(1);
    const frame = io.out().split('\n').slice(2, 4);
    // Before the string: 6 + 6 (日本語) + 3 + 3 (e and its accent) + 2 + 6 cells; the string: 16 + 4 (日本).
    expect(frame).toEqual([
      "    1 | const 日本語 = 'e\u0301'; fetch('/v1/campaigns/日本');",
      `      | ${' '.repeat(26)}${'^'.repeat(20)}`,
    ]);
    // The column stays the UTF-16 one every format reports (SARIF's columnKind is utf16CodeUnits).
    expect(io.out().split('\n')[1]).toMatch(/^ {2}1:25 {2}error/);
  });

  it('exits 1 on a finding at or past --fail-on and 0 when the threshold is later', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    expect(await main(['check', '--as-of', '2019-01-01'], captureIo(root))).toBe(1);
    expect(await main(['check', '--as-of', '2019-01-01', '--fail-on', 'retired'], captureIo(root))).toBe(0);
    expect(await main(['check', '--as-of', '2019-10-01', '--fail-on', 'retired'], captureIo(root))).toBe(1);
    expect(await main(['check', '--as-of', '2018-09-30'], captureIo(root))).toBe(0);
  });

  it('reports a deprecated finding without failing when --fail-on is retired', async () => {
    const { code, report } = await checkJson(makeTree({ 'src/a.ts': retiredCall }), ['--as-of', '2019-01-01', '--fail-on', 'retired']);
    expect(code).toBe(0);
    expect(report).toEqual({
      findings: [listFinding('src/a.ts', 1, 7, 'deprecated')],
      errors: [],
      notScanned: [],
      summary: summary({ asOf: '2019-01-01', failOn: 'retired', findings: 1 }),
    });
  });

  it('parses and checks only the files that pass the needle test', async () => {
    const root = makeTree({ 'a.ts': retiredCall, 'b.ts': 'export const x = 1;\n', 'c.ts': '// TODO(sunset:campaigns-legacy-get): x\n' });
    const indexed: string[] = [];
    const io = captureIo(root);
    await main(['check', '--format', 'json'], io, {
      core: {
        indexFile: (file, options) => {
          indexed.push(file.text);
          return indexFile(file, options);
        },
      },
    });
    expect(indexed).toEqual([retiredCall, '// TODO(sunset:campaigns-legacy-get): x\n']);
    expect(withoutOrigin(JSON.parse(io.out()))).toEqual({
      findings: [
        listFinding('a.ts', 1, 7),
        {
          file: 'c.ts',
          line: 1,
          column: 4,
          rule: 'sunset/no-sunset-todo',
          message:
            'TODO(sunset:campaigns-legacy-get) is still open: GET /v1/campaigns/{id} is retired (support ended 2019-10-01); ' +
            'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings, then remove the marker.',
        },
      ],
      errors: [],
      notScanned: [],
      summary: summary({ files: 3, candidates: 2, findings: 2, failing: 2 }),
    });
  });

  it('runs the rule core it is given (deps.core)', async () => {
    const io = captureIo(makeTree({ 'src/a.ts': retiredCall }));
    expect(await main(['check', '--format', 'json'], io, { core: fakeCore })).toBe(1);
    expect(withoutOrigin(JSON.parse(io.out()))).toEqual({
      findings: [{ ...listFinding('src/a.ts', 1, 7), message: 'GET /v1/campaigns is retired.' }],
      errors: [],
      notScanned: [],
      summary: summary({ findings: 1, failing: 1 }),
    });
  });

  it('lists a file that does not parse as an error with the parser message and exits 1', async () => {
    const { code, report } = await checkJson(makeTree({ 'bad.ts': "fetch('/v1/campaigns') SYNTAX ERROR\n", 'ok.ts': 'export {};\n' }));
    expect(code).toBe(1);
    expect(report).toEqual({
      findings: [],
      errors: [{ file: 'bad.ts', line: 1, message: 'Could not parse: Expected a semicolon or an implicit semicolon after a statement, but found none' }],
      notScanned: [],
      summary: summary({ files: 2, errors: 1 }),
    });
  });

  it("says in --output's note what else decides the exit code: files not checked (the first named) and baselined findings", async () => {
    const root = makeTree({ 'src/a.ts': retiredCall, 'src/bad.ts': "fetch('/v1/campaigns') SYNTAX ERROR\n", 'src/worse.ts': "fetch('/v1/campaigns' ;\n" });
    expect(await main(['check', '--update-baseline'], captureIo(root))).toBe(1);
    const io = captureIo(root);
    expect(await main(['check', '--format', 'json', '--output', 'out.json'], io)).toBe(1);
    expect(io.err()).toBe('Wrote the json report to out.json: 0 findings, 0 at or past deprecated, 1 baselined; 2 files could not be checked (src/bad.ts:1 and 1 more).\n');
  });

  it('writes the report to --output and a one-line note to stderr', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    const io = captureIo(root);
    expect(await main(['check', '--format', 'sarif', '--output', 'out/sunset.sarif'], io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe('Wrote the sarif report to out/sunset.sarif: 1 finding, 1 at or past deprecated.\n');
    const log = JSON.parse(readFileSync(path.join(root, 'out/sunset.sarif'), 'utf8')) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    expect(log.runs[0]!.results.map((result) => [result.ruleId, result.message.text])).toEqual([
      ['campaigns-legacy-list', `${listMessage} Replacement: GET /v1/buyer/campaigns.`],
    ]);
  });

  it('writes more reports of the same run with --format FORMAT=FILE: each as its own --format would, one note each on stderr', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall, 'src/b.ts': 'export {};\n' });
    const single = async (argv: string[]): Promise<string> => {
      const io = captureIo(root);
      await main(['check', '--as-of', '2026-11-27', ...argv], io);
      return io.out();
    };
    const [github, sarif, json] = [await single(['--format', 'github']), await single(['--format', 'sarif']), await single(['--format', 'json'])];
    const io = captureIo(root, { isTTY: true });
    const code = await main(['check', '--as-of', '2026-11-27', '--format', 'github', '--format', 'sarif=out/sunset.sarif', '-f', 'json=report.json'], io);
    expect([code, io.out(), io.err()]).toEqual([
      1,
      github,
      'Wrote the sarif report to out/sunset.sarif: 1 finding, 1 at or past deprecated.\nWrote the json report to report.json: 1 finding, 1 at or past deprecated.\n',
    ]);
    expect(readFileSync(path.join(root, 'out/sunset.sarif'), 'utf8')).toBe(sarif);
    expect(readFileSync(path.join(root, 'report.json'), 'utf8')).toBe(json);
    // Every report in a file: nothing on stdout; the stylish one in a file has no colour.
    const files = captureIo(root, { isTTY: true });
    expect(await main(['check', '--as-of', '2026-11-27', '--format', 'stylish=all.txt', '--format', 'sarif=all.sarif'], files)).toBe(1);
    expect([files.out(), readFileSync(path.join(root, 'all.txt'), 'utf8'), readFileSync(path.join(root, 'all.sarif'), 'utf8')]).toEqual(['', await single([]), sarif]);
    // With --output, the report without =FILE goes there.
    const output = captureIo(root);
    expect(await main(['check', '--as-of', '2026-11-27', '--format', 'sarif', '--output', 'o.sarif', '--format', 'json=o.json'], output)).toBe(1);
    expect([output.out(), readFileSync(path.join(root, 'o.sarif'), 'utf8'), readFileSync(path.join(root, 'o.json'), 'utf8')]).toEqual(['', sarif, json]);
  });

  it('refuses --format lists that would mix two reports in one place, naming the flags, and writes nothing', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    const seen = [];
    for (const argv of [
      ['-f', 'json', '-f', 'sarif'],
      ['-f', 'json', '-f', 'sarif', '-o', 'x'],
      ['-f', 'sarif=a.sarif', '-o', 'a.txt'],
      ['-f', 'sarif=a', '-f', 'json=./a'],
      ['-f', 'json', '-o', 'a', '-f', 'sarif=a'],
      ['-f', 'sarif='],
      ['-f', 'xml=a.xml'],
      ['--stats', '-f', 'sarif=a.sarif'],
    ]) {
      const io = captureIo(root);
      seen.push([await main(['check', ...argv], io), io.out(), io.err()]);
    }
    expect(seen).toEqual(
      [
        'sunset: --format json and --format sarif would both write to stdout. Give each report but one its own file: --format sarif=FILE.',
        'sunset: --format json and --format sarif would both write to x. Give each report but one its own file: --format sarif=FILE.',
        'sunset: --output a.txt names where the --format without =FILE goes, and every --format names its own file. Drop --output, or write one format without =FILE.',
        'sunset: --format sarif=a and --format json=./a name the same file: each report needs its own.',
        'sunset: --output a and --format sarif=a name the same file: each report needs its own.',
        'sunset: Option --format sarif= needs a file after "=" (e.g. --format sarif=sunset.sarif).',
        'sunset: Invalid value for --format: "xml". Allowed: stylish, json, sarif, github, gitlab, junit.',
        'sunset: --stats only applies with --format json (the timings are written in its report). Add --format json (or --format json=FILE) or drop --stats.',
      ].map((message) => [2, '', `${message}\n`]),
    );
    expect(readdirSync(root).sort()).toEqual(['src']);
    // --stats and --repo-name take a JSON report in a file too.
    const io = captureIo(root);
    expect(await main(['check', '--stats', '--repo-name', 'acme/web', '-f', 'github', '-f', 'json=r.json'], io)).toBe(1);
    expect(JSON.parse(readFileSync(path.join(root, 'r.json'), 'utf8'))).toMatchObject({ provenance: { repository: 'acme/web' }, stats: { timings: { walk: expect.any(Number) as unknown } } });
  });

  it('refuses two reports that reach one file through a link, existing or not yet, and writes nothing', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall, 'x.out': 'keep', 'out/.keep': '' });
    symlinkSync('x.out', path.join(root, 'link.out'));
    symlinkSync('y.out', path.join(root, 'dangling.out'));
    symlinkSync('out', path.join(root, 'linked'));
    linkSync(path.join(root, 'x.out'), path.join(root, 'hard.out'));
    const seen = [];
    for (const argv of [
      ['-f', 'sarif=x.out', '-f', 'junit=link.out'],
      ['-f', 'sarif=y.out', '-f', 'junit=dangling.out'],
      ['-f', 'json', '-o', 'out/r.txt', '-f', 'junit=linked/r.txt'],
      ['-f', 'gitlab=hard.out', '-f', 'sarif=x.out'],
    ]) {
      const io = captureIo(root);
      seen.push([await main(['check', ...argv], io), io.out(), io.err()]);
    }
    expect(seen).toEqual(
      [
        '--format sarif=x.out and --format junit=link.out',
        '--format sarif=y.out and --format junit=dangling.out',
        '--output out/r.txt and --format junit=linked/r.txt',
        '--format gitlab=hard.out and --format sarif=x.out',
      ].map((flags) => [2, '', `sunset: ${flags} name the same file through a link: each report needs its own.\n`]),
    );
    expect([readdirSync(root).sort(), readFileSync(path.join(root, 'x.out'), 'utf8'), readdirSync(path.join(root, 'out'))]).toEqual([
      ['dangling.out', 'hard.out', 'link.out', 'linked', 'out', 'src', 'x.out'],
      'keep',
      ['.keep'],
    ]);
    // Two files in two folders are two files.
    const io = captureIo(root);
    expect(await main(['check', '-f', 'github', '-f', 'sarif=x.out', '-f', 'junit=out/x.out'], io)).toBe(1);
  });

  it('names the flag whose file cannot be written', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall, 'taken.txt': 'keep' });
    const io = captureIo(root);
    expect(await main(['check', '-f', 'github', '-f', 'sarif=taken.txt/out.sarif'], io)).toBe(2);
    expect(io.err()).toMatch(/^sunset: Cannot write the report to taken\.txt\/out\.sarif: .*\. Choose another --format sarif=FILE path\.\n$/);
  });

  it('uses colour on a terminal unless NO_COLOR is set, FORCE_COLOR is 0 or false, or TERM is dumb', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    const plain = captureIo(root);
    await main(['check'], plain);
    const tty = captureIo(root, { isTTY: true });
    await main(['check'], tty);
    expect(tty.out()).toContain('\u001b[31merror\u001b[39m');
    expect(tty.out().replace(/\u001b\[\d+m/g, '')).toBe(plain.out());
    const noColor = captureIo(root, { isTTY: true, env: { NO_COLOR: '1' } });
    await main(['check'], noColor);
    expect(noColor.out()).toBe(plain.out());
    for (const off of ['0', 'false']) {
      const forced = captureIo(root, { isTTY: true, env: { FORCE_COLOR: off } });
      await main(['check'], forced);
      expect(forced.out()).toBe(plain.out());
    }
    const dumb = captureIo(root, { isTTY: true, env: { TERM: 'dumb' } });
    await main(['check'], dumb);
    expect(dumb.out()).toBe(plain.out());
    const dumbForced = captureIo(root, { isTTY: true, env: { TERM: 'dumb', FORCE_COLOR: '1' } });
    await main(['check'], dumbForced);
    expect(dumbForced.out()).toBe(tty.out());
  });

  it('uses colour through a pipe when FORCE_COLOR turns it on, as chalk and Node do, even beside NO_COLOR', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    const plain = captureIo(root);
    await main(['check'], plain);
    for (const on of ['', '1', '2', '3', 'true']) {
      const forced = captureIo(root, { env: { FORCE_COLOR: on, NO_COLOR: '1' } });
      await main(['check'], forced);
      expect([on, forced.out().includes('\u001b[31merror\u001b[39m'), forced.out().replace(/\u001b\[\d+m/g, '')]).toEqual([on, true, plain.out()]);
    }
    // A report written to a file stays plain.
    const toFile = captureIo(root, { env: { FORCE_COLOR: '1' } });
    await main(['check', '--output', 'out.txt'], toFile);
    expect(readFileSync(path.join(root, 'out.txt'), 'utf8')).toBe(plain.out());
  });

  it('passes a path that holds nothing it scans, and says so on stderr (a typo or another language)', async () => {
    const root = makeTree({ 'empty/.keep': '', 'py/app.py': 'print(1)\n', 'src/a.ts': 'export {};\n', 'sunset.config.json': '{ "ignores": ["ignored/**"] }', 'ignored/b.ts': 'export {};\n' });
    const seen = [];
    for (const paths of [['empty'], ['empty', 'py'], ['src']]) {
      const io = captureIo(root);
      seen.push([await main(['check', ...paths], io), io.err()]);
    }
    expect(seen).toEqual([
      [0, 'Nothing was checked: empty holds no .js, .jsx, .mjs, .cjs, .ts, .tsx, .mts, .cts, .vue, .svelte, .astro file. Check the path.\n'],
      [0, 'Nothing was checked: empty, py hold no .js, .jsx, .mjs, .cjs, .ts, .tsx, .mts, .cts, .vue, .svelte, .astro file. Check the paths.\n'],
      [0, ''],
    ]);
  });

  it('exits 2 naming --output when its folder cannot be made: a file in the way, or /proc refusing it', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall, 'taken.txt': 'keep' });
    const outputs = ['taken.txt/out.sarif', ...(existsSync('/proc/self') ? ['/proc/sunset-nope/out.sarif'] : [])];
    for (const output of outputs) {
      const io = captureIo(root);
      const code = await main(['check', '--format', 'sarif', '--output', output], io);
      expect([code, io.out(), io.err().startsWith(`sunset: Cannot write the report to ${output}: `), io.err().endsWith('. Choose another --output path.\n')]).toEqual([2, '', true, true]);
    }
    expect(readFileSync(path.join(root, 'taken.txt'), 'utf8')).toBe('keep');
  });

  it('adds the time of each phase with --stats, and nothing without it', async () => {
    const root = makeTree({ 'src/a.ts': retiredCall });
    const { report } = await checkJson(root, ['--stats']);
    const number = expect.any(Number) as unknown;
    expect(report).toEqual({
      findings: [listFinding('src/a.ts', 1, 7)],
      errors: [],
      notScanned: [],
      summary: summary({ findings: 1, failing: 1 }),
      // The folders listed: the tree's two, and those above it, which the lookup of path aliases lists for a tsconfig.
      stats: { timings: { walk: number, read: number, prefilter: number, parse: number, index: number, checks: number }, foldersListed: 2 + root.split(path.sep).length - 1 },
    });
    expect(Object.keys((await checkJson(root)).report as object)).toEqual(['findings', 'errors', 'notScanned', 'summary']);
  });
});

describe('what sunset check scans', () => {
  it('honours .gitignore and the config ignores, relative to the config folder', async () => {
    const root = makeTree({
      '.gitignore': 'dist/\n',
      'dist/bundle.js': retiredCall,
      'app/sunset.config.json': '{ "ignores": ["fixtures/"] }',
      'app/src/a.ts': retiredCall,
      'app/src/fixtures/f.ts': retiredCall,
      'fixtures/top.ts': retiredCall,
    });
    const { report } = await checkJson(path.join(root, 'app'), ['.', '../fixtures']);
    expect(report).toEqual({
      findings: [listFinding('src/a.ts', 1, 7), listFinding('../fixtures/top.ts', 1, 7)],
      errors: [],
      // The config's ignores are listed and counted; .gitignore'd files (dist/) are not.
      notScanned: [{ file: 'src/fixtures/f.ts', reason: 'excluded-by-config', message: "Not scanned: excluded by the config's ignores." }],
      summary: summary({ files: 2, candidates: 2, findings: 2, failing: 2, notScanned: { ...noneNotScanned, excludedByConfig: 1 } }),
    });
  });

  it('follows symbolic links inside the scanned paths (each real file once) and lists those that lead outside', async () => {
    const root = makeTree({ 'src/real.ts': retiredCall, 'src/inner/x.ts': 'export {};\n', 'shared/util.ts': retiredCall });
    symlinkSync(path.join(root, 'src/real.ts'), path.join(root, 'src/alias.ts'));
    symlinkSync(path.join(root, 'src/inner'), path.join(root, 'src/inner-link'));
    symlinkSync(path.join(root, 'shared'), path.join(root, 'src/shared'));
    const io = captureIo(root);
    expect(await main(['check', 'src'], io)).toBe(1);
    expect(io.out().split('\n').slice(-2)).toStrictEqual([
      '✖ 1 finding in 1 file, 1 at or past deprecated, 1 file not scanned (1 symbolic link not followed) (2 files scanned, as of 2026-01-15)',
      '',
    ]);
    const { report } = await checkJson(root, ['src']);
    expect(report).toEqual({
      findings: [listFinding('src/real.ts', 1, 7)],
      errors: [],
      notScanned: [
        { file: 'src/shared', reason: 'symbolic-link', message: 'Not scanned: a symbolic link to shared, outside the scanned paths. Name that path on the command line to check it.' },
      ],
      summary: summary({ files: 2, candidates: 1, findings: 1, failing: 1, notScanned: { ...noneNotScanned, symbolicLink: 1 } }),
    });
    // Named too, the folder behind the link is checked, once, by its own path.
    expect((await checkJson(root, ['src', 'shared'])).report).toEqual({
      findings: [listFinding('shared/util.ts', 1, 7), listFinding('src/real.ts', 1, 7)],
      errors: [],
      notScanned: [],
      summary: summary({ files: 3, candidates: 2, findings: 2, failing: 2 }),
    });
  });

  it('exits 2 naming an explicit file that is not JavaScript or TypeScript', async () => {
    const io = captureIo(makeTree({ 'README.md': "fetch('/v1/campaigns')" }));
    expect(await main(['check', 'README.md'], io)).toBe(2);
    expect(io.err()).toBe(
      'sunset: Cannot scan "README.md": only .js .jsx .mjs .cjs .ts .tsx .mts .cts .vue .svelte .astro files are scanned. Pass a source file or a folder.\n',
    );
  });
});

describe('findings of the new analysis', () => {
  const soapRequest = [
    "const SERVICE_URL = 'https://api.adform.com/Services/CampaignService.svc';",
    'export const getCampaigns = (advertiserId) =>',
    '  axios.post(',
    '    SERVICE_URL,',
    '    `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">',
    '  <s:Body>',
    '    <GetCampaigns xmlns="http://www.example.com/api/2010/06/">',
    '      <advertiserId>${advertiserId}</advertiserId>',
    '    </GetCampaigns>',
    '  </s:Body>',
    '</s:Envelope>`,',
    "    { headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: 'http://www.example.com/api/2010/06/ICampaignService/GetCampaigns' } },",
    '  );',
    '',
  ].join('\n');
  const soapMessage = 'GetCampaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns; this call needs a manual migration.';
  const actionColumn = soapRequest.split('\n')[11]!.indexOf("'http://www.example.com/api/2010/06/ICampaignService") + 1;

  it('reports one SOAP request once, at the operation name, with the SOAPAction header as a related location', async () => {
    const { code, report } = await checkJson(makeTree({ 'src/soap.js': soapRequest }));
    expect(code).toBe(1);
    expect(report).toEqual({
      findings: [
        {
          file: 'src/soap.js',
          line: 7,
          column: 6,
          rule: 'sunset/no-retired-soap-operation',
          message: soapMessage,
          entry: 'campaigns-service-get-campaigns',
          retired: 'GetCampaigns',
          replacements: ['GET /v1/buyer/campaigns'],
          phase: 'retired',
          fix: 'todo',
          host: 'api.adform.com',
          related: [{ line: 12, column: actionColumn, endLine: 12, endColumn: actionColumn + 66, message: "the same SOAP request's SOAPAction header" }],
        },
      ],
      errors: [],
      notScanned: [],
      summary: summary({ findings: 1, failing: 1 }),
    });
  });

  it('gives the related location to SARIF as relatedLocations', async () => {
    const io = captureIo(makeTree({ 'src/soap.js': soapRequest }));
    await main(['check', '--format', 'sarif'], io);
    const log = JSON.parse(io.out()) as { runs: [{ results: Record<string, unknown>[] }] };
    const [result] = log.runs[0].results;
    expect([result!['locations'], result!['relatedLocations']]).toEqual([
      [{ physicalLocation: { artifactLocation: { uri: 'src/soap.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 7, startColumn: 6, endLine: 7, endColumn: 18 } } }],
      [
        {
          id: 0,
          message: { text: "the same SOAP request's SOAPAction header" },
          physicalLocation: {
            artifactLocation: { uri: 'src/soap.js', uriBaseId: '%SRCROOT%' },
            region: { startLine: 12, startColumn: actionColumn, endLine: 12, endColumn: actionColumn + 66 },
          },
        },
      ],
    ]);
  });

  it('does not report a server route registration, only the client call beside it', async () => {
    const server = [
      "import express from 'express';",
      'const router = express.Router();',
      "router.get('/v1/campaigns', (req, res) => res.json([]));",
      "app.patch('/v1/campaigns/:id', handler);",
      "export const list = () => fetch('/v1/campaigns');",
      '',
    ].join('\n');
    const { report } = await checkJson(makeTree({ 'src/server.ts': server }));
    expect(report).toEqual({ findings: [listFinding('src/server.ts', 5, 33)], errors: [], notScanned: [], summary: summary({ findings: 1, failing: 1 }) });
  });

  it('honours eslint-disable comments naming a sunset rule, and only those', async () => {
    const source = [
      '// eslint-disable-next-line sunset/no-legacy-rest-path -- migrated next sprint',
      retiredCall.trim(),
      `${retiredCall.trim()} // eslint-disable-line no-console`,
      `${retiredCall.trim()} // eslint-disable-line`,
      '',
    ].join('\n');
    const { report } = await checkJson(makeTree({ 'src/a.ts': source }));
    expect(report).toEqual({ findings: [listFinding('src/a.ts', 3, 7)], errors: [], notScanned: [], summary: summary({ findings: 1, failing: 1 }) });
  });
});

describe('scheduled findings', () => {
  // GET /v1/campaigns: general availability ends 2018-10-01.
  const tree = { 'src/a.ts': retiredCall };

  it('are not reported unless reportScheduled, and never fail the run', async () => {
    const hidden = await checkJson(makeTree(tree), ['--as-of', '2018-09-01']);
    expect([hidden.code, hidden.report]).toEqual([0, { findings: [], errors: [], notScanned: [], summary: summary({ asOf: '2018-09-01' }) }]);
    const shown = await checkJson(makeTree({ ...tree, 'sunset.config.json': '{ "reportScheduled": true }' }), ['--as-of', '2018-09-01']);
    expect([shown.code, shown.report]).toEqual([
      0,
      { findings: [listFinding('src/a.ts', 1, 7, 'scheduled')], errors: [], notScanned: [], summary: summary({ asOf: '2018-09-01', findings: 1 }) },
    ]);
  });

  it('are limited to entries whose GA end is within scheduledWithinDays', async () => {
    const root = makeTree({ ...tree, 'sunset.config.json': '{ "reportScheduled": true, "scheduledWithinDays": 30 }' });
    const far = await checkJson(root, ['--as-of', '2018-08-31']);
    expect(far.report).toEqual({ findings: [], errors: [], notScanned: [], summary: summary({ asOf: '2018-08-31' }) });
    const near = await checkJson(root, ['--as-of', '2018-09-01']);
    expect(near.report).toEqual({ findings: [listFinding('src/a.ts', 1, 7, 'scheduled')], errors: [], notScanned: [], summary: summary({ asOf: '2018-09-01', findings: 1 }) });
  });
});

describe('SUNSET_CHECK_THREADS', () => {
  it('refuses a value that is not a positive whole number, naming it and what to set', async () => {
    for (const value of ['two', '0', '-1', '1.5']) {
      const io = captureIo(makeTree(tree()), { env: { SUNSET_CHECK_THREADS: value } });
      expect(await main(['check'], io)).toBe(2);
      expect([io.out(), io.err()]).toEqual([
        '',
        `sunset: SUNSET_CHECK_THREADS must be a positive whole number, got ${JSON.stringify(value)}. Set it to e.g. 2, or unset it to let sunset choose.\n`,
      ]);
    }
  });

  it('gives the same report with a thread count, with an empty value and without it', async () => {
    const root = makeTree(tree());
    const reports = await Promise.all(
      [{ SUNSET_CHECK_THREADS: '3' }, { SUNSET_CHECK_THREADS: '' }, {}].map(async (env) => {
        const io = captureIo(root, { env });
        return [await main(['check', '--format', 'json'], io), io.out(), io.err()] as const;
      }),
    );
    const expected = { findings: [listFinding('src/a.ts', 1, 7)], errors: [], notScanned: [], summary: summary({ findings: 1, failing: 1 }) };
    expect(reports.map(([code, out, err]) => [code, withoutOrigin(JSON.parse(out)), err])).toEqual(Array.from({ length: 3 }, () => [1, expected, '']));
    // The same run, the same clock: the three documents are equal byte for byte, provenance included.
    expect(new Set(reports.map(([, out]) => out)).size).toBe(1);
  });

  function tree(): Record<string, string> {
    return { 'src/a.ts': retiredCall };
  }
});

describe('what the retirement rules leave unreported, said (issue 21)', () => {
  const config = {
    apis: { music: { hosts: ['api.music.example'], basePaths: ['/v1'] } },
    customEntries: [{ id: 'music-save-tracks', retired: 'PUT /me/tracks', api: 'music', liveMethods: ['GET'], gaEnds: '2024-01-01', supportEnds: '2024-06-01' }],
  };
  const source = [
    "export const SAVED_TRACKS = '/me/tracks';",
    "export const save = (ids: string) => fetch(`https://api.music.example/v1/me/tracks?ids=${ids}`, { method: 'PUT' });",
    "export const mirror = (ids: string) => fetch(`https://music.other.example/v1/me/tracks?ids=${ids}`, { method: 'PUT' });",
    '',
  ].join('\n');
  const tree = { 'sunset.config.json': JSON.stringify(config), 'src/a.ts': source };

  it('lists a path whose method is not said and has a live method, counts the URLs of another host, and hints once', async () => {
    const { code, report, err } = await checkJson(makeTree(tree), ['--as-of', '2026-01-01']);
    expect(code).toBe(1);
    const { findings, unresolvedMethod, otherHosts } = report as { findings: { line: number; entry: string; host: string }[]; unresolvedMethod: unknown; otherHosts: number };
    expect(findings.map(({ line, entry, host }) => ({ line, entry, host }))).toEqual([{ line: 2, entry: 'music-save-tracks', host: 'api.music.example' }]);
    expect(unresolvedMethod).toEqual([{ file: 'src/a.ts', line: 1, column: 29, path: '/me/tracks', retiredMethods: ['PUT'], liveMethods: ['GET'], entries: ['music-save-tracks'] }]);
    expect(otherHosts).toBe(1);
    expect((report as { otherHostsByFile: unknown }).otherHostsByFile).toEqual([{ file: 'src/a.ts', count: 1 }]);
    expect(err).toBe(
      "Hint: 1 request to a retired path or operation names a host that is not its API's, so it was not reported. " +
        'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
        '  In src/a.ts (1); --format json lists them (otherHostsByFile).\n',
    );
  });

  it('says it in stylish output, below the findings', async () => {
    const io = captureIo(makeTree(tree));
    await main(['check', '--as-of', '2026-01-01'], io);
    expect(io.out()).toContain('Not reported: the method is not said, and the path has a method that stays available\n  src/a.ts:1:29  /me/tracks (retired: PUT; available: GET)\n');
  });
});

describe("a request's host decides whose it is; where the code does not show one, its path does (issue 26)", () => {
  const source = [
    "import axios from 'axios';",
    '',
    "export const ours = () => fetch('https://api.adform.com/v1/campaigns');",
    "export const snapchat = () => fetch('https://adsapi.snapchat.com/v1/campaigns');",
    "export const gateway = () => fetch('https://gateway.example.com/v1/campaigns');",
    'export const fromEnv = () => fetch(`${process.env.API_BASE}/v1/campaigns`);',
    'export const fromParameter = (base: string) => fetch(`${base}/v1/campaigns`);',
    "export const relative = () => fetch('/v1/campaigns');",
    "export const instanceOfParameter = (baseURL: string) => axios.create({ baseURL }).get('/v1/campaigns');",
    '',
  ].join('\n');
  /** The hint, then the line that says where: the files with most first, three at most. */
  const hint = (count: number, where: string): string =>
    (count === 1
      ? "Hint: 1 request to a retired path or operation names a host that is not its API's, so it was not reported. " +
        'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n'
      : `Hint: ${count} requests to a retired path or operation name a host that is not their API's, so they were not reported. ` +
        'If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n') +
    `  In ${where}; --format json lists them (otherHostsByFile).\n`;
  /** `line:column host` of each finding, the JSON's otherHosts count, and stderr. */
  async function hosts(files: Record<string, string>, argv: string[] = []): Promise<{ findings: string[]; otherHosts: unknown; err: string; out: string }> {
    const io = captureIo(makeTree(files));
    await main(['check', '--format', 'json', ...argv], io);
    const report = JSON.parse(io.out()) as { findings: { file: string; line: number; column: number; host: string }[]; otherHosts?: number };
    return { findings: report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.host}`), otherHosts: report.otherHosts, err: io.err(), out: io.out() };
  }

  it("reports a base from an environment variable without fallback, a parameter, a relative URL and an instance of a parameter as 'unknown', and leaves out the other vendors' hosts", async () => {
    const result = await hosts({ 'src/hosts.ts': source });
    expect(result.findings).toEqual([
      'src/hosts.ts:3:33 api.adform.com',
      'src/hosts.ts:6:36 unknown',
      'src/hosts.ts:7:54 unknown',
      'src/hosts.ts:8:37 unknown',
      'src/hosts.ts:9:87 unknown',
    ]);
    expect(result.otherHosts).toBe(2);
  });

  it('says in stylish output which findings matched without a known host, and only those', async () => {
    const io = captureIo(makeTree({ 'src/hosts.ts': source }));
    await main(['check'], io);
    const blocks = io.out().split('\n\n');
    const noted = blocks.filter((block) => block.includes('    host: not shown in the code, matched by its path')).map((block) => /^ {2}(\d+:\d+) /m.exec(block)?.[1]);
    expect(noted).toEqual(['6:36', '7:54', '8:37', '9:87']);
  });

  it('adds the hosts of apiHosts to api.adform.com, and "*" restores every host', async () => {
    const added = await hosts({ 'src/hosts.ts': source, 'sunset.config.json': JSON.stringify({ apiHosts: ['gateway.example.com'] }) });
    expect(added.findings).toEqual(['src/hosts.ts:3:33 api.adform.com', 'src/hosts.ts:5:36 gateway.example.com', 'src/hosts.ts:6:36 unknown', 'src/hosts.ts:7:54 unknown', 'src/hosts.ts:8:37 unknown', 'src/hosts.ts:9:87 unknown']);
    expect(added.otherHosts).toBe(1);
    expect(added.err).toBe(hint(1, 'src/hosts.ts (1)'));

    for (const every of [['--api-host', '*'], []]) {
      const files: Record<string, string> = every.length === 0 ? { 'src/hosts.ts': source, 'sunset.config.json': JSON.stringify({ apiHosts: ['*'] }) } : { 'src/hosts.ts': source };
      const result = await hosts(files, every);
      expect(result.findings).toEqual([
        'src/hosts.ts:3:33 api.adform.com',
        'src/hosts.ts:4:37 adsapi.snapchat.com',
        'src/hosts.ts:5:36 gateway.example.com',
        'src/hosts.ts:6:36 unknown',
        'src/hosts.ts:7:54 unknown',
        'src/hosts.ts:8:37 unknown',
        'src/hosts.ts:9:87 unknown',
      ]);
      expect(result.otherHosts).toBeUndefined();
      expect(result.err).toBe('');
    }
  });

  it("counts a SOAP client made from another host's address in the same hint as URLs", async () => {
    const soap = [
      "import soap from 'soap';",
      "export const intranet = async () => (await soap.createClientAsync('https://intranet.example.com/CampaignService.svc?wsdl')).GetCampaignsAsync({});",
      "export const ours = async () => (await soap.createClientAsync('https://api.adform.com/Services/CampaignService.svc?wsdl')).GetCampaignsAsync({});",
      '',
    ].join('\n');
    const result = await hosts({ 'src/soap.ts': soap }, ['--as-of', '2026-01-01']);
    // At the operation name, the finding of a SOAP client call.
    expect(result.findings).toEqual([`src/soap.ts:3:${soap.split('\n')[2]!.indexOf('GetCampaignsAsync') + 1} api.adform.com`]);
    expect(result.otherHosts).toBe(1);
    expect(result.err).toBe(hint(1, 'src/soap.ts (1)'));
  });

  it('prints the hint once for a whole run, on stderr, whatever the format: stdout stays the report alone', async () => {
    const files = { 'src/a.ts': source, 'src/b.ts': source, 'src/c.js': "fetch('https://api.givebutter.com/v1/campaigns');\n" };
    const json = await hosts(files);
    expect(json.otherHosts).toBe(5);
    expect(json.err).toBe(hint(5, 'src/a.ts (2), src/b.ts (2), src/c.js (1)'));
    expect(json.out).not.toContain('Hint');
    expect(JSON.parse(json.out)).toMatchObject({ otherHosts: 5, otherHostsByFile: [{ file: 'src/a.ts', count: 2 }, { file: 'src/b.ts', count: 2 }, { file: 'src/c.js', count: 1 }] });

    for (const format of ['stylish', 'sarif', 'github', 'junit']) {
      const io = captureIo(makeTree(files));
      await main(['check', '--format', format], io);
      expect(io.err()).toBe(hint(5, 'src/a.ts (2), src/b.ts (2), src/c.js (1)'));
      expect(io.out()).not.toContain('Hint');
    }
  });

  it('prints no hint when nothing was left out as another host\'s', async () => {
    const withoutOtherHosts = source
      .split('\n')
      .filter((line) => !line.includes('snapchat') && !line.includes('gateway'))
      .join('\n');
    const result = await hosts({ 'src/hosts.ts': withoutOtherHosts });
    expect(result.findings).toHaveLength(5);
    expect(result.otherHosts).toBeUndefined();
    expect(result.err).toBe('');
  });
});
