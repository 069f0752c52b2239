import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// What each command does with a UTF-16 file (read, checked, fixed in its own encoding) and with a
// file in an encoding sunset cannot read (listed as not checked; exit 1; never changed).

const retiredCall = "fetch('/v1/campaigns');\n";
const fixedCall = "fetch('/v1/buyer/campaigns');\n";
const listMessage = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';
const notText = 'Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.';

const utf16le = (text: string): Buffer => Buffer.from(`\uFEFF${text}`, 'utf16le');
const utf16be = (text: string): Buffer => Buffer.from(`\uFEFF${text}`, 'utf16le').swap16();
const latin1 = Buffer.from(`// caf\u00e9\n${retiredCall}`, 'latin1');

/** A tree with one file in each encoding, each holding the same retired call on line 2. */
function mixedTree(): string {
  const root = makeTree({ 'src/utf8.ts': `// one\n${retiredCall}` });
  writeFileSync(path.join(root, 'src/le.ts'), utf16le(`// one\n${retiredCall}`));
  writeFileSync(path.join(root, 'src/be.ts'), utf16be(`// one\n${retiredCall}`));
  writeFileSync(path.join(root, 'src/latin1.ts'), latin1);
  return root;
}

describe('sunset check', () => {
  it('checks UTF-16 files and lists a file it cannot read as text as not checked (exit 1)', async () => {
    const io = captureIo(mixedTree());
    expect(await main(['check', '--format', 'json'], io)).toBe(1);
    const report = JSON.parse(io.out()) as { findings: { file: string; line: number; column: number; message: string }[]; errors: unknown; summary: { files: number; errors: number } };
    expect(report.findings.map(({ file, line, column, message }) => `${file}:${line}:${column} ${message}`)).toStrictEqual([
      `src/be.ts:2:7 ${listMessage}`,
      `src/le.ts:2:7 ${listMessage}`,
      `src/utf8.ts:2:7 ${listMessage}`,
    ]);
    expect(report.errors).toStrictEqual([{ file: 'src/latin1.ts', message: notText }]);
    expect({ files: report.summary.files, errors: report.summary.errors }).toStrictEqual({ files: 4, errors: 1 });
  });

  it('fails the gate on an undecodable file even when nothing else is found', async () => {
    const root = makeTree({ 'src/clean.ts': 'export {};\n' });
    writeFileSync(path.join(root, 'src/binary.js'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0xc3, 0x28, 0xa0, 0xa1]));
    const io = captureIo(root);
    expect(await main(['check'], io)).toBe(1);
    expect(io.out()).toBe(
      ['Files that could not be checked', `  src/binary.js  ${notText}`, '', '✖ 0 findings in 0 files, 0 at or past deprecated, 1 file not checked (2 files scanned, as of 2026-01-15)', ''].join('\n'),
    );
  });
});

describe('sunset check: code frames', () => {
  it('shows line 1 of a file with a byte-order mark without the mark, the caret under the column reported', async () => {
    const root = makeTree({ 'src/utf8-bom.ts': `\uFEFF${retiredCall}` });
    writeFileSync(path.join(root, 'src/le.ts'), utf16le(`export const go = () => ${retiredCall}`));
    const io = captureIo(root);
    expect(await main(['check'], io)).toBe(1);
    const frames = io.out().split('\n').filter((line) => /^ {4}(?:\d+| ) \|/.test(line));
    expect(frames).toStrictEqual([
      "    1 | export const go = () => fetch('/v1/campaigns');",
      '      |                               ^^^^^^^^^^^^^^^',
      "    1 | fetch('/v1/campaigns');",
      '      |       ^^^^^^^^^^^^^^^',
    ]);
    expect(io.out()).toContain('  1:31  error  ');
    expect(io.out()).toContain('  1:7  error  ');
  });
});

describe('sunset fix', () => {
  it('writes a UTF-16 file back in its own encoding, BOM kept, and leaves the undecodable one byte-identical', async () => {
    const root = mixedTree();
    const io = captureIo(root);
    expect(await main(['fix', '--force'], io)).toBe(1);
    expect(readFileSync(path.join(root, 'src/le.ts')).equals(utf16le(`// one\n${fixedCall}`))).toBe(true);
    expect(readFileSync(path.join(root, 'src/be.ts')).equals(utf16be(`// one\n${fixedCall}`))).toBe(true);
    expect(readFileSync(path.join(root, 'src/utf8.ts'), 'utf8')).toBe(`// one\n${fixedCall}`);
    expect(readFileSync(path.join(root, 'src/latin1.ts')).equals(latin1)).toBe(true);
    expect(io.out()).toBe(
      [
        '4 files scanned, 3 candidates, 3 changed.',
        '3 sites rewritten, 0 left with a TODO, 0 skipped.',
        '',
        '1 file could not be transformed and was left untouched:',
        `  src/latin1.ts  ${notText}`,
        '',
      ].join('\n'),
    );
  });
});

interface ClassifiedReport {
  readonly errors: unknown;
  readonly notScanned: unknown;
  readonly summary: { readonly errors: number; readonly notScanned: unknown };
}

describe('a file sunset cannot read as text, in fix as in check', () => {
  it('is one error: said once in the human summary, and in the JSON report where check puts it', async () => {
    const root = makeTree({});
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src/latin1.js'), latin1);
    const fixHuman = captureIo(root);
    expect(await main(['fix', '--dry'], fixHuman)).toBe(1);
    expect(fixHuman.out()).toBe(
      [
        '1 file scanned, 0 candidates, 0 would change.',
        '0 sites would be rewritten, 0 left with a TODO, 0 skipped.',
        '',
        '1 file could not be transformed and was left untouched:',
        `  src/latin1.js  ${notText}`,
        '',
      ].join('\n'),
    );
    const checkJson = captureIo(root);
    const fixJson = captureIo(root);
    expect([await main(['check', '--format', 'json'], checkJson), await main(['fix', '--dry', '--format', 'json'], fixJson)]).toEqual([1, 1]);
    const classified = (report: ClassifiedReport): unknown => ({ errors: report.errors, notScanned: report.notScanned, summaryErrors: report.summary.errors, summaryNotScanned: report.summary.notScanned });
    expect(classified(JSON.parse(fixJson.out()) as ClassifiedReport)).toStrictEqual(classified(JSON.parse(checkJson.out()) as ClassifiedReport));
    expect(classified(JSON.parse(fixJson.out()) as ClassifiedReport)).toStrictEqual({
      errors: [{ file: 'src/latin1.js', message: notText }],
      notScanned: [],
      summaryErrors: 1,
      summaryNotScanned: { unreadable: 1, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 },
    });
    expect(readFileSync(path.join(root, 'src/latin1.js')).equals(latin1)).toBe(true);
  });
});

describe('sunset fix --dry --print', () => {
  it('prints a UTF-16 file\'s change as git\'s binary patch, says so on stderr, and git apply applies the whole diff as fix writes it', async () => {
    const root = mixedTree();
    rmSync(path.join(root, 'src/latin1.ts'));
    const io = captureIo(root);
    expect(await main(['fix', '--dry', '--print'], io)).toBe(0);
    expect(io.err()).toBe(
      [
        'src/be.ts is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.',
        'src/le.ts is UTF-16, which git diffs as binary: its change is printed as a git binary patch, which git apply applies as it applies the rest.',
        '3 files scanned, 3 candidates, 3 would change.',
        '3 sites would be rewritten, 0 left with a TODO, 0 skipped.',
        '',
      ].join('\n'),
    );
    expect(io.out().split('\n').filter((line) => /^(?:diff|index|GIT|literal|---|\+\+\+) /.test(line) || line === 'GIT binary patch')).toEqual([
      'diff --git a/src/be.ts b/src/be.ts',
      'index bd89925c8c0a6762cf19a95060d71ff9ba54fce5..59ce0b7b8e5bdabef2f782dc97f7919476e060b7',
      'GIT binary patch',
      'literal 76',
      'literal 64',
      'diff --git a/src/le.ts b/src/le.ts',
      'index f9ea6e3a6585ba8a9b81e567e1303516f4407f44..1ec64a4d997db1d6c7f0d544b1ce837d4031a37b',
      'GIT binary patch',
      'literal 76',
      'literal 64',
      '--- a/src/utf8.ts',
      '+++ b/src/utf8.ts',
    ]);
    writeFileSync(path.join(root, 'fix.diff'), io.out());
    // Before, the UTF-16 hunks were UTF-8 text: git apply refused them, and with them the whole patch.
    const applied = spawnSync('git', ['apply', 'fix.diff'], { cwd: root, encoding: 'utf8' });
    expect([applied.status, applied.stderr]).toEqual([0, '']);
    expect(readFileSync(path.join(root, 'src/le.ts')).equals(utf16le(`// one\n${fixedCall}`))).toBe(true);
    expect(readFileSync(path.join(root, 'src/be.ts')).equals(utf16be(`// one\n${fixedCall}`))).toBe(true);
    expect(readFileSync(path.join(root, 'src/utf8.ts'), 'utf8')).toBe(`// one\n${fixedCall}`);
  });
});

describe('--project', () => {
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', target: 'es2022', moduleResolution: 'bundler' } });
  const paths = "export const CAMPAIGNS = '/v1/campaigns';\n";
  const api = "import { CAMPAIGNS } from './paths';\nexport const load = () => fetch(CAMPAIGNS);\n";

  it('check --project follows a constant across UTF-16 files and lists the undecodable one as not checked', async () => {
    const root = makeTree({ 'tsconfig.json': tsconfig });
    writeFileSync(path.join(root, 'paths.ts'), utf16be(paths));
    writeFileSync(path.join(root, 'api.ts'), utf16le(api));
    writeFileSync(path.join(root, 'latin1.ts'), latin1);
    const io = captureIo(root);
    expect(await main(['check', '--project', '--format', 'json'], io)).toBe(1);
    const report = JSON.parse(io.out()) as { findings: { file: string; line: number; column: number; related?: { file?: string; line: number; column: number }[] }[]; errors: unknown };
    expect(report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} <- ${(finding.related ?? []).map((place) => `${place.file}:${place.line}:${place.column}`).join(', ')}`)).toStrictEqual([
      'api.ts:2:33 <- paths.ts:1:26',
    ]);
    expect(report.errors).toStrictEqual([{ file: 'latin1.ts', message: notText }]);
  });

  it('fix --project rewrites a constant in a UTF-16 file and writes it back in UTF-16', async () => {
    const root = makeTree({ 'tsconfig.json': tsconfig });
    writeFileSync(path.join(root, 'paths.ts'), utf16be(paths));
    writeFileSync(path.join(root, 'api.ts'), utf16le(api));
    const io = captureIo(root);
    expect(await main(['fix', '--project', '--force', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { changedFiles: string[]; sites: { file: string; action: string }[] };
    expect(report.sites.map((site) => `${site.file} ${site.action}`)).toStrictEqual(['paths.ts rewritten']);
    expect(report.changedFiles).toStrictEqual(['paths.ts']);
    expect(readFileSync(path.join(root, 'paths.ts')).equals(utf16be("export const CAMPAIGNS = '/v1/buyer/campaigns';\n"))).toBe(true);
    expect(readFileSync(path.join(root, 'api.ts')).equals(utf16le(api))).toBe(true);
  });
});

describe('sunset report', () => {
  it('counts the sites of UTF-16 files and lists the undecodable file as not checked', async () => {
    const io = captureIo(mixedTree());
    expect(await main(['report', '--format', 'json', '--as-of', '2026-01-15'], io)).toBe(0);
    const data = JSON.parse(io.out()) as { sites: { file: string; line: number }[]; notChecked: unknown };
    expect(data.sites.map((site) => `${site.file}:${site.line}`)).toStrictEqual(['src/be.ts:2', 'src/le.ts:2', 'src/utf8.ts:2']);
    expect(data.notChecked).toStrictEqual([{ file: 'src/latin1.ts', message: notText }]);
  });
});
