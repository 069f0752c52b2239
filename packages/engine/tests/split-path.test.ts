import { describe, expect, it } from 'vitest';
import { checkSource } from '../src/check/check-source.js';
import { fixSource } from '../src/fix/fix-source.js';
import { sunsetOptions } from './helpers.js';

// A retired path split between a base URL and the request path, exactly where the needle
// (`v1/campaigns`) would be, with the real rule core: the prefilter lets such a file through for
// check and fix alike, whether or not another needle is in it.

const options = sunsetOptions({ asOf: '2026-11-24' });
const splitAxios = "const api = axios.create({ baseURL: 'https://api.adform.com/v1/' });\napi.get('/campaigns/dictionaries/clients');\n";
const findingsOf = (text: string): string[] =>
  checkSource(text, '/repo/a.js', options).findings.map((finding) => `${finding.rule}@${finding.line}:${finding.column} ${finding.retirement?.retiredKey ?? finding.messageId}`);

describe('a path split between a base URL and the request path', () => {
  it('is checked in a file with no other needle', () => {
    expect(findingsOf(splitAxios)).toEqual(['no-legacy-rest-path@2:9 GET /v1/campaigns/dictionaries/clients']);
  });

  it('is checked the same way in a file that is a candidate for the token endpoint too', () => {
    const text = `${splitAxios}fetch(\`\${AUTH}/sts/connect/token\`, { method: 'POST', body: JSON.stringify(credentials) });\n`;
    expect(findingsOf(text)).toEqual([
      'no-legacy-rest-path@2:9 GET /v1/campaigns/dictionaries/clients',
      'oauth-token-form-body@3:60 tokenRequestJsonBody',
    ]);
  });

  it('is not searched for retired calls when only the token endpoint made the file a candidate', () => {
    const text = "const api = axios.create({ baseURL: 'https://api.adform.com/v1/' });\napi.get('/campaignsArchive/7');\nfetch(`${AUTH}/sts/connect/token`, { method: 'POST', body: JSON.stringify(credentials) });\n";
    expect(findingsOf(text)).toEqual(['oauth-token-form-body@3:60 tokenRequestJsonBody']);
  });

  it('is rewritten by fix', () => {
    expect(fixSource(splitAxios, '/repo/a.js', options).output).toBe("const api = axios.create({ baseURL: 'https://api.adform.com/v1/' });\napi.get('/buyer/advertisers');\n");
  });
});
