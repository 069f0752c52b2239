import { describe, expect, it } from 'vitest';
import { fingerprintFindings } from '../../cli/src/baseline/fingerprint.js';
import { fingerprintSites } from '../src/diff/fingerprint.js';

// The report compares with `.sunset-baseline.json`, so its fingerprints must be the CLI's, bit for bit.
describe('fingerprintSites', () => {
  it('gives the fingerprints sunset check writes into a baseline', () => {
    const sites = [
      { file: 'src/a.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list', line: 2, lineText: "  axios.get('/v1/campaigns')" },
      { file: 'src/a.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list', line: 5, lineText: "axios.get('/v1/campaigns')   " },
      { file: 'src/b.ts', rule: 'sunset/no-retired-soap-operation', entry: 'campaigns-service-get-campaigns', line: 1, lineText: 'client.GetCampaigns()' },
    ];
    const lines = new Map([
      ['src/a.ts', ['', sites[0]!.lineText, '', '', sites[1]!.lineText]],
      ['src/b.ts', [sites[2]!.lineText]],
    ]);
    const findings = sites.map((site) => ({ file: site.file, line: site.line, column: 1, rule: site.rule, message: '', entry: site.entry, severity: 'error' as const }));
    expect(fingerprintSites(sites)).toEqual(fingerprintFindings(findings, (file) => lines.get(file)));
  });
});
