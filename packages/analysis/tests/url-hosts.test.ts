import { analyzeFile } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { explicitHostOf } from '../src/url/match.js';
import { analysisOptions, lineColumn, parseWith } from './parsers.js';

describe('explicitHostOf', () => {
  it('gives the host as the URL standard does: lower-case, the scheme’s default port dropped, another port kept', () => {
    const urls = [
      'https://GW.example.com/v1/campaigns',
      'https://gw.example.com:443/v1/campaigns',
      'http://gw.example.com:80/v1/campaigns',
      'wss://gw.example.com:443/socket',
      'http://gw.example.com:443/v1/campaigns',
      'https://gw.example.com:8443/v1/campaigns',
      'https://user:pw@gw.example.com:443?x',
      'https://[::1]:443/v1/campaigns',
      'https://[::443]/v1/campaigns',
      '//gw.example.com:443/v1/campaigns',
      '/v1/campaigns',
    ];
    expect(urls.map((url) => explicitHostOf(url))).toEqual([
      'gw.example.com',
      'gw.example.com',
      'gw.example.com',
      'gw.example.com',
      'gw.example.com:443',
      'gw.example.com:8443',
      'gw.example.com',
      '[::1]',
      '[::443]',
      'gw.example.com:443',
      undefined,
    ]);
  });
});

describe('a gateway listed with its port', () => {
  it('reports the requests through it, written with or without the default port, and not those to another port or host', () => {
    const source = [
      "fetch('https://gw.example.com/v1/campaigns');",
      "fetch('https://gw.example.com:443/v1/campaigns');",
      "fetch('https://gw.example.com:8443/v1/campaigns');",
      "fetch('https://other.example.com/v1/campaigns');",
    ].join('\n');
    const findings = analyzeFile(parseWith('oxc', source, 'a.js'), analysisOptions(), { 'no-legacy-rest-path': [{ apiHosts: ['gw.example.com:443'] }] });
    const lineOf = (offset: number): number => source.slice(0, offset).split('\n').length;
    expect(findings.map((finding) => [lineOf(finding.range[0]), finding.retirement?.host])).toEqual([
      [1, 'gw.example.com'],
      [2, 'gw.example.com'],
    ]);
  });
});

describe('a gateway listed with the default port of one scheme', () => {
  it('reports the requests on that port (written or implied by the scheme), not those of the other scheme', () => {
    const source = [
      "fetch('https://gw.example.com/v1/campaigns/dictionaries/clients');",
      "fetch('http://gw.example.com:80/v1/campaigns/dictionaries/managers');",
      "fetch('http://gw.example.com/v1/campaigns/dictionaries/comanagers');",
      "fetch('https://gw.example.com:443/v1/campaigns/dictionaries/labels');",
      "fetch('//gw.example.com/v1/campaigns/dictionaries/clients');",
      "$.ajax({ url: 'https://gw.example.com/v1/reportingstats/agency/reportdata', type: 'POST', data: JSON.stringify({ dimensions: ['a','b','c','d','e','f','g','h','i'] }) });",
    ].join('\n');
    const lineOf = (offset: number): number => source.slice(0, offset).split('\n').length;
    const found = (apiHosts: string[]): [number, string, string | undefined][] =>
      analyzeFile(parseWith('oxc', source, 'a.js'), analysisOptions(), { 'no-legacy-rest-path': [{ apiHosts }], 'no-sync-reporting': [{ apiHosts }] }).map((finding) => [
        lineOf(finding.range[0]),
        finding.rule,
        finding.retirement?.host,
      ]);
    expect(found(['gw.example.com:80'])).toEqual([
      [2, 'no-legacy-rest-path', 'gw.example.com'],
      [3, 'no-legacy-rest-path', 'gw.example.com'],
      [5, 'no-legacy-rest-path', 'gw.example.com'],
    ]);
    expect(found(['gw.example.com:443'])).toEqual([
      [1, 'no-legacy-rest-path', 'gw.example.com'],
      [4, 'no-legacy-rest-path', 'gw.example.com'],
      [5, 'no-legacy-rest-path', 'gw.example.com'],
      [6, 'no-sync-reporting', 'gw.example.com'],
    ]);
  });
});

describe("a class's string field set from a constructor parameter's default", () => {
  it('gives the request the default’s host, unless a `new` of the file passes another base', () => {
    const source = [
      'class Criteo {',
      "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
      "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
      '}',
      'class Adform {',
      "  constructor(base = 'https://api.adform.com') { this.base = base; }",
      "  campaigns() { return fetch(`${this.base}/v1/campaigns`); }",
      '}',
      'class Passed {',
      "  constructor(base = 'https://api.criteo.com') { this.base = base; }",
      "  campaigns() { return fetch(this.base + '/v1/campaigns'); }",
      '}',
      'new Passed(process.env.API);',
    ].join('\n');
    const findings = analyzeFile(parseWith('oxc', source, 'a.js'), analysisOptions(), { 'no-legacy-rest-path': [{ apiHosts: ['*'] }] });
    expect(findings.map((finding) => [finding.rule, lineColumn(source, finding.range[0]), finding.messageId, finding.data.retiredKey, finding.retirement?.host])).toEqual([
      ['no-legacy-rest-path', { line: 3, column: 29 }, 'retiredRewrite', 'GET /v1/campaigns', 'api.criteo.com'],
      ['no-legacy-rest-path', { line: 7, column: 29 }, 'retiredRewrite', 'GET /v1/campaigns', 'api.adform.com'],
      ['no-legacy-rest-path', { line: 11, column: 29 }, 'retiredRewrite', 'GET /v1/campaigns', undefined],
    ]);
  });
});
