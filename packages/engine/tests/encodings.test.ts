import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../src/check/check-files.js';
import { decodeSource, encodeSource, readSource } from '../src/files/read-source.js';
import { fixFiles } from '../src/fix/fix-files.js';
import { fakeCore, makeTree, sunsetOptions } from './helpers.js';

// Source files are UTF-8 (a BOM allowed) or UTF-16 with a byte-order mark, LE or BE: both are read,
// checked at ESLint's lines and columns, and fixed in their own encoding. Any other bytes cannot be
// read as text: such a file is listed as not checked, never passed over.

const bom = '\uFEFF';
/** A line break of each kind, a character outside the BMP (a surrogate pair) and an unpaired surrogate: all must come back as they were. */
const text = `${bom}// caf\u00e9 \u{1F600} \uD800\r\nconst list = () => fetch('/v1/campaigns');\nexport { list };\n`;
const fixed = text.replace("'/v1/campaigns'", "'/v1/buyer/campaigns'");

const utf16be = (value: string): Buffer => Buffer.from(value, 'utf16le').swap16();

describe('decodeSource and encodeSource', () => {
  it('decode UTF-16 LE and BE by their BOM and encode the same bytes back', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = utf16be(text);
    expect([...le.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect([...be.subarray(0, 2)]).toEqual([0xfe, 0xff]);
    expect(decodeSource(le)).toStrictEqual({ ok: true, text, encoding: 'utf16le' });
    expect(decodeSource(be)).toStrictEqual({ ok: true, text, encoding: 'utf16be' });
    expect(encodeSource(text, 'utf16le').equals(le)).toBe(true);
    expect(encodeSource(text, 'utf16be').equals(be)).toBe(true);
  });

  it('decode UTF-8 with and without a BOM', () => {
    const plain = text.replace(/\uD800/, '').slice(1);
    expect(decodeSource(Buffer.from(plain))).toStrictEqual({ ok: true, text: plain, encoding: 'utf8' });
    expect(decodeSource(Buffer.from(`${bom}${plain}`))).toStrictEqual({ ok: true, text: `${bom}${plain}`, encoding: 'utf8' });
  });

  it('refuse bytes that are not UTF-8 and carry no UTF-16 BOM, UTF-32, and a UTF-16 file of odd length', () => {
    const advice = 'Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.';
    expect(decodeSource(Buffer.from("// caf\u00e9\nfetch('/v1/campaigns');\n", 'latin1'))).toStrictEqual({
      ok: false,
      message: `Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. ${advice}`,
    });
    expect(decodeSource(Buffer.from([0xff, 0xfe, 0, 0, 0x41, 0, 0, 0]))).toStrictEqual({ ok: false, message: `Cannot read the file as text: it is UTF-32. ${advice}` });
    expect(decodeSource(Buffer.from([0xfe, 0xff, 0, 0x41, 0]))).toStrictEqual({
      ok: false,
      message: `Cannot read the file as text: it starts with a UTF-16 byte-order mark but has an odd number of bytes. ${advice}`,
    });
  });
});

describe('UTF-16 source files', () => {
  it('are checked at the same lines and columns as their UTF-8 twin', async () => {
    const root = makeTree({});
    writeFileSync(path.join(root, 'le.ts'), Buffer.from(text, 'utf16le'));
    writeFileSync(path.join(root, 'be.ts'), utf16be(text));
    writeFileSync(path.join(root, 'utf8.ts'), text.replace(/\uD800/, ''));

    const result = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore });

    expect(result.errors).toEqual([]);
    expect(result.findings.map((finding) => `${path.basename(finding.file)}:${finding.line}:${finding.column}`)).toEqual(['be.ts:2:26', 'le.ts:2:26', 'utf8.ts:2:26']);
    // What the formats keep of the file: the lines around the finding, decoded (the BOM on line 1, as read).
    expect(result.excerpts.get(path.join(root, 'le.ts'))).toStrictEqual(new Map(text.split(/\r\n|\n/).slice(0, 4).map((line, index) => [index + 1, line])));
  });

  it('are fixed in their own encoding, BOM kept, every other byte as it was', async () => {
    const root = makeTree({});
    writeFileSync(path.join(root, 'le.ts'), Buffer.from(text, 'utf16le'));
    writeFileSync(path.join(root, 'be.ts'), utf16be(text));

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore, dry: false, force: true });

    expect(report.errors).toEqual([]);
    expect(report.changedFiles).toEqual(['be.ts', 'le.ts']);
    expect(readFileSync(path.join(root, 'le.ts')).equals(Buffer.from(fixed, 'utf16le'))).toBe(true);
    expect(readFileSync(path.join(root, 'be.ts')).equals(utf16be(fixed))).toBe(true);
    expect(readSource(path.join(root, 'be.ts'))).toStrictEqual({ kind: 'text', text: fixed, encoding: 'utf16be', bytes: utf16be(fixed) });
  });
});

describe('a file in another encoding', () => {
  it('is listed as not checked by check and fix, and left byte-identical', async () => {
    const latin1 = Buffer.from("// caf\u00e9\nfetch('/v1/campaigns');\n", 'latin1');
    const root = makeTree({ 'ok.ts': "fetch('/v1/campaigns');\n" });
    writeFileSync(path.join(root, 'latin1.ts'), latin1);
    const message = 'Cannot read the file as text: it is not valid UTF-8, nor UTF-16 with a byte-order mark. Save it as UTF-8 (or UTF-16 with a byte-order mark), or add it to ignores.';

    const checked = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore });
    expect(checked.errors).toEqual([{ file: path.join(root, 'latin1.ts'), message }]);
    expect(checked.findings.map((finding) => path.basename(finding.file))).toEqual(['ok.ts']);
    expect(checked.notScanned.unreadable).toBe(1);

    const report = await fixFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), core: fakeCore, dry: false, force: true });
    expect(report.errors).toEqual([{ file: path.join(root, 'latin1.ts'), message }]);
    expect(report.changedFiles).toEqual(['ok.ts']);
    expect(readFileSync(path.join(root, 'latin1.ts')).equals(latin1)).toBe(true);
  });

  it('is read in bytes by the real prefilter when UTF-8, as text otherwise: the same findings in every encoding', async () => {
    const source = "// caf\u00e9 \u{1F600}\nconst list = () => fetch('/v1/campaigns');\n";
    const root = makeTree({ 'utf8.ts': source, 'bom.ts': `${bom}${source}`, 'plain.ts': "import { x } from './utf8';\nexport const y = x;\n" });
    writeFileSync(path.join(root, 'le.ts'), Buffer.from(`${bom}${source}`, 'utf16le'));
    writeFileSync(path.join(root, 'be.ts'), utf16be(`${bom}${source}`));
    writeFileSync(path.join(root, 'latin1.ts'), Buffer.from(source.replace('\u{1F600}', ''), 'latin1'));

    const checked = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions() });
    const at = checked.findings.map((finding) => `${path.basename(finding.file)}:${finding.line}:${finding.column} ${finding.rule}`).sort();
    expect(at).toEqual(['be.ts', 'bom.ts', 'le.ts', 'utf8.ts'].map((file) => `${file}:2:26 no-legacy-rest-path`));
    expect(checked.errors.map((error) => path.basename(error.file))).toEqual(['latin1.ts']);
    expect(checked.candidates).toBe(4);
  });

  it("gives --project's module summary of every file the same from its bytes as from its text, specifiers beyond ASCII too", async () => {
    const importer = "import { list } from './café/ü.js';\nimport axios from 'axios';\nexport const run = () => list();\n";
    const root = makeTree({ 'utf8.ts': importer, 'plain.ts': "const x = require('../données');\n" });
    writeFileSync(path.join(root, 'le.ts'), Buffer.from(`${bom}${importer}`, 'utf16le'));

    const checked = await checkFiles(['.'], { cwd: root, baseDir: root, options: sunsetOptions(), moduleSummaries: true });
    const summary = { needle: false, exports: true, holdsBase: false, specifiers: ['./café/ü.js', 'axios'] };
    expect(checked.modules).toEqual(
      new Map([
        [path.join(root, 'le.ts'), summary],
        [path.join(root, 'plain.ts'), { needle: false, exports: false, holdsBase: false, specifiers: ['../données'] }],
        [path.join(root, 'utf8.ts'), summary],
      ]),
    );
  });
});
