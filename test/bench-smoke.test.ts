// Keeps the benchmark generator and runner working; the bench itself is not part of the suite.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';
import type { ParserPlugin } from '@babel/parser';
import { afterAll, describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../bench/generate.mjs';
import { MANIFEST_NAME, RETIRED_FORM_IDS, generateRepoFiles, writeRepo } from '../bench/generate.mjs';

const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'sunset-bench-smoke-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A retired key of the contracts table, written independently of the generator's templates. */
const RETIRED_KEY = new RegExp([
  String.raw`/v1/campaigns(?![\w-])`,
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

function babelPluginsFor(ext: GeneratedFile['ext']): ParserPlugin[] {
  if (ext === 'ts') return ['typescript', 'decorators-legacy'];
  if (ext === 'tsx') return ['typescript', 'jsx', 'decorators-legacy'];
  return [];
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

  it('puts retired calls in exactly round(N * share) files and nowhere else', () => {
    for (const [files, share] of [[20, 0.2], [150, 0.01], [333, 0.03], [40, 0]] as const) {
      const repo = generate(files, 42, share);
      const withRetiredKey = repo.filter((f) => RETIRED_KEY.test(f.content));

      expect(repo).toHaveLength(files);
      expect(withRetiredKey.map((f) => f.path)).toEqual(repo.filter((f) => f.retired).map((f) => f.path));
      expect(withRetiredKey).toHaveLength(Math.round(files * share));
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
      try {
        parse(file.content, { sourceType: 'module', plugins: babelPluginsFor(file.ext) });
      } catch (error) {
        failures.push(`${file.path}: ${error instanceof Error ? error.message : String(error)}`);
      }
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

  it('rejects a share outside 0..1 with a message naming the option', () => {
    expect(() => writeRepo(join(scratch, 'bad'), { files: 10, share: 1.5 })).toThrow('--share must be a fraction from 0 to 1, got 1.5');
  });
});

describe('bench/run.mjs', () => {
  it('runs a quick bench on a tiny repo and writes the results JSON', () => {
    const outDir = join(scratch, 'results');
    const run = spawnSync(process.execPath, ['bench/run.mjs', '--quick', '--sizes', '20', '--runs', '1', '--share', '0.2', '--json-only', '--out-dir', outDir], {
      cwd: workspaceRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });

    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout) as {
      schema: string;
      resultsPath: string;
      options: { sizes: number[]; runs: number };
      sizes: { files: number; retiredFiles: number; tools: { id: string; status: string; medianWallS: number | null; output?: Record<string, number | null> }[] }[];
      ratios: Record<string, Record<string, number | null>>;
      targets: unknown[];
    };
    expect(results.schema).toBe('sunset-bench-results/1');
    expect(results.options).toMatchObject({ sizes: [20], runs: 1 });
    expect(existsSync(results.resultsPath)).toBe(true);
    expect(JSON.parse(readFileSync(results.resultsPath, 'utf8'))).toEqual(results);

    const [size] = results.sizes;
    expect(size?.files).toBe(20);
    expect(size?.retiredFiles).toBe(4);
    expect(size?.tools.map((t) => t.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const tool of size?.tools ?? []) {
      expect(['ok', 'not-available'], `${tool.id}: ${JSON.stringify(tool)}`).toContain(tool.status);
      if (tool.status === 'ok') expect(tool.medianWallS).toBeGreaterThan(0);
    }
    const grep = size?.tools.find((t) => t.id === 'e');
    expect(grep?.status).toBe('ok');
    expect(grep?.output?.candidateFiles).toBeGreaterThanOrEqual(4);
    const jscodeshift = size?.tools.find((t) => t.id === 'd');
    expect(jscodeshift?.output).toEqual({ errors: 0, unmodified: 0, skipped: 20, ok: 0 });
    expect(Object.keys(results.ratios)).toEqual(['20']);
    expect(results.targets).toHaveLength(8);
  });
});
