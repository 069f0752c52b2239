import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, makeTempDir } from './support/cli.js';
import { repoRoot } from './support/legacy-app.js';

// Issue 14: `eslint --cache` with the plugin must re-lint when the phase of a finding changes. ESLint
// keys each cached result on a hash of the file's computed config, and that config holds
// `settings.sunset.asOf`, so a new day is a new key. This runs the real ESLint CLI on a temp project
// whose config imports the BUILT plugin and reads asOf from SUNSET_AS_OF.
//
// Proof that a run was served from the cache: the config also loads a probe rule that appends the
// file name to a log each time ESLint creates rules for a file, i.e. each time the file is really
// linted. A cache hit skips linting, so the log does not grow. (The cache file itself is rewritten
// on every run, so its mtime proves nothing; its `hashOfConfig` is checked as a second witness.)

const eslintBin = path.join(repoRoot, 'node_modules/eslint/bin/eslint.js');
const pluginUrl = pathToFileURL(path.join(repoRoot, 'packages/eslint-plugin/dist/index.js')).href;

const beforeGaEnd = '2026-01-10';
const afterGaEnd = '2026-03-01';

const customEntry = {
  id: 'proxy-campaigns',
  retired: 'GET /v1/proxy/campaigns',
  replacements: ['GET /v1/buyer/campaigns'],
  gaEnds: '2026-02-01',
  supportEnds: '2026-12-31',
  migration: 'rewrite',
  service: 'In-house proxy',
};

const eslintConfig = `import { appendFileSync } from 'node:fs';
import sunset from ${JSON.stringify(pluginUrl)};

const probe = {
  meta: { name: 'cache-probe', version: '1.0.0' },
  rules: {
    linted: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        appendFileSync(process.env.SUNSET_PROBE_LOG, context.filename + '\\n');
        return {};
      },
    },
  },
};

export default [
  sunset.configs.recommended,
  {
    plugins: { probe },
    rules: { 'probe/linted': 'error' },
    settings: { sunset: { asOf: process.env.SUNSET_AS_OF, reportScheduled: true, customEntries: [${JSON.stringify(customEntry)}] } },
  },
];
`;

interface LintMessage {
  readonly ruleId: string | null;
  readonly message: string;
}

interface LintResult {
  readonly filePath: string;
  readonly messages: readonly LintMessage[];
}

describe('eslint --cache with the Sunset plugin', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let cacheFile: string;
  let probeLog: string;

  beforeAll(async () => {
    await ensureBuilt();
    temp = await makeTempDir('eslint-cache');
    mkdirSync(path.join(temp.dir, 'src'));
    writeFileSync(path.join(temp.dir, 'src/a.js'), "fetch('/v1/proxy/campaigns');\n");
    writeFileSync(path.join(temp.dir, 'eslint.config.mjs'), eslintConfig);
    cacheFile = path.join(temp.dir, '.eslintcache');
    probeLog = path.join(temp.dir, 'probe.log');
    writeFileSync(probeLog, '');
  });

  afterAll(async () => {
    await temp.cleanup();
  });

  /** Runs ESLint with the cache; returns the Sunset messages for src/a.js and how often it was really linted so far. */
  function lint(asOf: string): { messages: string[]; lintCount: number } {
    const run = spawnSync(
      process.execPath,
      [eslintBin, '--config', 'eslint.config.mjs', '--cache', '--cache-location', cacheFile, '--format', 'json', 'src'],
      { cwd: temp.dir, encoding: 'utf8', env: { ...process.env, SUNSET_AS_OF: asOf, SUNSET_PROBE_LOG: probeLog } },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as LintResult[];
    expect(results.map((result) => path.relative(temp.dir, result.filePath))).toEqual([path.join('src', 'a.js')]);
    const messages = results[0]!.messages.filter((message) => message.ruleId?.startsWith('sunset/')).map((message) => message.message);
    const lintCount = readFileSync(probeLog, 'utf8').split('\n').filter(Boolean).length;
    return { messages, lintCount };
  }

  /** The `hashOfConfig` ESLint stored for the one cached file (the cache is flatted JSON: strings are referenced by index). */
  function cachedConfigHash(): string {
    expect(existsSync(cacheFile)).toBe(true);
    const table = JSON.parse(readFileSync(cacheFile, 'utf8')) as unknown[];
    const entries = table.filter(
      (value): value is { hashOfConfig: string } => typeof value === 'object' && value !== null && 'hashOfConfig' in value,
    );
    expect(entries).toHaveLength(1);
    const hash = table[Number(entries[0]!.hashOfConfig)];
    expect(typeof hash).toBe('string');
    return hash as string;
  }

  it('serves an unchanged day from the cache and re-lints when asOf crosses the GA end', () => {
    // (1) First run: nothing cached, the file is linted; the entry is still scheduled.
    const first = lint(beforeGaEnd);
    expect(first.lintCount).toBe(1);
    expect(first.messages).toEqual([
      'GET /v1/proxy/campaigns is scheduled for retirement (general availability ends 2026-02-01, support ends 2026-12-31): use GET /v1/buyer/campaigns.',
    ]);
    const firstHash = cachedConfigHash();

    // (2) Same day, same file: served from the cache — same result, the probe rule did not run again.
    const second = lint(beforeGaEnd);
    expect(second.lintCount).toBe(1);
    expect(second.messages).toEqual(first.messages);
    expect(cachedConfigHash()).toBe(firstHash);

    // (3) A day past the GA end: the config hash changes, the file is linted again, the wording is deprecated.
    const third = lint(afterGaEnd);
    expect(third.lintCount).toBe(2);
    expect(third.messages).toHaveLength(1);
    expect(third.messages[0]).toContain('is deprecated (general availability ended 2026-02-01');
    expect(third.messages[0]).not.toContain('scheduled');
    expect(cachedConfigHash()).not.toBe(firstHash);

    // (4) Back to the first day: no stale deprecated result from the cache either.
    const fourth = lint(beforeGaEnd);
    expect(fourth.lintCount).toBe(3);
    expect(fourth.messages).toEqual(first.messages);
    expect(cachedConfigHash()).toBe(firstHash);
  });
});
