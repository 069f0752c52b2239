import { readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// Every CI format says what the run did not scan: a file over maxFileSize, a minified one, a symbolic
// link not followed, a package.json that does not parse. Files the config's ignores exclude are left
// out on purpose and only --format json lists them. The gate stays open (exit 0): nothing failed.

const schemasDir = path.join(import.meta.dirname, 'schemas');
const validateGitlab = new Ajv.default({ allErrors: true, strictRequired: false }).compile(
  JSON.parse(readFileSync(path.join(schemasDir, 'gitlab-code-quality.schema.json'), 'utf8')) as object,
);
const sarifAjv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(sarifAjv);
const validateSarif = sarifAjv.compile(
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object,
);
const junitXsd = readFileSync(path.join(schemasDir, 'junit-10.xsd'), 'utf8');

const tooLarge = 'Not scanned: 12,000 bytes, larger than the maxFileSize of 10,000 bytes. Raise maxFileSize in sunset.config.json, or name the file on the command line.';
const minified = 'Not scanned: it looks minified (lines of 1,000+ characters on average). Set checkMinified in sunset.config.json, or name the file on the command line.';
const link = 'Not scanned: a symbolic link to ../outside, outside the scanned paths. Name that path on the command line to check it.';
const brokenManifest =
  'Not read as a config: it is not valid JSON (Expected property name or \'}\', at line 1, column 2). A package.json configures sunset only under a "sunset" key; fix the file if it should, or add its folder to ignores.';

/** A clean file beside one of each kind not scanned, and one the config ignores. */
function partlyScanned(): string {
  const root = makeTree({
    'repo/sunset.config.json': JSON.stringify({ maxFileSize: 10_000, ignores: ['vendor/'] }),
    'repo/src/clean.ts': "// was /v1/campaigns\nfetch('/v1/buyer/campaigns');\n",
    'repo/src/big.ts': "fetch('/v1/campaigns');\n".repeat(500),
    'repo/dist/app.min.js': `var a=${"fetch('/v1/campaigns');".repeat(200)}\n`,
    'repo/fixtures/package.json': '{',
    'repo/vendor/lib.ts': "fetch('/v1/campaigns');\n",
    'outside/x.ts': "fetch('/v1/campaigns');\n",
  });
  symlinkSync(path.join(root, 'outside'), path.join(root, 'repo/src/linked'));
  return path.join(root, 'repo');
}

async function check(format: string): Promise<{ code: number; out: string }> {
  const io = captureIo(partlyScanned());
  const code = await main(['check', '.', '--format', format], io);
  expect(io.err()).toBe('');
  return { code, out: io.out() };
}

describe('files not scanned in the CI formats', () => {
  it('github: a warning annotation per file', async () => {
    expect(await check('github')).toStrictEqual({
      code: 0,
      out: [
        `::warning file=dist/app.min.js,title=sunset%3A file not scanned::${minified}`,
        `::warning file=fixtures/package.json,title=sunset%3A config file not read::${brokenManifest}`,
        `::warning file=src/big.ts,title=sunset%3A file not scanned::${tooLarge}`,
        `::warning file=src/linked,title=sunset%3A file not scanned::${link}`,
        '',
      ].join('\n'),
    });
  });

  it('sarif: a warning notification per file, valid against the SARIF 2.1.0 schema', async () => {
    const { code, out } = await check('sarif');
    const log = JSON.parse(out) as { runs: [{ invocations: unknown; results: unknown[] }] };
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(code).toBe(0);
    expect(log.runs[0].results).toStrictEqual([]);
    const notification = (file: string, message: string, reason: string): object => ({
      level: 'warning',
      message: { text: message },
      locations: [{ physicalLocation: { artifactLocation: { uri: file, uriBaseId: '%SRCROOT%' } } }],
      properties: { reason },
    });
    expect(log.runs[0].invocations).toStrictEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          notification('dist/app.min.js', minified, 'minified'),
          notification('fixtures/package.json', brokenManifest, 'invalid-package-json'),
          notification('src/big.ts', tooLarge, 'too-large'),
          notification('src/linked', link, 'symbolic-link'),
        ],
      },
    ]);
  });

  it('junit: a skipped test case per file, valid against the JUnit XSD', async () => {
    const { code, out } = await check('junit');
    expect((await validateXML({ xml: { fileName: 'sunset.xml', contents: out }, schema: { fileName: 'junit-10.xsd', contents: junitXsd } })).errors).toStrictEqual([]);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="sunset check" tests="5" failures="0" errors="0">',
        '  <testsuite name="sunset" tests="5" failures="0" errors="0" skipped="4">',
        '    <properties>',
        `      <property name="asOf" value="2026-01-15"/>`,
        '      <property name="failOn" value="deprecated"/>',
        '    </properties>',
        '    <testcase name="dist/app.min.js" classname="sunset">',
        `      <skipped type="sunset/not-scanned (minified)" message="${minified}"/>`,
        '    </testcase>',
        '    <testcase name="fixtures/package.json" classname="sunset">',
        `      <skipped type="sunset/not-scanned (invalid-package-json)" message="${brokenManifest.replace(/"/g, '&quot;').replace(/'/g, '&apos;')}"/>`,
        '    </testcase>',
        '    <testcase name="src/big.ts" classname="sunset">',
        `      <skipped type="sunset/not-scanned (too-large)" message="${tooLarge}"/>`,
        '    </testcase>',
        '    <testcase name="src/clean.ts" classname="sunset"/>',
        '    <testcase name="src/linked" classname="sunset">',
        `      <skipped type="sunset/not-scanned (symbolic-link)" message="${link}"/>`,
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('gitlab: an info-level issue per file, valid against the Code Quality format', async () => {
    const { code, out } = await check('gitlab');
    const issues = JSON.parse(out) as { check_name: string; severity: string; description: string; location: unknown; fingerprint: string }[];
    expect(validateGitlab(issues), JSON.stringify(validateGitlab.errors)).toBe(true);
    expect(code).toBe(0);
    expect(issues.map(({ check_name, severity, description, location }) => ({ check_name, severity, description, location }))).toStrictEqual([
      { check_name: 'sunset/file-not-scanned', severity: 'info', description: minified, location: { path: 'dist/app.min.js', lines: { begin: 1 } } },
      { check_name: 'sunset/file-not-scanned', severity: 'info', description: brokenManifest, location: { path: 'fixtures/package.json', lines: { begin: 1 } } },
      { check_name: 'sunset/file-not-scanned', severity: 'info', description: tooLarge, location: { path: 'src/big.ts', lines: { begin: 1 } } },
      { check_name: 'sunset/file-not-scanned', severity: 'info', description: link, location: { path: 'src/linked', lines: { begin: 1 } } },
    ]);
    expect(new Set(issues.map((issue) => issue.fingerprint)).size).toBe(4);
  });

  it('json: every file, those the config ignores too', async () => {
    const { code, out } = await check('json');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { notScanned: { file: string; reason: string }[] }).notScanned.map(({ file, reason }) => `${file} ${reason}`)).toStrictEqual([
      'dist/app.min.js minified',
      'fixtures/package.json invalid-package-json',
      'src/big.ts too-large',
      'src/linked symbolic-link',
      'vendor/lib.ts excluded-by-config',
    ]);
  });

  it('stylish: counted in the summary, marked ! and not ✔', async () => {
    expect((await check('stylish')).out.split('\n').slice(-2)).toStrictEqual([
      '! 0 findings in 0 files, 0 at or past deprecated, 5 files not scanned (1 too large, 1 minified, 1 excluded by config, 1 package.json not valid JSON, 1 symbolic link not followed) (1 file scanned, as of 2026-01-15)',
      '',
    ]);
  });
});
