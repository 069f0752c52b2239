import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eslintWithPlugin } from './support/eslint-with-plugin.js';
import { ensureBuilt, makeTempDir, parseJson, runSunset } from './support/cli.js';
import { copyPointedAtAdform, onAdformHost, otherVendorRequests, otherVendorsDir } from './support/other-vendors.js';
import type { Finding as JsonFinding } from '@sunset/cli';

// Issue 26's acceptance on fixtures/other-vendors: three other vendors' APIs whose paths have the
// shapes of retired ones (an ad platform's GET /v1/campaigns/{id}, a fundraising API's /v1/campaigns,
// a display advertising API's /v1/advertisers), written as direct URLs, instance bases and wrapper
// classes over an instance in another file. Nothing is reported by plain `check`, `--project`, ESLint
// or `fix`; with "apiHosts": ["*"] every request is, with its vendor's host; and in a copy pointed at
// api.adform.com (the positive control) every one is found there, at the same place.

const asOf = '2026-11-21';

/** `sunset check` (JSON) in `cwd`: its findings as expected-findings.json writes them, its exit code and stderr. */
async function check(cwd: string, flags: readonly string[] = []): Promise<{ findings: string[]; code: number | null; stderr: string }> {
  const result = await runSunset(['check', 'src', '--as-of', asOf, '--format', 'json', ...flags], { cwd });
  const report = parseJson<{ findings: JsonFinding[] }>(result);
  return {
    findings: report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.rule} ${finding.retired ?? ''} @${finding.host ?? '?'}`),
    code: result.code,
    stderr: result.stderr,
  };
}

/** ESLint with `sunset.configsFor(sunset.config.json)` in `cwd`: `file:line:column rule retiredKey` (the key is how the message starts). */
async function eslint(cwd: string, settings: object = {}): Promise<string[]> {
  const results = await eslintWithPlugin(cwd, asOf, settings).lintFiles(['src']);
  return results.flatMap((result) =>
    result.messages.map((message) => {
      const file = path.relative(cwd, result.filePath).split(path.sep).join('/');
      return `${file}:${message.line}:${message.column} ${message.ruleId ?? 'fatal'} ${message.message.replace(/ is retired .*$/, '')}`;
    }),
  );
}

/** A request of expected-findings.json without its host (ESLint's messages do not name it). */
const withoutHost = (request: string): string => request.replace(/ @\S+$/, '');

describe("other vendors' clients are not the built-in API's (fixtures/other-vendors)", () => {
  const requests = otherVendorRequests();

  beforeAll(async () => {
    await ensureBuilt();
  });

  it('lists the three collisions, each written as a direct URL, an instance and a wrapper in another file', () => {
    expect(requests).toHaveLength(23);
    expect(new Set(requests.map((request) => / (GET \S+) @/.exec(request)?.[1]))).toEqual(new Set(['GET /v1/campaigns', 'GET /v1/campaigns/{id}', 'GET /v1/advertisers']));
  });

  const hint =
    'Hint: 23 requests to a retired path or operation name a host that is not their API\'s, so they were not reported. If a proxy or gateway of yours serves the API, add its host to apiHosts (or to the API under apis); "apiHosts": ["*"] checks every host.\n' +
    '  In src/snapchat-etl/sync.mjs (4), src/snapchat-sdk/client.ts (4), src/givebutter/donations.ts (3) and 7 more files; --format json lists them (otherHostsByFile).\n';

  it('sunset check reports nothing, exit 0, and says once how many requests it left out as another host\'s', async () => {
    const result = await check(otherVendorsDir);
    expect(result.findings).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(hint);
  });

  it('sunset check --project reports nothing, and counts the same requests left out (the type checker knows their hosts too)', async () => {
    const result = await check(otherVendorsDir, ['--project']);
    expect(result.findings).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(hint);
  });

  it('ESLint with the plugin reports nothing', async () => {
    expect(await eslint(otherVendorsDir)).toEqual([]);
  });

  it('sunset fix changes no file', async () => {
    const temp = await makeTempDir('other-vendors-fix');
    try {
      await cp(otherVendorsDir, temp.dir, { recursive: true });
      const result = await runSunset(['fix', 'src', '--as-of', asOf, '--force'], { cwd: temp.dir });
      expect(result.code).toBe(0);
      const files = fg.sync('**/*', { cwd: otherVendorsDir }).sort();
      expect(fg.sync('**/*', { cwd: temp.dir }).sort()).toEqual(files);
      for (const file of files) expect(await readFile(path.join(temp.dir, file), 'utf8'), file).toBe(await readFile(path.join(otherVendorsDir, file), 'utf8'));
    } finally {
      await temp.cleanup();
    }
  });

  it('with "apiHosts": ["*"], check, --project and ESLint report every request, each with its vendor\'s host', async () => {
    expect((await check(otherVendorsDir, ['--api-host', '*'])).findings).toEqual(requests);
    expect((await check(otherVendorsDir, ['--api-host', '*', '--project'])).findings).toEqual(requests);
    expect(await eslint(otherVendorsDir, { apiHosts: ['*'] })).toEqual(requests.map(withoutHost));
  });
});

describe('the positive control: the same code pointed at api.adform.com', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  const expected = otherVendorRequests().map(onAdformHost);

  beforeAll(async () => {
    await ensureBuilt();
    temp = await makeTempDir('other-vendors-adform');
    copyPointedAtAdform(temp.dir);
  });

  afterAll(async () => {
    await temp.cleanup();
  });

  it('sunset check finds every retired call, at the same file, line and column, on api.adform.com, and hints at nothing', async () => {
    const result = await check(temp.dir);
    expect(result.findings).toEqual(expected);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
  });

  it('sunset check --project finds every one', async () => {
    expect((await check(temp.dir, ['--project'])).findings).toEqual(expected);
  });

  it('ESLint with the plugin finds every one', async () => {
    expect(await eslint(temp.dir)).toEqual(expected.map(withoutHost));
  });
});

describe("the README's Changes section and the changelogs: the new default, said plainly", () => {
  const readText = (file: string): Promise<string> => readFile(path.join(otherVendorsDir, '../..', file), 'utf8');

  it('names the default hosts and the way back, and the way back works as written', async () => {
    const readme = await readText('README.md');
    const section = readme.slice(readme.indexOf('## Changes'), readme.indexOf('\n## ', readme.indexOf('## Changes') + 1));
    expect(section).toContain('`api.adform.com`');
    const [, setting] = /set `("apiHosts": \[[^\]]*\])` in `sunset\.config\.json`/.exec(section) ?? [];
    const [, flag] = /pass `--api-host '([^']+)'`/.exec(section) ?? [];
    expect([setting, flag]).toEqual(['"apiHosts": ["*"]', '*']);
    for (const changelog of ['packages/cli/CHANGELOG.md', 'packages/eslint-plugin/CHANGELOG.md', 'packages/runtime/CHANGELOG.md']) {
      expect(section).toContain(`(${changelog})`);
      expect(await readText(changelog)).toMatch(/To get the old behaviour\*\*:[^#]*?"apiHosts": \["\*"\]/);
    }

    const temp = await makeTempDir('other-vendors-old-default');
    try {
      await cp(otherVendorsDir, temp.dir, { recursive: true });
      const config = JSON.parse(await readFile(path.join(temp.dir, 'sunset.config.json'), 'utf8')) as Record<string, unknown>;
      const written = JSON.stringify({ ...config, ...(JSON.parse(`{${setting!}}`) as object) });
      await writeFile(path.join(temp.dir, 'sunset.config.json'), written);
      const withSetting = await check(temp.dir);
      expect(withSetting.findings).toEqual(otherVendorRequests());
      expect(withSetting.stderr).toBe('');
      expect((await check(otherVendorsDir, ['--api-host', flag!])).findings).toEqual(otherVendorRequests());
    } finally {
      await temp.cleanup();
    }
  });
});
