import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ensureBuilt, makeTempDir, parseJson, repoRootPath, runSunset, withoutOrigin } from './support/cli.js';

// One configuration for `check` and `fix`: sunset.config.json or package.json#sunset, found from
// the working directory upwards; custom entries, ignores and asOf are honoured by both commands.

interface JsonReport {
  findings: { file: string; line: number; column: number; rule: string; entry?: string; retired?: string; replacements?: string[]; phase?: string; fix?: string }[];
  errors: unknown[];
  summary: { asOf: string; files: number; findings: number };
}

beforeAll(ensureBuilt);

/** The custom entry both config fixtures declare (a method change: PATCH on the proxy → PUT on the API). */
const proxyFinding = {
  rule: 'sunset/no-legacy-rest-path',
  message: 'PATCH /proxy/v1/campaigns/{id} is retired (support ended 2026-06-30): use PUT /v1/buyer/campaigns/{id}/status.',
  entry: 'proxy-campaign-status',
  retired: 'PATCH /proxy/v1/campaigns/{id}',
  replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
  // asOf 2026-11-21 in the config is past the entry's supportEnds 2026-06-30.
  phase: 'retired',
  fix: 'rewrite',
  host: 'unknown',
};

describe.concurrent('custom entries from sunset.config.json (fixtures/cli/custom-entries)', () => {
  const fixture = repoRootPath('fixtures/cli/custom-entries');

  it('check reports the custom entry, skips the ignored folder and takes asOf from the config', async () => {
    const result = await runSunset(['check', '--format', 'json'], { cwd: fixture });
    expect(result.code).toBe(1);
    const report = withoutOrigin(parseJson<JsonReport>(result));
    expect(report.findings).toEqual([{ file: 'src/proxy-client.ts', line: 4, column: 22, ...proxyFinding }]);
    // src/generated/old-client.ts is under "ignores".
    expect(report.summary).toMatchObject({ asOf: '2026-11-21', files: 1, findings: 1 });
  });

  it('a flag overrides the config: --as-of before the entry’s GA end reports nothing', async () => {
    const result = await runSunset(['check', '--format', 'json', '--as-of', '2024-12-31'], { cwd: fixture });
    expect(result.code).toBe(0);
    expect(withoutOrigin(parseJson<JsonReport>(result)).findings).toEqual([]);
  });

  it('--config FILE from another folder applies the file’s entries and resolves ignores against its folder', async () => {
    const result = await runSunset(['check', 'fixtures/cli/custom-entries', '--config', 'fixtures/cli/custom-entries/sunset.config.json', '--format', 'json']);
    expect(result.code).toBe(1);
    expect(withoutOrigin(parseJson<JsonReport>(result)).findings).toEqual([{ file: 'fixtures/cli/custom-entries/src/proxy-client.ts', line: 4, column: 22, ...proxyFinding }]);
  });

  it('fix rewrites the path and the method, and leaves the ignored file alone', async () => {
    const { dir, cleanup } = await makeTempDir('custom-fix');
    try {
      const project = await copyFixture('fixtures/cli/custom-entries', path.join(dir, 'project'));
      const ignored = await readFile(path.join(project, 'src/generated/old-client.ts'), 'utf8');
      const result = await runSunset(['fix'], { cwd: project });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      // src/generated/ is in the config's ignores: counted as not scanned, not listed by name.
      expect(result.stdout).toBe('1 file scanned, 1 candidate, 1 changed.\n1 site rewritten, 0 left with a TODO, 0 skipped.\n1 file not scanned (1 excluded by config).\n');
      expect(await readFile(path.join(project, 'src/proxy-client.ts'), 'utf8')).toBe(
        (await readFile(path.join(fixture, 'src/proxy-client.ts'), 'utf8')).replace(
          'axios.patch(`/proxy/v1/campaigns/${id}`, { status })',
          'axios.put(`/v1/buyer/campaigns/${id}/status`, { status })',
        ),
      );
      expect(await readFile(path.join(project, 'src/generated/old-client.ts'), 'utf8')).toBe(ignored);
      const after = await runSunset(['check', '--format', 'json'], { cwd: project });
      expect(after.code).toBe(0);
      expect(withoutOrigin(parseJson<JsonReport>(after)).findings).toEqual([]);
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('custom entries from package.json#sunset (fixtures/cli/package-json-config)', () => {
  const fixture = repoRootPath('fixtures/cli/package-json-config');

  it('check reports the custom entry in a fetch call', async () => {
    const result = await runSunset(['check', '--format', 'json'], { cwd: fixture });
    expect(result.code).toBe(1);
    expect(withoutOrigin(parseJson<JsonReport>(result)).findings).toEqual([{ file: 'src/pause.js', line: 2, column: 15, ...proxyFinding }]);
  });

  it('fix rewrites the URL and the fetch method option', async () => {
    const { dir, cleanup } = await makeTempDir('pkg-fix');
    try {
      const project = await copyFixture('fixtures/cli/package-json-config', path.join(dir, 'project'));
      const result = await runSunset(['fix'], { cwd: project });
      expect(result.code).toBe(0);
      expect(await readFile(path.join(project, 'src/pause.js'), 'utf8')).toBe(
        [
          'export async function pauseCampaign(base, id) {',
          '  await fetch(`${base}/v1/buyer/campaigns/${id}/status`, {',
          "    method: 'PUT',",
          "    headers: { 'Content-Type': 'application/json' },",
          "    body: JSON.stringify({ status: 'paused' }),",
          '  });',
          '}',
          '',
        ].join('\n'),
      );
    } finally {
      await cleanup();
    }
  });

  it('sunset.config.json wins over package.json in the same folder', async () => {
    const { dir, cleanup } = await makeTempDir('pkg-precedence');
    try {
      const project = await copyFixture('fixtures/cli/package-json-config', path.join(dir, 'project'));
      await writeFile(path.join(project, 'sunset.config.json'), '{ "asOf": "2024-06-01" }\n');
      const result = await runSunset(['check', '--format', 'json'], { cwd: project });
      // Without package.json's custom entry the proxy call is nobody's business.
      expect(result.code).toBe(0);
      expect(withoutOrigin(parseJson<JsonReport>(result)).summary).toMatchObject({ asOf: '2024-06-01', findings: 0 });
    } finally {
      await cleanup();
    }
  });
});

describe.concurrent('a bad config stops both commands with exit 2, naming the file and the field', () => {
  it('check and fix name sunset.config.json and "failOn" (fixtures/cli/bad-config)', async () => {
    const message = 'sunset: Invalid config in sunset.config.json: "failOn" must be one of "deprecated", "retired", got "sometimes". Fix it and run again.\n';
    for (const args of [['check'], ['fix', '--dry']]) {
      const result = await runSunset(args, { cwd: repoRootPath('fixtures/cli/bad-config') });
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(message);
    }
  });

  it.each([
    ['an unknown field', { asOf: '2026-11-21', failon: 'retired' }, /"failon" is not a known option; did you mean "failOn"\? The known ones are asOf, apiHosts, identityHosts, ignores, failOn, /],
    ['a custom entry with a bad date', { customEntries: [{ id: 'x', retired: 'GET /x', gaEnds: 'soon', supportEnds: '2027-01-01' }] }, /customEntries\[0\]\.gaEnds/],
    ['a custom entry with an unknown method', { customEntries: [{ id: 'x', retired: 'GET /x', replacements: ['FETCH /y'], gaEnds: '2026-01-01', supportEnds: '2027-01-01' }] }, /customEntries\[0\]\.replacements\[0\]/],
    ['an API host with a scheme', { apiHosts: ['https://api.example.com'] }, /"apiHosts" must list hostnames only/],
    ['a negative scheduledWithinDays', { scheduledWithinDays: -1 }, /"scheduledWithinDays" must be a whole number of days/],
  ])('%s', async (_name, config, expected) => {
    const { dir, cleanup } = await makeTempDir('bad-config');
    try {
      await writeFile(path.join(dir, 'sunset.config.json'), JSON.stringify(config));
      const result = await runSunset(['check'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^sunset: Invalid config in sunset\.config\.json: /);
      expect(result.stderr).toMatch(expected);
    } finally {
      await cleanup();
    }
  });

  it('a config that is not JSON', async () => {
    const { dir, cleanup } = await makeTempDir('bad-json');
    try {
      await writeFile(path.join(dir, 'sunset.config.json'), '{ "asOf": "2026-11-21", }');
      const result = await runSunset(['check'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^sunset: Invalid config in sunset\.config\.json: it is not valid JSON \(.*\)\. Fix the syntax and run again\.\n$/);
    } finally {
      await cleanup();
    }
  });

  it('a bad "sunset" key in package.json names the key', async () => {
    const { dir, cleanup } = await makeTempDir('bad-pkg');
    try {
      await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', sunset: { failOn: 'never' } }));
      const result = await runSunset(['check'], { cwd: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'sunset: Invalid config in package.json ("sunset" key): "failOn" must be one of "deprecated", "retired", got "never". Fix it and run again.\n',
      );
    } finally {
      await cleanup();
    }
  });

  it.each([
    [
      'a rule option that is not a day',
      ['error', { asOf: '2026-13-01' }],
      'sunset: Invalid config in sunset.config.json: "rules.sunset/no-legacy-rest-path[1].asOf": "2026-13-01" is not a day on the calendar. Fix it and run again.\n',
    ],
    [
      'a rule option naming a host with a scheme and a path',
      ['error', { apiHosts: ['https://gw.example.com/adform'] }],
      'sunset: Invalid config in sunset.config.json: "rules.sunset/no-legacy-rest-path[1].apiHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "https://gw.example.com/adform". Fix it and run again.\n',
    ],
  ])('%s stops check and fix before any file is read, with or without a retired call in it', async (_name, setting, message) => {
    const { dir, cleanup } = await makeTempDir('bad-rule-option');
    try {
      await writeFile(path.join(dir, 'sunset.config.json'), JSON.stringify({ rules: { 'sunset/no-legacy-rest-path': setting } }));
      await writeFile(path.join(dir, 'calls.js'), "export const list = fetch('https://api.adform.com/v1/campaigns');\n");
      await writeFile(path.join(dir, 'clean.js'), 'export const y = 1;\n');
      for (const args of [['check', 'calls.js'], ['check', 'clean.js'], ['fix', '--dry', 'calls.js']]) {
        const result = await runSunset(args, { cwd: dir });
        expect([result.code, result.stdout, result.stderr]).toEqual([2, '', message]);
      }
    } finally {
      await cleanup();
    }
  });

  it('--config naming a missing file', async () => {
    const result = await runSunset(['check', '--config', 'no/such/sunset.config.json', 'fixtures/cli/clean']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: Cannot read config --config no/such/sunset.config.json: the file does not exist. Check the path and try again.\n');
  });
});
