import { describe, expect, it } from 'vitest';
import { rewriteEdits } from '../../src/fix/rewrite-edits.js';
import { replaceEdit, syntheticFinding } from './synthetic-finding.js';

const source = "const orders = (c, o) => axios.get(API + '/v1/campaigns/' + c + '/orders/' + o);\nfetch('/v1/campaigns/dictionaries/labels');\n";

describe('rewriteEdits', () => {
  it('takes the analysis\' edits of a one-to-one site and says what it became', () => {
    const edits = [replaceEdit(source, "'/v1/campaigns/' + c + '/orders/'", "'/v1/buyer/orders/'")];
    const order = syntheticFinding(source, { entryId: 'campaigns-legacy-order', at: "API + '/v1", statement: 'const orders', fix: edits });

    expect(rewriteEdits([order])).toEqual([
      {
        finding: order,
        action: 'rewritten',
        edits,
        reason: 'GET /v1/campaigns/{campaignId}/orders/{orderId} → GET /v1/buyer/orders/{orderId}',
      },
    ]);
  });

  it('skips TODO findings and a rewrite finding that carries no edit', () => {
    const labels = syntheticFinding(source, { entryId: 'campaign-dictionary-labels', at: "'/v1/campaigns/dictionaries/labels'", statement: 'fetch(' });
    const list = syntheticFinding(source, { entryId: 'campaigns-legacy-list', at: "'/v1/campaigns/'", statement: 'const' });
    const emptyRewrite = { ...list, fix: [], retirement: { ...list.retirement, migration: 'rewrite' as const } };

    expect(rewriteEdits([labels, emptyRewrite])).toEqual([]);
  });
});
