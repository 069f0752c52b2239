// Keeps the benchmark generator and runner working; the bench itself is not part of the suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../bench/generate.mjs';
import { GENERATOR_ID, MANIFEST_NAME, RETIRED_FORM_IDS, currentManifest, generateRepoFiles, writeRepo } from '../bench/generate.mjs';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-smoke-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A retired key of the contracts table, written independently of the generator's templates. */
const RETIRED_KEY = new RegExp([
  String.raw`/v1/campaigns(?![\w-])`,
  // A path after an instance's base that ends in /v1 (`baseURL: \`${API_BASE}/v1\``).
  String.raw`'/campaigns(?![\w-])`,
  String.raw`/v1/reportingstats/agency/reportdata`,
  String.raw`\b(?:GetCampaignsAsJson|GetCampaigns|CreateCampaignsAsJson|CreateCampaign|UpdateCampaignsAsJson|UpdateCampaign|GetCampaignCategories|GetUsers|GetAdvertisersAsJson|GetAdvertisers|GetCampaignLabelsAsJson|GetAdvertiserLabelsAsJson|GetPlacementsLabelsAsJson|AddAdvertiserLabelsAsJsonp|AddAdvertiserLabelsAsJson|RemoveAdvertiserLabelsAsJsonp|SetPlacementsLabelsAsJson)(?:Async)?\b`,
].join('|'));

function repoDigest(files: readonly GeneratedFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.content}\0`);
  return hash.digest('hex');
}

function generate(files: number, seed: number, share: number): GeneratedFile[] {
  return [...generateRepoFiles({ files, seed, share })];
}

/** oxc-parser's strictest language for the extension: plain 'js' rejects both TypeScript and JSX. */
function langFor(ext: GeneratedFile['ext']): 'js' | 'ts' | 'tsx' {
  return ext === 'mjs' ? 'js' : ext;
}

describe('bench/generate.mjs', () => {
  it('produces the identical repo for the same seed and a different one for another seed', () => {
    const first = generate(20, 7, 0.2);
    const second = generate(20, 7, 0.2);
    const other = generate(20, 8, 0.2);

    expect(second.map((f) => f.path)).toEqual(first.map((f) => f.path));
    expect(repoDigest(second)).toBe(repoDigest(first));
    expect(repoDigest(other)).not.toBe(repoDigest(first));
    expect(other.map((f) => f.content)).not.toEqual(first.map((f) => f.content));
  });

  it('puts retired calls in exactly round(N * share) files and nowhere else; one file in fifty calls another vendor with the same paths', () => {
    // Another vendor's calls (`${OTHER_VENDOR}/v1/campaigns`) look retired but name their own host: negatives.
    const withoutOtherVendors = (content: string): string => content.split('\n').filter((line) => !line.includes('OTHER_VENDOR')).join('\n');
    for (const [files, share] of [[20, 0.2], [150, 0.01], [333, 0.03], [40, 0]] as const) {
      const repo = generate(files, 42, share);
      const withRetiredKey = repo.filter((f) => RETIRED_KEY.test(withoutOtherVendors(f.content)));

      expect(repo).toHaveLength(files);
      expect(withRetiredKey.map((f) => f.path)).toEqual(repo.filter((f) => f.retired).map((f) => f.path));
      expect(withRetiredKey).toHaveLength(Math.round(files * share));
      const otherVendors = repo.flatMap((f, index) => (f.content.includes("const OTHER_VENDOR = 'https://") ? [index] : []));
      expect(otherVendors).toEqual(repo.flatMap((_f, index) => (index % 50 === 7 ? [index] : [])));
    }
  });

  it('keeps the first files of a larger repo identical to the smaller repo', () => {
    const small = generate(30, 42, 0);
    const large = generate(60, 42, 0);

    expect(repoDigest(large.slice(0, 30))).toBe(repoDigest(small));
  });

  it('uses every retired call form and a mix of all four extensions', () => {
    const repo = generate(600, 42, 0.05);
    const forms = new Set(repo.flatMap((f) => f.forms));
    const extensions = new Set(repo.map((f) => f.ext));

    expect([...forms].sort()).toEqual([...RETIRED_FORM_IDS].sort());
    expect([...extensions].sort()).toEqual(['js', 'mjs', 'ts', 'tsx']);
  });

  it('writes files that parse as their extension says (no TypeScript in .js, no JSX outside .tsx)', () => {
    const failures: string[] = [];
    for (const file of generate(120, 3, 0.25)) {
      const { errors } = parseSync(file.path, file.content, { lang: langFor(file.ext), sourceType: 'module' });
      for (const error of errors) failures.push(`${file.path}: ${error.message}`);
    }

    expect(failures).toEqual([]);
  });

  it('writes the repo with a .gitignore, ignored folders and a manifest that lists the retired files', () => {
    const outDir = join(scratch, 'repo');
    const manifest = writeRepo(outDir, { files: 20, seed: 5, share: 0.2 });
    const expectedRetired = generate(20, 5, 0.2).filter((f) => f.retired).map((f) => ({ path: f.path, forms: f.forms }));

    expect(manifest.retiredFiles).toEqual(expectedRetired);
    expect(readFileSync(join(outDir, '.gitignore'), 'utf8').split('\n')).toEqual(['node_modules/', 'dist/', 'coverage/', MANIFEST_NAME, '']);
    expect(readdirSync(join(outDir, 'node_modules', 'legacy-ad-sdk', 'lib')).sort()).toEqual(['campaigns.js', 'labels.mjs']);
    expect(JSON.parse(readFileSync(join(outDir, MANIFEST_NAME), 'utf8'))).toEqual(manifest);
    expect(() => writeRepo(outDir, { files: 20, seed: 5, share: 0.2 })).toThrow(/is not empty/);
  });

  it('reuses a kept repo only when this generator wrote it with the same parameters (--work)', () => {
    const outDir = join(scratch, 'kept');
    const spec = { files: 10, seed: 3, share: 0.2 };
    const manifest = writeRepo(outDir, spec);
    const generatorHash = createHash('sha256').update(readFileSync(join(workspaceRoot, 'bench', 'generate.mjs'))).digest('hex').slice(0, 12);

    expect(GENERATOR_ID).toBe(`sunset-bench/2+${generatorHash}`);
    expect(manifest.generator).toBe(GENERATOR_ID);
    expect(currentManifest(outDir, spec)).toEqual(manifest);
    expect(currentManifest(outDir, { ...spec, seed: 4 })).toBeUndefined();
    expect(currentManifest(outDir, { ...spec, files: 11 })).toBeUndefined();
    expect(currentManifest(join(scratch, 'never-written'), spec)).toBeUndefined();
    // A repo an earlier generator wrote (issue 26 changed the files it makes under the same name).
    writeFileSync(join(outDir, MANIFEST_NAME), JSON.stringify({ ...manifest, generator: 'sunset-bench/1' }));
    expect(currentManifest(outDir, spec)).toBeUndefined();
  });

  it('rejects a share outside 0..1 with a message naming the option', () => {
    expect(() => writeRepo(join(scratch, 'bad'), { files: 10, share: 1.5 })).toThrow('--share must be a fraction from 0 to 1, got 1.5');
  });
});

describe('bench/run.mjs', () => {
  /** The results JSON (schema sunset-bench-results/3), as far as these tests read it. */
  interface Row {
    id: string;
    tool: string;
    status: string;
    note?: string;
    runs: unknown[];
    medianWallS: number | null;
    output?: Record<string, number | null>;
    findings: number | null;
    phases?: { status: string; note?: string; shares?: Record<string, number> };
  }
  interface Results {
    schema: string;
    resultsPath: string;
    options: Record<string, unknown>;
    environment: { node: string; nodePath: string; rssMethod: string; sunsetRules: string[]; oxlintVersion: string | null; checkStats: boolean };
    sizes: {
      files: number;
      retiredFiles: number;
      extensions: Record<string, number>;
      tools: Row[];
      findings: { sunset: number | null; eslint: number | null; oxlint: number | null; oxlintMatchesEslint: boolean | null; sunsetMatchesEslint: boolean | null };
    }[];
    gate?: { files: number; change: number; retiredCalls: number; row: Row };
    ratios: Record<string, Record<string, number | null>>;
    growth: Record<string, unknown>;
    targets: { id: string; target: string; value: number | null; verdict: string; detail?: string }[];
  }

  const runBench = (args: readonly string[]) =>
    spawnSync(process.execPath, ['bench/run.mjs', ...args], { cwd: workspaceRoot, encoding: 'utf8', timeout: 600_000 });

  const ROWS = ['a', 'b', 'o', 'c', 'd', 'e'];
  const TARGET_IDS = ['a/b', 'a/e', 'a/o', 'c/d', 'rss-a', 'rss-a-50k', 'rss-c', 'gate', 'findings-o=b', 'growth-a', 'growth-c'];

  it('measures every row on a 20-file repo and reports the ratios, phases, findings and verdicts', () => {
    const outDir = join(scratch, 'results');
    const run = runBench(['--quick', '--sizes', '20', '--share', '0.2', '--as-of', '2026-11-23', '--out-dir', outDir]);

    // Exit 0 only when every row ran: a bench whose rows are all "not available" fails here.
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    const resultsPath = /^results written to (.+)$/m.exec(run.stdout)?.[1];
    expect(resultsPath).toBeDefined();
    const results = JSON.parse(readFileSync(resultsPath ?? '', 'utf8')) as Results;
    expect(results.schema).toBe('sunset-bench-results/3');
    expect(results.resultsPath).toBe(resultsPath);
    expect(results.options).toMatchObject({ sizes: [20], runs: 1, share: 0.2, seed: 42, asOf: '2026-11-23', tools: [...ROWS, 'g'], allRows: false, repoRoot: resolve(workspaceRoot), gateSize: 200, change: 20 });
    // Without --node, the tools run under the Node running the bench.
    expect(results.environment).toMatchObject({ node: process.version, nodePath: process.execPath });
    expect(results.environment.oxlintVersion).toMatch(/^1\./);

    expect(results.sizes).toHaveLength(1);
    const [size] = results.sizes;
    // The generated repo is deterministic: 20 files, round(20 × 0.2) = 4 with retired calls.
    expect(size).toMatchObject({ files: 20, retiredFiles: 4, extensions: { js: 5, mjs: 3, ts: 6, tsx: 6 } });
    expect(size?.tools.map((t) => t.id)).toEqual(ROWS);
    for (const row of size?.tools ?? []) {
      expect(row.status, `(${row.id}) ${row.tool}: ${row.note ?? ''}`).toBe('ok');
      // grep runs at least 5 times (bench/run.mjs GREP_RUNS): one sample of it is too noisy for a/e.
      expect(row.runs).toHaveLength(row.id === 'e' ? 5 : 1);
      expect(row.medianWallS).toBeGreaterThan(0);
    }
    const output = (id: string) => size?.tools.find((t) => t.id === id)?.output;
    // grep and the fix prefilter select the 4 files with retired calls and the one calling another
    // vendor's /v1/campaigns (its host tells them apart only after parsing).
    expect(output('e')).toEqual({ candidateFiles: 5 });
    expect(output('c')).toMatchObject({ 'summary.files': 20, 'summary.candidates': 5, errors: 0 });
    expect(output('a')).toMatchObject({ 'summary.files': 20, errors: 0 });
    expect(output('b')).toMatchObject({ filesLinted: 20, fatalErrors: 0 });
    expect(output('d')).toEqual({ errors: 0, unmodified: 0, skipped: 20, ok: 0 });
    // oxlint ran the plugin's recommended sunset/* rules and nothing else.
    expect(results.environment.sunsetRules.length).toBeGreaterThan(0);
    expect(results.environment.sunsetRules.every((name) => name.startsWith('sunset/'))).toBe(true);
    expect(output('o')).toMatchObject({ files: 20, rules: results.environment.sunsetRules.length, other: 0 });

    // The three linters agree on the findings (every retired file has at least one).
    const { findings } = size!;
    expect(findings.eslint).toBeGreaterThanOrEqual(4);
    expect(findings).toEqual({ sunset: findings.eslint, eslint: findings.eslint, oxlint: findings.eslint, oxlintMatchesEslint: true, sunsetMatchesEslint: true });

    const phases = size?.tools.find((t) => t.id === 'a')?.phases;
    if (results.environment.checkStats && phases?.status === 'ok') {
      expect(Object.keys(phases.shares ?? {})).toEqual(['walk', 'read', 'prefilter', 'parse', 'index', 'checks']);
      expect(Object.values(phases.shares ?? {}).reduce((sum, share) => sum + share, 0)).toBeCloseTo(1, 6);
    } else {
      expect(phases).toEqual({ status: 'not-reported', note: 'timings not reported by this build' });
      expect(run.stdout).toContain('N=20: timings not reported by this build');
    }

    expect(Object.keys(results.ratios)).toEqual(['20']);
    expect(Object.keys(results.ratios['20'] ?? {})).toEqual(['a/b', 'a/o', 'a/e', 'c/d']);
    for (const value of Object.values(results.ratios['20'] ?? {})) expect(value).toBeGreaterThan(0);
    expect(results.growth).toEqual({});

    // Row g: a generated 20-file pull request on 200 files, half of it adding one retired call each.
    expect(results.gate).toMatchObject({ files: 200, change: 20, retiredCalls: 10 });
    expect(results.gate?.row).toMatchObject({ id: 'g', status: 'ok', findings: 10 });
    expect(results.gate?.row.output).toMatchObject({ 'summary.files': 20, 'summary.findings': 10, errors: 0 });
    expect(run.stdout).toMatch(/^\(g\) sunset check --changed-since \(pull request\)\s+200\s/m);

    expect(results.targets.map((t) => t.id)).toEqual(TARGET_IDS);
    for (const target of results.targets) {
      const notAt20 = target.id.startsWith('growth-') || target.id === 'rss-a-50k';
      const expected = notAt20 ? ['n/a'] : target.id.startsWith('rss-') && results.environment.rssMethod === 'none' ? ['n/a'] : ['met', 'NOT met'];
      expect(expected, `${target.id}: ${JSON.stringify(target)}`).toContain(target.verdict);
    }
    expect(results.targets.find((t) => t.id === 'findings-o=b')).toMatchObject({ verdict: 'met', value: findings.eslint });

    // The printed report: one table line per row, then the verdicts.
    for (const row of size?.tools ?? []) expect(run.stdout).toMatch(new RegExp(`^\\(${row.id}\\) .+\\s20\\s`, 'm'));
    const verdictLines = run.stdout.split('\n').filter((line) => /^ {2}\[(met|NOT met|n\/a) *\] /.test(line));
    expect(verdictLines).toHaveLength(TARGET_IDS.length);
  });

  it('exits 1 and says why when no row can run (e.g. nothing built)', () => {
    const emptyRoot = join(scratch, 'empty-workspace');
    mkdirSync(emptyRoot);
    const run = runBench(['--quick', '--sizes', '5', '--gate-size', '10', '--change', '2', '--repo-root', emptyRoot, '--json-only', '--out-dir', join(scratch, 'results-empty')]);

    expect(run.status, run.stderr).toBe(1);
    const results = JSON.parse(run.stdout) as Results;
    const [size] = results.sizes;
    expect(size?.tools.map((t) => [t.id, t.status])).toEqual(ROWS.map((id) => [id, 'not-available']));
    for (const row of size?.tools ?? []) expect(row.note, row.id).toMatch(/\S/);
    expect(results.gate?.row).toMatchObject({ id: 'g', status: 'not-available' });
    expect(results.targets.map((t) => [t.id, t.verdict])).toEqual(TARGET_IDS.map((id) => [id, 'n/a']));
  });

  it('runs the CLI under the Node line --node names, from the registry\'s node package', () => {
    const run = runBench(['--quick', '--sizes', '20', '--tools', 'a,g', '--gate-size', '30', '--change', '4', '--node', '22', '--json-only', '--out-dir', join(scratch, 'results-node')]);
    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as Results;
    expect(results.environment.node).toMatch(/^v22\./);
    expect(results.environment.nodePath).not.toBe(process.execPath);
    expect(results.sizes[0]?.tools.map((t) => [t.id, t.status])).toEqual([['a', 'ok']]);
    expect(results.gate?.row).toMatchObject({ status: 'ok', findings: 2 });
  });

  it('rejects bad options with exit code 2 and a message naming the option', () => {
    const badTool = runBench(['--tools', 'a,x']);
    expect(badTool.status).toBe(2);
    expect(badTool.stderr).toContain('--tools takes ids from a, b, b0, o, c, d, e, g, got x.');
    const badDay = runBench(['--as-of', '2026-13-01']);
    expect(badDay.status).toBe(2);
    expect(badDay.stderr).toContain('--as-of takes a day as YYYY-MM-DD, got 2026-13-01');
    const badNode = runBench(['--node', 'latest']);
    expect(badNode.status).toBe(2);
    expect(badNode.stderr).toContain('--node takes a Node version such as 22 or 22.23.3, got latest.');
    const badChange = runBench(['--gate-size', '10', '--change', '20']);
    expect(badChange.status).toBe(2);
    expect(badChange.stderr).toContain('--change takes a whole number from 1 to --gate-size (10), got 20; e.g. --change 20.');
  });
});
