import { describe, expect, it } from 'vitest';
import { createObserver } from '../src/observer.js';
import { headerLookupOf, observedRequestOf } from '../src/match/observed-request.js';
import { maskUrl } from '../src/privacy/mask-url.js';

describe('maskUrl', () => {
  it('masks every query value and keeps the keys', () => {
    expect(maskUrl('https://api.example.com', '/v1/campaigns?access_token=eyJhbGciOi&page=2&flag&empty=')).toBe(
      'https://api.example.com/v1/campaigns?access_token=…&page=…&flag&empty=',
    );
  });

  it('drops credentials in the origin and the fragment', () => {
    expect(maskUrl('https://user:secret@api.example.com', '/v1/campaigns?x=1#token=abc')).toBe('https://api.example.com/v1/campaigns?x=…');
    expect(maskUrl('https://api.example.com', '/v1/campaigns#token=abc')).toBe('https://api.example.com/v1/campaigns');
  });
});

describe('what the observer writes', () => {
  it('never holds a body, a header other than the named ones, or a query value', () => {
    const lines: string[] = [];
    const observer = createObserver({ mode: 'record', recordFile: 'unused', asOf: '2026-01-01' }, { appendRecordLine: (line) => lines.push(line) });
    const secrets = ['s3cr3t-token', 'Bearer abc.def', 'client-secret-value', 'session=42', 'CONFIDENTIAL-BODY'];
    const request = observedRequestOf(
      'POST',
      'https://api.adform.com/v1/reportingstats/agency/reportdata?access_token=s3cr3t-token',
      headerLookupOf({ Authorization: 'Bearer abc.def', Cookie: 'session=42', 'X-Client-Secret': 'client-secret-value' }),
      '{"CONFIDENTIAL-BODY": true}',
    )!;
    observer.checkRequest(request);
    observer.checkResponse(request, headerLookupOf({ Deprecation: '@1700000000', 'Set-Cookie': 'session=42' }));
    expect(lines).toHaveLength(2);
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    expect(lines.map((line) => (JSON.parse(line) as { url: string }).url)).toEqual([
      'https://api.adform.com/v1/reportingstats/agency/reportdata?access_token=…',
      'https://api.adform.com/v1/reportingstats/agency/reportdata?access_token=…',
    ]);
  });
});
