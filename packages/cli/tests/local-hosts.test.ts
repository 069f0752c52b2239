import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// A host on this machine or a private network (`localhost:3000`, `127.0.0.1`, `10.0.0.5`) is no vendor's:
// a request to it is a dev server's, a proxy's or a mock's, so it is matched by its path as a host the
// code does not show is, and `fix` leaves a TODO. A name (`api:8080`, `orders.internal`) stays a host.

const list = (use: string): string => `is retired (support ended 2019-10-01): use ${use}; this call needs a manual migration.  sunset/no-legacy-rest-path`;
const candidate = (use: string): string => `    candidates ${use} (a person decides; sunset fix leaves a TODO)`;

/** `sunset check`'s stylish output without the code frames. */
async function check(files: Record<string, string>, argv: string[] = []): Promise<{ code: number; out: string[]; err: string }> {
  const io = captureIo(makeTree(files));
  const code = await main(['check', ...argv], io);
  return { code, out: io.out().split('\n').filter((line) => !/^ {4}(?:\d+ | {2,})\|/.test(line)), err: io.err() };
}

/** One finding of the stylish output: its head line, then phase, remedy and host. */
const finding = (at: string, key: string, use: string, host: string): string[] => [
  `  ${at}  error  ${key} ${list(use)}`,
  '    retired · support ended 2019-10-01',
  candidate(use),
  `    host: ${host}`,
  '',
];

describe('a request to a local host', () => {
  it('is reported, matched by its path, for every form of loopback and private-network address', async () => {
    const result = await check({
      'src/forms.ts': [
        "import axios from 'axios';",
        "const LOCAL = 'http://127.0.0.1:8080';",
        "const api = axios.create({ baseURL: 'http://localhost:3000' });",
        "export const a = () => api.get('/v1/campaigns');",
        'export const b = () => fetch(`${LOCAL}/v1/campaigns/dictionaries/clients`);',
        "export const c = () => fetch('http://app.localhost/v1/campaigns/dictionaries/managers');",
        "export const d = () => fetch('http://[::1]:4200/v1/campaigns');",
        "export const e = () => fetch('http://0.0.0.0:5000/v1/campaigns');",
        "export const f = () => fetch('http://10.0.0.5:8080/v1/campaigns');",
        "export const g = () => fetch('http://192.168.1.20:3000/v1/campaigns');",
        "export const h = () => fetch('http://[fd00::1]/v1/campaigns');",
        "export const i = () => fetch('http://127.45.0.9/v1/campaigns');",
        '',
      ].join('\n'),
    });
    const local = (host: string): string => `${host} (a local host: matched by its path)`;
    const privateNetwork = (host: string): string => `${host} (a private-network address: matched by its path)`;
    expect(result.out).toEqual([
      'src/forms.ts',
      ...finding('4:32', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', local('localhost:3000')),
      ...finding('5:30', 'GET /v1/campaigns/dictionaries/clients', 'GET /v1/buyer/advertisers', local('127.0.0.1:8080')),
      ...finding('6:30', 'GET /v1/campaigns/dictionaries/managers', 'GET /v1/buyer/classifiers/managers', local('app.localhost')),
      ...finding('7:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', local('[::1]:4200')),
      ...finding('8:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', local('0.0.0.0:5000')),
      ...finding('9:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', privateNetwork('10.0.0.5:8080')),
      ...finding('10:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', privateNetwork('192.168.1.20:3000')),
      ...finding('11:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', privateNetwork('[fd00::1]')),
      ...finding('12:30', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', local('127.45.0.9')),
      '✖ 9 findings in 1 file, 9 at or past deprecated (1 file scanned, as of 2026-01-15)',
      '',
    ]);
    expect([result.code, result.err]).toEqual([1, '']);
  });

  it("leaves out a local URL no request sends (an e2e test's page.goto, cy.visit, window.open): a page of the app's own dev server", async () => {
    const result = await check(
      {
        'e2e/list.spec.ts': "import { test } from '@playwright/test';\ntest('list', async ({ page }) => {\n  await page.goto('http://localhost:5173/v1/campaigns');\n});\n",
        'cypress/e2e/list.cy.ts': "describe('list', () => { it('loads', () => { cy.visit('http://localhost:5173/v1/campaigns'); }); });\n",
        'src/nav.ts': [
          "export const go = () => { window.location.href = 'http://localhost:5173/v1/campaigns'; };",
          "export const open = () => window.open('http://127.0.0.1:5173/v1/campaigns/dictionaries/managers');",
          "export const sent = () => fetch('http://localhost:3000/v1/campaigns');",
          '',
        ].join('\n'),
      },
      ['--format', 'json'],
    );
    const report = JSON.parse(result.out.join('\n')) as { findings: { file: string; line: number; column: number; host: string }[]; otherHostsByFile: { file: string; count: number }[] };
    expect(report.findings.map((found) => `${found.file}:${found.line}:${found.column} ${found.host}`)).toEqual(['src/nav.ts:3:33 localhost:3000']);
    expect(report.otherHostsByFile).toEqual([
      { file: 'cypress/e2e/list.cy.ts', count: 1 },
      { file: 'e2e/list.spec.ts', count: 1 },
      { file: 'src/nav.ts', count: 2 },
    ]);
  });

  it("reads an Angular environment object's localhost base through its import: the gate fails", async () => {
    const result = await check({
      'src/environments/environment.ts': "export const environment = { production: false, apiUrl: 'http://localhost:3000' };\n",
      'src/environments/environment.prod.ts': "export const environment = { production: true, apiUrl: 'https://api.adform.com' };\n",
      'src/app/campaign.service.ts': [
        "import { HttpClient } from '@angular/common/http';",
        "import { Injectable, inject } from '@angular/core';",
        "import { environment } from '../environments/environment';",
        "@Injectable({ providedIn: 'root' })",
        'export class CampaignService {',
        '  private http = inject(HttpClient);',
        '  list() { return this.http.get(`${environment.apiUrl}/v1/campaigns`); }',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.out).toEqual([
      'src/app/campaign.service.ts',
      ...finding('7:33', 'GET /v1/campaigns', 'GET /v1/buyer/campaigns', 'localhost:3000 (a local host: matched by its path)'),
      '✖ 1 finding in 1 file, 1 at or past deprecated (3 files scanned, as of 2026-01-15)',
      '',
    ]);
    expect([result.code, result.err]).toEqual([1, '']);
  });

  it('leaves out look-alikes of local hosts and hosts named by a name, as other hosts', async () => {
    const result = await check(
      {
        'src/lookalikes.ts': [
          "export const a = () => fetch('https://localhost.example.com/v1/campaigns');",
          "export const b = () => fetch('http://127.0.0.1.nip.io/v1/campaigns');",
          "export const c = () => fetch('http://mylocalhost:3000/v1/campaigns');",
          "export const d = () => fetch('http://172.32.0.1/v1/campaigns');",
          "export const e = () => fetch('http://10.0.0.5.example.com/v1/campaigns');",
          "export const f = () => fetch('http://api:8080/v1/campaigns');",
          "export const g = () => fetch('http://orders.internal/v1/campaigns');",
          "export const h = () => fetch('http://[fe80::1]/v1/campaigns');",
          "export const i = () => fetch('http://128.0.0.1/v1/campaigns');",
          '',
        ].join('\n'),
      },
      ['--format', 'json'],
    );
    const report = JSON.parse(result.out.join('\n')) as { findings: unknown[]; otherHosts: number; otherHostsByFile: unknown };
    expect([report.findings, report.otherHosts, report.otherHostsByFile]).toEqual([[], 9, [{ file: 'src/lookalikes.ts', count: 9 }]]);
  });

  it('gives JSON the host the code names', async () => {
    const result = await check({ 'src/a.ts': "fetch('http://localhost:3000/v1/campaigns');\n" }, ['--format', 'json']);
    const report = JSON.parse(result.out.join('\n')) as { findings: { line: number; column: number; host: string; fix: string }[] };
    expect(report.findings.map(({ line, column, host, fix }) => ({ line, column, host, fix }))).toEqual([{ line: 1, column: 7, host: 'localhost:3000', fix: 'todo' }]);
  });

  it('is the API host a config lists (rewritten as through a gateway), and not reported when another API lists it', async () => {
    const source = "export const a = () => fetch('http://localhost:3000/v1/campaigns');\n";
    const listed = await check({ 'src/a.ts': source, 'sunset.config.json': '{ "apiHosts": ["localhost:3000"] }\n' });
    expect(listed.out).toEqual([
      'src/a.ts',
      '  1:30  error  GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.  sunset/no-legacy-rest-path',
      '    retired · support ended 2019-10-01',
      '    use GET /v1/buyer/campaigns (sunset fix rewrites it)',
      '',
      '✖ 1 finding in 1 file, 1 at or past deprecated (1 file scanned, as of 2026-01-15)',
      '',
    ]);
    const otherApi = await check({ 'src/a.ts': source, 'sunset.config.json': '{ "apis": { "dev-backend": { "name": "Our dev backend", "hosts": ["localhost:3000"] } } }\n' });
    expect(otherApi.out).toEqual(['✔ 0 findings in 0 files, 0 at or past deprecated (1 file scanned, as of 2026-01-15)', '']);
    expect(otherApi.code).toBe(0);
    // Another port of localhost is not what the other API lists.
    const otherPort = await check({ 'src/a.ts': source.replace('3000', '4200'), 'sunset.config.json': '{ "apis": { "dev-backend": { "name": "Our dev backend", "hosts": ["localhost:3000"] } } }\n' });
    expect(otherPort.out.at(-2)).toBe('✖ 1 finding in 1 file, 1 at or past deprecated (1 file scanned, as of 2026-01-15)');
  });
});

describe('sunset fix on a request to a local host', () => {
  it('leaves a TODO naming the host, never a rewrite, and says why in its summary', async () => {
    const source = [
      "const api = axios.create({ baseURL: 'http://localhost:3000' });",
      "export const list = () => api.get('/v1/campaigns');",
      "export const live = () => fetch('https://api.adform.com/v1/campaigns');",
      '',
    ].join('\n');
    const root = makeTree({ 'src/a.ts': source });
    const io = captureIo(root);
    expect(await main(['fix'], io)).toBe(0);
    expect(readFileSync(path.join(root, 'src/a.ts'), 'utf8')).toBe(
      [
        "const api = axios.create({ baseURL: 'http://localhost:3000' });",
        '// TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
        '//   support ended 2019-10-01',
        "//   the URL's host localhost:3000 is a local one: a proxy to the API (move to the new path) or a",
        "//     server of your own (then this is not the API's call: list the host under another API",
        '//     in sunset.config.json)',
        "export const list = () => api.get('/v1/campaigns');",
        "export const live = () => fetch('https://api.adform.com/v1/buyer/campaigns');",
        '',
      ].join('\n'),
    );
    expect(io.out()).toBe(
      [
        '1 file scanned, 1 candidate, 1 changed.',
        '1 site rewritten, 1 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        "  src/a.ts:2:35  todo  campaigns-legacy-list  the host localhost:3000 is a local one, not the API's: through a dev server or proxy that forwards it to the API the call needs the new path, but a server of your own is not the API's call at all",
        '',
      ].join('\n'),
    );
  });
});
