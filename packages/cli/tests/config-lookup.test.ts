import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// The config lookup starts at each scanned path and walks up to the top of the git work tree, as
// ESLint 10 looks up eslint.config.js: a folder with its own sunset.config.json (or package.json
// with a "sunset" key) is governed by it, whole, whatever the working directory.

const call = "fetch('/v1/campaigns');\n";

function monorepo(): string {
  return makeTree({
    'sunset.config.json': JSON.stringify({ ignores: ['legacy/'] }),
    'src/root.ts': call,
    'legacy/old.ts': call,
    'packages/a/sunset.config.json': JSON.stringify({ asOf: '2018-11-01' }),
    'packages/a/src/x.ts': call,
    'packages/b/package.json': JSON.stringify({ name: 'b', sunset: { rules: { 'sunset/no-legacy-rest-path': 'off' } } }),
    'packages/b/src/x.ts': call,
    'packages/c/package.json': JSON.stringify({ name: 'c' }),
    'packages/c/src/x.ts': call,
  });
}

async function phases(cwd: string, paths: readonly string[]): Promise<string[]> {
  const io = captureIo(cwd);
  await main(['check', ...paths, '--format', 'json'], io);
  expect(io.err()).toBe('');
  return (JSON.parse(io.out()) as { findings: { file: string; phase: string }[] }).findings.map((finding) => `${finding.file} ${finding.phase}`);
}

describe('config lookup per scanned path', () => {
  it('applies the nearest config to each folder below the scanned one, the root config elsewhere', async () => {
    expect(await phases(monorepo(), ['.'])).toStrictEqual(['packages/a/src/x.ts deprecated', 'packages/c/src/x.ts retired', 'src/root.ts retired']);
  });

  it('starts at the scanned path, not at the working directory', async () => {
    const root = monorepo();
    expect(await phases(root, ['packages/a/src/x.ts', 'packages/b'])).toStrictEqual(['packages/a/src/x.ts deprecated']);
    // From inside package a, package c is governed by the root config (its package.json has no "sunset" key).
    expect(await phases(path.join(root, 'packages/a'), ['.', '../c'])).toStrictEqual(['src/x.ts deprecated', '../c/src/x.ts retired']);
  });

  it('lets --config govern everything, and flags override every config', async () => {
    const root = monorepo();
    expect(await phases(root, ['.', '--config', 'sunset.config.json'])).toStrictEqual([
      'packages/a/src/x.ts retired',
      'packages/b/src/x.ts retired',
      'packages/c/src/x.ts retired',
      'src/root.ts retired',
    ]);
    expect(await phases(root, ['.', '--as-of', '2018-11-01'])).toStrictEqual([
      'packages/a/src/x.ts deprecated',
      'packages/c/src/x.ts deprecated',
      'src/root.ts deprecated',
    ]);
  });

  it('counts as not scanned only what a config ignores, not a folder its own config scans', async () => {
    const io = captureIo(monorepo());
    await main(['check', '.', '--format', 'json'], io);
    const report = JSON.parse(io.out()) as { notScanned: { file: string; reason: string }[]; summary: { notScanned: { excludedByConfig: number } } };
    expect(report.notScanned.map(({ file, reason }) => `${file} ${reason}`)).toStrictEqual(['legacy/old.ts excluded-by-config']);
    expect(report.summary.notScanned.excludedByConfig).toBe(1);
  });

  it('lets sunset fix take each folder\'s nearest config too', async () => {
    const io = captureIo(monorepo());
    expect(await main(['fix', '.', '--dry', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { sites: { file: string; action: string }[]; notScanned: { file: string }[] };
    // packages/b turns the rule off in its package.json; legacy/ is ignored by the root config.
    expect(report.sites.map(({ file, action }) => `${file} ${action}`).sort()).toStrictEqual([
      'packages/a/src/x.ts rewritten',
      'packages/c/src/x.ts rewritten',
      'src/root.ts rewritten',
    ]);
    expect(report.notScanned.map(({ file }) => file)).toStrictEqual(['legacy/old.ts']);
  });
});
