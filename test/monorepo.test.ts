import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Turborepo's cache for a `sunset:check` task per workspace package (fixtures/monorepo/turbo.json): the key
// holds the config (globalDependencies), the installed rule-data version (its package.json) and the asOf day
// (env SUNSET_AS_OF). Offline: telemetry off, no login, so no remote cache.
const root = fileURLToPath(new URL('../', import.meta.url));
const turbo = join(root, 'node_modules/.bin/turbo');
const work = mkdtempSync(join(tmpdir(), 'sunset-monorepo-'));
cpSync(join(root, 'fixtures/monorepo'), work, { recursive: true });
const ruleDataJson = join(work, 'node_modules/@sunset/rule-data/package.json');
mkdirSync(join(work, 'node_modules/@sunset/rule-data'), { recursive: true });
writeFileSync(ruleDataJson, readFileSync(join(root, 'packages/rule-data/package.json')));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(asOf: string): { cached: number; output: string } {
  const result = spawnSync(turbo, ['run', 'sunset:check'], {
    cwd: work,
    encoding: 'utf8',
    env: {
      ...process.env,
      TURBO_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
      TURBO_NO_UPDATE_NOTIFIER: '1',
      SUNSET_BIN: join(root, 'packages/cli/dist/bin.js'),
      SUNSET_AS_OF: asOf,
    },
  });
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status, output).toBe(0);
  const cached = /Cached:\s+(\d+) cached, 2 total/.exec(output);
  expect(cached, output).not.toBeNull();
  return { cached: Number(cached![1]), output };
}

describe('sunset:check under Turborepo', () => {
  it('hits the cache when nothing changed and misses when the config, the asOf phase or the rule-data version does', () => {
    // 2026-02-01: the fixture's custom entry is still scheduled (gaEnds 2026-03-01): no finding.
    expect(run('2026-02-01').cached).toBe(0);
    expect(run('2026-02-01').cached).toBe(2);

    // Across the phase boundary: deprecated now, and reported — a stale cache would have hidden it.
    const deprecated = run('2026-04-01');
    expect(deprecated.cached).toBe(0);
    expect(deprecated.output).toContain('is deprecated');
    expect(run('2026-04-01').cached).toBe(2);

    const configPath = join(work, 'sunset.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(configPath, JSON.stringify({ ...config, ignores: ['src/generated/'] }, null, 2));
    expect(run('2026-04-01').cached).toBe(0);
    expect(run('2026-04-01').cached).toBe(2);

    const ruleData = JSON.parse(readFileSync(ruleDataJson, 'utf8')) as { version: string };
    writeFileSync(ruleDataJson, JSON.stringify({ ...ruleData, version: `${ruleData.version}-next` }, null, 2));
    expect(run('2026-04-01').cached).toBe(0);
    expect(run('2026-04-01').cached).toBe(2);
  });
});
