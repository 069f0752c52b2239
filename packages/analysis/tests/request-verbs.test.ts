import { indexFile, rangeOf, type AnalysisOptions } from '@sunset/analysis';
import { describe, expect, it } from 'vitest';
import { builtOverStatementsCases } from './cases/built-over-statements.js';
import { clientBaseCases } from './cases/client-bases.js';
import { editCases, hidingPlaceCases } from './cases/hiding-places.js';
import { httpCallFormCases } from './cases/http-call-forms.js';
import { methodBesideUrlCases } from './cases/method-beside-url.js';
import { negativeCases } from './cases/negatives.js';
import { soapCases } from './cases/soap.js';
import { analysisOptions, parseWith } from './parsers.js';

// Without a cross-file hook the recognizer does not look up the client of a member call's receiver
// when no client makes its verb a request (`rows.filter(…)`); with one it does (the hook records what
// it resolves). A hook that resolves nothing therefore gives the full lookup: both must find the same
// requests, so a verb the recognizer reads as a request cannot be missing from the verbs it looks up.

const everyVerbClient = `
import axios from 'axios';
import got from 'got';
import ky from 'ky';
import superagent from 'superagent';
import $ from 'jquery';
import { request as undiciRequest, Client } from 'undici';
import { HttpClient } from '@angular/common/http';
const api = axios.create({ baseURL: 'https://api.adform.com' });
const undici = new Client('https://api.adform.com');
class Wrapper { get(path) { return fetch('https://api.adform.com' + path); } post(path, body) { return fetch('https://api.adform.com' + path, { method: 'POST', body }); } }
const wrapper = new Wrapper();
const xhr = new XMLHttpRequest();
class Service { constructor(private http: HttpClient) {} load() { return VERBS_OF(this.http); } }
`;
const verbs = ['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'jsonp', 'request', 'fetch', 'open', 'ajax', 'getJSON', 'getScript', 'then', 'set', 'send', 'fetchAll', 'query'];
const receivers = ['axios', 'api', 'got', 'ky', 'superagent', '$', 'undici', 'wrapper', 'xhr', 'this.http', 'unknownClient'];
const callsOf = (receiver: string): string => verbs.map((verb) => `${receiver}.${verb}('GET', '/v1/campaigns', { url: '/v1/campaigns' });`).join('\n');
const verbCode = `${everyVerbClient.replace('VERBS_OF(this.http)', '0')}\nclass Angular { constructor(private http: HttpClient) {} run() {\n${callsOf('this.http')}\n} }\n${receivers
  .filter((receiver) => receiver !== 'this.http')
  .map(callsOf)
  .join('\n')}\nundiciRequest('/v1/campaigns');\n${['request', 'stream', 'pipeline'].map((verb) => `undici.${verb}({ path: '/v1/campaigns', method: 'GET' }, handler);`).join('\n')}\n`;

const requestsOf = (code: string, filename: string, options: AnalysisOptions): string[] =>
  indexFile(parseWith('oxc', code, filename), options).requests.map(
    (site) => `${code.slice(...rangeOf(site.call.callee))} ${site.form} ${site.method.method ?? '?'} ${site.url.map((segment) => (segment.kind === 'text' ? segment.value : '${}')).join('')}`,
  );

const noHook = analysisOptions();
const hookResolvingNothing = analysisOptions({ resolveClient: () => undefined });

describe('request recognition without looking up the receivers of other verbs', () => {
  it('finds the requests of every client and verb the full lookup finds', () => {
    const found = requestsOf(verbCode, 'verbs.ts', noHook);

    expect(found).toEqual(requestsOf(verbCode, 'verbs.ts', hookResolvingNothing));
    // By receiver, the verbs read as requests: never then, set, send, fetchAll or query.
    const verbsByReceiver = new Map<string, string[]>();
    for (const site of found) {
      const callee = site.slice(0, site.indexOf(' '));
      const receiver = callee.slice(0, Math.max(0, callee.lastIndexOf('.')));
      verbsByReceiver.set(receiver, [...(verbsByReceiver.get(receiver) ?? []), callee.slice(callee.lastIndexOf('.') + 1)]);
    }
    expect(Object.fromEntries([...verbsByReceiver].map(([receiver, found]) => [receiver, found.join(' ')]))).toEqual({
      '': 'fetch fetch undiciRequest',
      'this.http': 'get post put patch delete head options jsonp request',
      axios: 'get post put patch delete head options',
      api: 'get post put patch delete head options',
      got: 'get post put patch delete head open',
      ky: 'get post put patch delete head open',
      superagent: 'get post put patch delete del head open',
      $: 'get post ajax getJSON getScript',
      // An undici Client has no verbs of its own: its request, stream and pipeline take `{ path, method }`.
      undici: 'request stream pipeline',
      wrapper: 'get post put patch delete request open',
      xhr: 'open',
      unknownClient: 'get post put patch delete request open',
    });
  });

  // A case with a hook of its own is recognized with the full lookup already.
  const cases = [...builtOverStatementsCases, ...clientBaseCases, ...hidingPlaceCases, ...editCases, ...httpCallFormCases, ...methodBesideUrlCases, ...negativeCases, ...soapCases].filter(
    (testCase) => testCase.options?.resolveClient === undefined,
  );
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('finds the same requests in the case %s', (_name, testCase) => {
    const filename = testCase.jsx ? 'case.tsx' : 'case.ts';
    const options = { ...noHook, ...testCase.options };
    expect(requestsOf(testCase.code, filename, options)).toEqual(requestsOf(testCase.code, filename, { ...options, resolveClient: () => undefined }));
  });
});
