import type * as Analysis from '@sunset/analysis';
import type { RetiredCallFinding } from '@sunset/analysis';
import { describe, expect, it, vi } from 'vitest';
import { transformSource } from '../src/transform.js';
import { replaceEdit, syntheticFinding } from './synthetic-finding.js';

// The recognizer is replaced by findings made here, to drive the codemod's guards against bad edits.
const findings = vi.hoisted(() => ({ current: [] as RetiredCallFinding[] }));
vi.mock('@sunset/analysis', async (importOriginal) => ({
  ...(await importOriginal<typeof Analysis>()),
  findRetiredCalls: () => findings.current,
}));

const source = "export const list = () => fetch('/v1/campaigns');\n";

describe('transformSource guards', () => {
  it('refuses two sites with overlapping different edits, leaves the file unchanged and reports both skipped', () => {
    findings.current = [
      syntheticFinding(source, { entryId: 'campaigns-legacy-list', at: "'/v1/campaigns'", statement: 'export', edits: [replaceEdit(source, '/v1/campaigns', '/v1/buyer/campaigns')] }),
      syntheticFinding(source, { entryId: 'campaign-dictionary-clients', at: "'/v1/campaigns'", statement: 'export', edits: [replaceEdit(source, 'campaigns', 'advertisers')] }),
    ];

    const result = transformSource(source, 'src/a.js');

    expect(result).toEqual({
      output: undefined,
      sites: [
        {
          file: 'src/a.js',
          line: 1,
          column: 33,
          entry: 'campaigns-legacy-list',
          retired: 'GET /v1/campaigns',
          action: 'skipped',
          reason: 'its edits overlap different edits for campaign-dictionary-clients at 1:33; change this site by hand',
        },
        {
          file: 'src/a.js',
          line: 1,
          column: 33,
          entry: 'campaign-dictionary-clients',
          retired: 'GET /v1/campaigns/dictionaries/clients',
          action: 'skipped',
          reason: 'its edits overlap different edits for campaigns-legacy-list at 1:33; change this site by hand',
        },
      ],
    });
  });

  it('changes nothing and reports the site skipped when its edit would leave a file that does not parse', () => {
    findings.current = [
      syntheticFinding(source, { entryId: 'campaigns-legacy-list', at: "'/v1/campaigns'", statement: 'export', edits: [replaceEdit(source, "/v1/campaigns'", '/v1/buyer/campaigns')] }),
    ];

    expect(transformSource(source, 'src/a.js')).toEqual({
      output: undefined,
      sites: [
        {
          file: 'src/a.js',
          line: 1,
          column: 33,
          entry: 'campaigns-legacy-list',
          retired: 'GET /v1/campaigns',
          action: 'skipped',
          reason: 'the edited file would not parse (a bug in Sunset; please report it), so nothing was changed; change this site by hand',
        },
      ],
    });
  });
});
