import { analyzeFile } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { analysisOptions, lineColumn, parseWith } from './parsers.js';

// The synchronous reporting API is one prefix entry (`/v1/reportingstats/agency`, every path below it):
// its `…` means "the end of the path is not known", so a request whose path the code shows says its own.

const found = (code: string): { line: number; column: number; message: string; todo: string | undefined }[] =>
  analyzeFile(parseWith('oxc', code, 'a.ts'), analysisOptions(), { 'no-sync-reporting': [{}] }).map((finding) => ({
    ...lineColumn(code, finding.range[0]),
    message: finding.message,
    todo: finding.retirement?.todoText,
  }));

const use = 'use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.';
const why = 'the whole synchronous reporting API is retired; its replacement is the asynchronous reporting API under /v1/buyer/stats (start a report with POST, poll the operation, read the data)';
const tail = 'candidates POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations, GET /v1/buyer/stats/data\nsupport ended 2020-01-31';

describe('the key of a request under the synchronous reporting prefix', () => {
  it('names the path the code shows, with its method, in the message and in the TODO', () => {
    const code = [
      "const base = 'https://api.adform.com';",
      'export class ReportService {',
      '  constructor(private http: HttpClient) {}',
      '  run(body: unknown) { return this.http.post(`${base}/v1/reportingstats/agency`, body); }',
      '  status(id: string) { return this.http.get(`${base}/v1/reportingstats/agency/reportstatus/?id=${id}`); }',
      '}',
    ].join('\n');
    expect(found(code)).toEqual([
      {
        line: 4,
        column: 45,
        message: `POST /v1/reportingstats/agency is retired (support ended 2020-01-31): ${use}`,
        todo: `TODO(sunset:reporting-sync-api): migrate POST /v1/reportingstats/agency: ${why}\n${tail}`,
      },
      {
        line: 5,
        column: 44,
        message: `GET /v1/reportingstats/agency/reportstatus is retired (support ended 2020-01-31): ${use}`,
        todo: `TODO(sunset:reporting-sync-api): migrate GET /v1/reportingstats/agency/reportstatus: ${why}\n${tail}`,
      },
    ]);
  });

  it('keeps the `…` where a value the code does not show is part of the path or may go on after it', () => {
    const code = [
      "import axios from 'axios';",
      "const base = 'https://api.adform.com';",
      'export async function run(body: unknown, id: string, suffix: string) {',
      '  await axios.post(`${base}/v1/reportingstats/agency/reports/${id}`, body);',
      '  await axios.post(`${base}/v1/reportingstats/agency${suffix}`, body);',
      '  await fetch(base + `/v1/reportingstats/agency/${id}/rows`);',
      '}',
    ].join('\n');
    expect(found(code)).toEqual([
      {
        line: 4,
        column: 19,
        message: `POST /v1/reportingstats/agency/… is retired (support ended 2020-01-31): ${use}`,
        todo: `TODO(sunset:reporting-sync-api): migrate POST /v1/reportingstats/agency/…: ${why}\n${tail}`,
      },
      {
        line: 5,
        column: 19,
        message: `POST /v1/reportingstats/agency…, the end of the path not known, is retired (support ended 2020-01-31): ${use}`,
        todo:
          'TODO(sunset:reporting-sync-api): migrate POST /v1/reportingstats/agency: the URL goes on right after /v1/reportingstats/agency with a value the code does not show, so the end of the path is not known: it may be a longer path that this move would break\n' +
          tail,
      },
      {
        line: 6,
        column: 14,
        message: `GET /v1/reportingstats/agency/… is retired (support ended 2020-01-31): ${use}`,
        todo: `TODO(sunset:reporting-sync-api): migrate GET /v1/reportingstats/agency/…: ${why}\n${tail}`,
      },
    ]);
  });

  it('leaves the method out where the code does not say it, and names the exact entry by its own key', () => {
    const code = [
      "import axios from 'axios';",
      "const api = axios.create({ baseURL: 'https://api.adform.com' });",
      "export const a = (config: object) => api.request({ url: '/v1/reportingstats/agency/campaigns', ...config });",
      "export const b = (body: unknown) => api.post('/v1/reportingstats/agency/reportdata', body);",
    ].join('\n');
    expect(found(code).map(({ line, message }) => [line, message.slice(0, message.indexOf(' is retired'))])).toEqual([
      [3, '/v1/reportingstats/agency/campaigns'],
      [4, 'POST /v1/reportingstats/agency/reportdata'],
    ]);
  });
});
