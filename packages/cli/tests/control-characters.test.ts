import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { printablePath } from '@sunset/engine';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// A file name with a newline (and an escape character in the code) must not break a line of human
// output or drive the terminal; each machine format carries the name as its own rules say.

const name = 'src/new\nline.js';
const source = "fetch('/v1/campaigns'); const red = '\u001b[31m';\nfetch('/v1/campaigns/dictionaries/labels');\n";

async function run(root: string, argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(root);
  const code = await main([...argv, '--as-of', '2026-01-15'], io);
  return { code, out: io.out(), err: io.err() };
}

describe('printablePath', () => {
  it('leaves an ordinary path alone, and quotes and escapes one with control characters', () => {
    expect(printablePath('src/report, 100%.js')).toBe('src/report, 100%.js');
    expect(printablePath('src/ünï çödé.ts')).toBe('src/ünï çödé.ts');
    expect(printablePath('src/new\nline.js')).toBe('"src/new\\nline.js"');
    expect(printablePath('a\tb\r"c"\\d\u001b[31m\u0085\u202Ee.ts')).toBe('"a\\tb\\r\\"c\\"\\\\d\\u001b[31m\\u0085\\u202ee.ts"');
  });
});

describe('a file name with a newline in every format', () => {
  const root = makeTree({ [name]: source });

  it('stylish quotes the name, and shows the escape character of the code as ␛', async () => {
    const result = await run(root, ['check', '--format', 'stylish', 'src']);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').slice(0, 4)).toEqual([
      '"src/new\\nline.js"',
      '  1:7  error  GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.  sunset/no-legacy-rest-path',
      "    1 | fetch('/v1/campaigns'); const red = '␛[31m';",
      '      |       ^^^^^^^^^^^^^^^',
    ]);
    expect(result.out).not.toContain('\u001b');
  });

  it('the fix summary quotes it in the sites a person must finish', async () => {
    const result = await run(root, ['fix', '--dry', 'src']);
    expect(result.out.split('\n').slice(3)).toEqual([
      'Sites a person must finish:',
      '  "src/new\\nline.js":2:7  todo  campaign-dictionary-labels  the new endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
      '',
    ]);
  });

  it('GitHub annotations escape it as %0A, one workflow command per line', async () => {
    const result = await run(root, ['check', '--format', 'github', 'src']);
    const lines = result.out.split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('::error file=src/new%0Aline.js,line='))).toBe(true);
  });

  it('JUnit writes it as &#10; in attributes (a raw newline would be read as a space), and the XSD validates', async () => {
    const result = await run(root, ['check', '--format', 'junit', 'src']);
    expect(result.out).toContain('<testcase name="src/new&#10;line.js" classname="sunset">');
    const xsd = readFileSync(path.join(import.meta.dirname, 'schemas/junit-10.xsd'), 'utf8');
    const validation = await validateXML({ xml: { fileName: 'sunset.xml', contents: result.out }, schema: { fileName: 'junit-10.xsd', contents: xsd } });
    expect(validation.errors).toEqual([]);
  });

  it('SARIF percent-encodes it in the URI; JSON and GitLab carry it as it is', async () => {
    const [sarif, json, gitlab] = await Promise.all(['sarif', 'json', 'gitlab'].map((format) => run(root, ['check', '--format', format, 'src'])));
    const log = JSON.parse(sarif!.out) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(log.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri)).toEqual(['src/new%0Aline.js', 'src/new%0Aline.js']);
    expect((JSON.parse(json!.out) as { findings: { file: string }[] }).findings.map((finding) => finding.file)).toEqual([name, name]);
    expect((JSON.parse(gitlab!.out) as { location: { path: string } }[]).map((issue) => issue.location.path)).toEqual([name, name]);
  });
});
