import type { API, FileInfo } from 'jscodeshift';
import { describe, expect, it } from 'vitest';
import { CodemodOptionError } from '../src/options.js';
import transformer, { transformSource } from '../src/transform.js';

const asOf = '2026-11-21';
const statusMarker = [
  '  // TODO(sunset:campaigns-legacy-status): migrate PATCH /v1/campaigns: the new endpoint changes one',
  '  //     campaign per call: it needs the campaign id in the path',
  '  //   candidates PUT /v1/buyer/campaigns/{id}/status',
  '  //   support ended 2019-10-01',
];

const source = [
  "import axios from 'axios';",
  '',
  "export const list = () => axios.get('/v1/campaigns');",
  'export function pause(ids) {',
  "  return axios.patch('/v1/campaigns', { ids, status: 'paused' });",
  '}',
  '',
].join('\n');
const expected = [
  "import axios from 'axios';",
  '',
  "export const list = () => axios.get('/v1/buyer/campaigns');",
  'export function pause(ids) {',
  ...statusMarker,
  "  return axios.patch('/v1/campaigns', { ids, status: 'paused' });",
  '}',
  '',
].join('\n');

function columnOf(line: string, text: string): number {
  return line.indexOf(text) + 1;
}

function apiCollectingReports(reports: string[]): API {
  return { report: (message: string) => reports.push(message) } as unknown as API;
}

describe('transformSource', () => {
  it('rewrites a one-to-one call, marks an ambiguous one, and reports both sites', () => {
    const result = transformSource(source, 'src/campaigns.js', { asOf });

    expect(result).toEqual({
      output: expected,
      sites: [
        {
          file: 'src/campaigns.js',
          line: 3,
          column: columnOf("export const list = () => axios.get('/v1/campaigns');", "'/v1"),
          entry: 'campaigns-legacy-list',
          retired: 'GET /v1/campaigns',
          action: 'rewritten',
          reason: 'GET /v1/campaigns → GET /v1/buyer/campaigns',
        },
        {
          file: 'src/campaigns.js',
          line: 5,
          column: columnOf("  return axios.patch('/v1/campaigns', { ids, status: 'paused' });", "'/v1"),
          entry: 'campaigns-legacy-status',
          retired: 'PATCH /v1/campaigns',
          action: 'todo',
          reason: 'the new endpoint changes one campaign per call: it needs the campaign id in the path',
        },
      ],
    });
  });

  it('still reports the TODO site on a second run, and changes nothing', () => {
    const result = transformSource(expected, 'src/campaigns.js', { asOf });

    expect(result.output).toBeUndefined();
    expect(result.sites.map((site) => [site.line, site.entry, site.action])).toEqual([[9, 'campaigns-legacy-status', 'todo']]);
  });

  it('returns the line and message of a file that does not parse, and no output', () => {
    const broken = "export const list = () => axios.get('/v1/campaigns';\n";

    expect(transformSource(broken, 'src/broken.ts', { asOf })).toEqual({
      output: undefined,
      sites: [],
      error: { line: 1, column: 52, message: 'Could not parse: Expected `,` or `)` but found `;`' },
    });
  });

  it('does not parse a file without a retired needle (a syntax error there goes unnoticed)', () => {
    expect(transformSource('export const ping = () => fetch("/health";\n', 'src/ping.js', { asOf })).toEqual({ output: undefined, sites: [] });
  });

  it('rewrites a method with a custom entry given as options', () => {
    const customEntries = [
      {
        id: 'proxy-campaign-status',
        retired: 'PATCH /proxy/v1/campaigns/{id}',
        replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
        gaEnds: '2025-01-01',
        supportEnds: '2026-06-30',
      },
    ];

    const result = transformSource("axios.patch(`/proxy/v1/campaigns/${id}`, body);\n", 'src/a.ts', { asOf, customEntries });

    expect(result.output).toBe('axios.put(`/v1/buyer/campaigns/${id}/status`, body);\n');
  });

  it('refuses an invalid asOf with an error naming the option', () => {
    expect(() => transformSource(source, 'src/a.js', { asOf: '21.11.2026' })).toThrow(
      new CodemodOptionError(
        'asOf',
        'Invalid config in codemod option: "asOf" must be a day written YYYY-MM-DD (for example 2026-11-21), got "21.11.2026". Fix it and run again.',
      ),
    );
  });

  it('refuses apiHosts that are not host names, naming the option and examples', () => {
    expect(() => transformSource(source, 'src/a.js', { apiHosts: [''] })).toThrow(
      new CodemodOptionError(
        'apiHosts',
        'Invalid config in codemod option: "apiHosts" must list hostnames only, like "api.example.com", "localhost:8080" or "*.example.com" (no scheme or path), got "". Fix it and run again.',
      ),
    );
  });

  it('names the field of an invalid custom entry', () => {
    expect(() => transformSource(source, 'src/a.js', { customEntries: [{ id: 'x', retired: 'GET /x', gaEnds: 'soon', supportEnds: '2026-01-01' }] })).toThrow(
      new CodemodOptionError(
        'customEntries[0].gaEnds',
        'Invalid config in codemod option: "customEntries[0].gaEnds" must be a day written YYYY-MM-DD (for example 2026-11-21), got "soon". Fix it and run again.',
      ),
    );
  });

  it('takes customEntries as JSON text from the jscodeshift command line, and refuses text that is not JSON', () => {
    const customEntries = JSON.stringify([
      { id: 'proxy-campaign-list', retired: 'GET /proxy/v1/campaigns', replacements: ['GET /v1/buyer/campaigns'], gaEnds: '2025-01-01', supportEnds: '2026-06-30' },
    ]);

    expect(transformSource("fetch('/proxy/v1/campaigns');\n", 'src/a.ts', { asOf, customEntries }).output).toBe("fetch('/v1/buyer/campaigns');\n");
    expect(() => transformSource(source, 'src/a.js', { customEntries: '[{ id: x }]' })).toThrow(
      new CodemodOptionError(
        'customEntries',
        'Option "customEntries" given as text must be a JSON array of retirement entries; check the quoting of the value.',
      ),
    );
  });

  it('accepts a wildcard host in apiHosts', () => {
    const remote = "fetch('https://other.example.org/v1/campaigns');\nfetch('https://api.example.com/v1/campaigns');\n";

    expect(transformSource(remote, 'src/a.js', { asOf, apiHosts: '*.example.com' }).output).toBe(
      "fetch('https://other.example.org/v1/campaigns');\nfetch('https://api.example.com/v1/buyer/campaigns');\n",
    );
  });

  it('accepts apiHosts as a comma-separated string from the jscodeshift command line', () => {
    const remote = "fetch('https://other.example.org/v1/campaigns');\nfetch('https://api.example.com/v1/campaigns');\n";

    expect(transformSource(remote, 'src/a.js', { asOf, apiHosts: 'api.example.com, api2.example.com' }).output).toBe(
      "fetch('https://other.example.org/v1/campaigns');\nfetch('https://api.example.com/v1/buyer/campaigns');\n",
    );
  });
});

describe('the jscodeshift transform', () => {
  it('returns the new source and reports every site through api.report', () => {
    const reports: string[] = [];
    const file: FileInfo = { path: 'src/campaigns.js', source };

    const output = transformer(file, apiCollectingReports(reports), { asOf });

    expect(output).toBe(expected);
    expect(reports).toEqual([
      'src/campaigns.js:3:37 rewritten campaigns-legacy-list (GET /v1/campaigns): GET /v1/campaigns → GET /v1/buyer/campaigns',
      'src/campaigns.js:5:22 todo campaigns-legacy-status (PATCH /v1/campaigns): the new endpoint changes one campaign per call: it needs the campaign id in the path',
    ]);
  });

  it('returns undefined for a file it does not change, so jscodeshift leaves it alone', () => {
    const file: FileInfo = { path: 'src/ok.ts', source: "export const list = () => fetch('/v1/buyer/campaigns');\n" };

    expect(transformer(file, apiCollectingReports([]), { asOf })).toBeUndefined();
  });

  it('throws a sentence naming the file, line and column of a syntax error', () => {
    const file: FileInfo = { path: 'src/broken.ts', source: "fetch('/v1/campaigns';\n" };

    expect(() => transformer(file, apiCollectingReports([]), { asOf })).toThrow(
      'src/broken.ts:1:22: Could not parse: Expected `,` or `)` but found `;`. Sunset left this file untouched; fix the syntax error or exclude the file.',
    );
  });

  it('refuses a UTF-16 file that jscodeshift decoded as UTF-8, naming the commands that read it', () => {
    const bytes = Buffer.from("\uFEFFfetch('/v1/campaigns');\n", 'utf16le');
    const file: FileInfo = { path: 'src/wide.ts', source: bytes.toString('utf8') };

    expect(() => transformer(file, apiCollectingReports([]), { asOf })).toThrow(
      'src/wide.ts: the file is UTF-16, which jscodeshift reads as UTF-8. Sunset left this file untouched; run npx @sunset/codemod or sunset fix on it, which read and write UTF-16.',
    );
  });
});
