import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LintTarget } from '../src/check/types.js';
import { main } from '../src/cli.js';
import { fakeLintFiles } from './fake-engine.js';
import { captureIo, makeTree } from './helpers.js';

const deps = { lintFiles: fakeLintFiles, transformFile: () => ({ output: undefined, sites: [] }) };

describe('sunset check', () => {
  it('exits 0 on a folder with no retired call', async () => {
    const io = captureIo(makeTree({ 'src/a.ts': "get('/v1/buyer/campaigns');\n" }));
    expect(await main(['check'], io, deps)).toBe(0);
    expect(io.out()).toBe('✔ 0 findings in 0 files, 0 at or past deprecated (1 file scanned, as of 2026-01-15)\n');
  });

  it('exits 1 on a finding at or past --fail-on and 0 when the threshold is later', async () => {
    const root = makeTree({ 'src/a.ts': "get('/v1/campaigns');\n" });
    // GET /v1/campaigns: deprecated from 2018-10-01, retired from 2019-10-01.
    expect(await main(['check', '--as-of', '2019-01-01'], captureIo(root), deps)).toBe(1);
    expect(await main(['check', '--as-of', '2019-01-01', '--fail-on', 'retired'], captureIo(root), deps)).toBe(0);
    expect(await main(['check', '--as-of', '2019-10-01', '--fail-on', 'retired'], captureIo(root), deps)).toBe(1);
    expect(await main(['check', '--as-of', '2018-09-30'], captureIo(root), deps)).toBe(0);
  });

  it('hands only files that pass the needle test to the linter, with their text', async () => {
    const root = makeTree({ 'a.ts': "get('/v1/campaigns');\n", 'b.ts': 'export const x = 1;\n', 'c.ts': '// TODO(sunset:campaigns-legacy-get): x\n' });
    const seen: LintTarget[] = [];
    const io = captureIo(root);
    await main(['check', '--format', 'json'], io, {
      ...deps,
      lintFiles: (files, config) => {
        seen.push(...files);
        return fakeLintFiles(files, config);
      },
    });
    expect(seen).toEqual([
      { path: path.join(root, 'a.ts'), displayPath: 'a.ts', source: "get('/v1/campaigns');\n" },
      { path: path.join(root, 'c.ts'), displayPath: 'c.ts', source: '// TODO(sunset:campaigns-legacy-get): x\n' },
    ]);
    expect(JSON.parse(io.out())).toMatchObject({ summary: { files: 3, candidates: 2 } });
  });

  it('lists a file that does not parse as an error and exits 1', async () => {
    const io = captureIo(makeTree({ 'bad.ts': "get('/v1/campaigns') SYNTAX ERROR\n" }));
    expect(await main(['check', '--format', 'json'], io, deps)).toBe(1);
    expect(JSON.parse(io.out())).toEqual({
      findings: [],
      errors: [{ file: 'bad.ts', line: 1, message: 'Parsing error: Unexpected token' }],
      summary: { asOf: '2026-01-15', failOn: 'deprecated', files: 1, candidates: 1, findings: 0, failing: 0, baselined: 0, errors: 1 },
    });
  });

  it('writes the report to --output and a one-line note to stderr', async () => {
    const root = makeTree({ 'src/a.ts': "get('/v1/campaigns');\n" });
    const io = captureIo(root);
    expect(await main(['check', '--format', 'sarif', '--output', 'out/sunset.sarif'], io, deps)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe('Wrote the sarif report to out/sunset.sarif: 1 finding, 1 at or past deprecated.\n');
    const log = JSON.parse(readFileSync(path.join(root, 'out/sunset.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect(log.runs[0]!.results).toHaveLength(1);
  });

  it('uses colour on a terminal unless NO_COLOR is set', async () => {
    const root = makeTree({ 'src/a.ts': "get('/v1/campaigns');\n" });
    const tty = captureIo(root, { isTTY: true });
    await main(['check'], tty, deps);
    expect(tty.out()).toContain('\u001b[');
    const noColor = captureIo(root, { isTTY: true, env: { NO_COLOR: '1' } });
    await main(['check'], noColor, deps);
    expect(noColor.out()).not.toContain('\u001b[');
  });
});

describe('scheduled findings', () => {
  // GET /v1/campaigns: general availability ends 2018-10-01.
  const tree = { 'src/a.ts': "get('/v1/campaigns');\n" };

  it('are not reported unless reportScheduled, and never fail the run', async () => {
    const hidden = captureIo(makeTree(tree));
    expect(await main(['check', '--format', 'json', '--as-of', '2018-09-01'], hidden, deps)).toBe(0);
    expect(JSON.parse(hidden.out())).toMatchObject({ findings: [] });
    const shown = captureIo(makeTree({ ...tree, 'sunset.config.json': '{ "reportScheduled": true }' }));
    expect(await main(['check', '--format', 'json', '--as-of', '2018-09-01'], shown, deps)).toBe(0);
    expect(JSON.parse(shown.out())).toMatchObject({ findings: [{ phase: 'scheduled', line: 1 }], summary: { failing: 0 } });
  });

  it('are limited to entries whose GA end is within scheduledWithinDays', async () => {
    const root = makeTree({ ...tree, 'sunset.config.json': '{ "reportScheduled": true, "scheduledWithinDays": 30 }' });
    const far = captureIo(root);
    await main(['check', '--format', 'json', '--as-of', '2018-08-31'], far, deps);
    expect(JSON.parse(far.out())).toMatchObject({ findings: [] });
    const near = captureIo(root);
    await main(['check', '--format', 'json', '--as-of', '2018-09-01'], near, deps);
    expect(JSON.parse(near.out())).toMatchObject({ findings: [{ phase: 'scheduled' }] });
  });
});
