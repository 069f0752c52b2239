import { describe, expect, it } from 'vitest';
import { fingerprintSites } from '@sunset/engine';
import { fingerprintFindings } from '../../cli/src/baseline/fingerprint.js';

// The report compares its sites with `.sunset-baseline.json`: the engine's fingerprints of sites must be
// what `sunset check --update-baseline` writes for the same findings, bit for bit, long lines included.
describe('fingerprintSites', () => {
  it('gives the fingerprints sunset check writes into a baseline', () => {
    const longLine = `${'x'.repeat(700)}axios.get('/v1/campaigns')${'y'.repeat(700)}`;
    const sites = [
      { file: 'src/a.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list', line: 2, column: 3, lineText: "  axios.get('/v1/campaigns')" },
      { file: 'src/a.ts', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list', line: 5, column: 1, lineText: "axios.get('/v1/campaigns')   " },
      { file: 'src/b.ts', rule: 'sunset/no-retired-soap-operation', entry: 'campaigns-service-get-campaigns', line: 1, column: 1, lineText: 'client.GetCampaigns()' },
      { file: 'src/min.js', rule: 'sunset/no-legacy-rest-path', entry: 'campaigns-legacy-list', line: 1, column: 711, lineText: longLine },
    ];
    const lines = new Map([
      ['src/a.ts', ['', sites[0]!.lineText, '', '', sites[1]!.lineText]],
      ['src/b.ts', [sites[2]!.lineText]],
      ['src/min.js', [longLine]],
    ]);
    const findings = sites.map((site) => ({ file: site.file, line: site.line, column: site.column, rule: site.rule, message: '', entry: site.entry, severity: 'error' as const }));
    const fingerprints = fingerprintSites(sites);
    expect(fingerprints).toEqual(fingerprintFindings(findings, (file) => lines.get(file)));
    // A long line hashes a window around the site: another site far along it gets another fingerprint.
    expect(fingerprintSites([{ ...sites[3]!, column: 1 }])[0]).not.toBe(fingerprints[3]);
  });
});
