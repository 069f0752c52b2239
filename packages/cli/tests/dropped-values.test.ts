import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { captureIo, makeTree } from './helpers.js';

// GET /v1/campaigns/{campaignId}/orders/{orderId} → GET /v1/buyer/orders/{orderId}: the rewrite leaves the
// campaign out of the URL. The function's `campaignId` is then unused (TS6133 under `noUnusedParameters`)
// and the call no longer scoped to the campaign, so `sunset fix` names what each rewrite dropped.

const source = [
  "const ADFORM = 'https://api.adform.com';",
  'export async function loadOrder(campaignId: string, orderId: string) {',
  '  const res = await fetch(new URL(`/v1/campaigns/${campaignId}/orders/${orderId}`, ADFORM));',
  '  return res.json();',
  '}',
  "export const concatenated = (c: string, o: string) => fetch(ADFORM + '/v1/campaigns/' + c + '/orders/' + o);",
  'export const literal = (o: string) => fetch(`${ADFORM}/v1/campaigns/42/orders/${o}`);',
  "export const clients = () => fetch(ADFORM + '/v1/campaigns/dictionaries/clients');",
  'export const orders = (c: string) => fetch(`${ADFORM}/v1/campaigns/${c}/orders`);',
  '',
].join('\n');

const ordersReason = "the new endpoint has no campaign in its path; how to select one campaign's orders is not shown in the spec";
const reason = 'GET /v1/campaigns/{campaignId}/orders/{orderId} → GET /v1/buyer/orders/{orderId}';

describe('sunset fix names the values a rewrite drops', () => {
  it('lists each rewrite that drops a value in its summary, as the code writes the value, and leaves the parameters alone', async () => {
    const root = makeTree({ 'src/o.ts': source });
    const io = captureIo(root);
    expect(await main(['fix'], io)).toBe(0);
    expect(readFileSync(path.join(root, 'src/o.ts'), 'utf8')).toBe(
      source
        .replace('/v1/campaigns/${campaignId}/orders/${orderId}', '/v1/buyer/orders/${orderId}')
        .replace("'/v1/campaigns/' + c + '/orders/' + o", "'/v1/buyer/orders/' + o")
        .replace('/v1/campaigns/42/orders/${o}', '/v1/buyer/orders/${o}')
        .replace('/v1/campaigns/dictionaries/clients', '/v1/buyer/advertisers')
        .replace(
          'export const orders',
          [
            '// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new',
            "//     endpoint has no campaign in its path; how to select one campaign's orders is not shown in",
            '//     the spec',
            '//   candidates GET /v1/buyer/orders',
            '//   support ended 2019-10-01',
            'export const orders',
          ].join('\n'),
        ),
    );
    expect(io.out()).toBe(
      [
        '1 file scanned, 1 candidate, 1 changed.',
        '4 sites rewritten, 1 left with a TODO, 0 skipped.',
        '',
        'Sites a person must finish:',
        `  src/o.ts:9:44  todo  campaigns-legacy-orders  ${ordersReason}`,
        '',
        'Rewrites that drop a value of the old URL (the call no longer sends it; a variable read only there is unused now):',
        '  src/o.ts:3:27  rewritten  campaigns-legacy-order  dropped ${campaignId} (the new path does not take it)',
        '  src/o.ts:6:61  rewritten  campaigns-legacy-order  dropped c (the new path does not take it)',
        '  src/o.ts:7:45  rewritten  campaigns-legacy-order  dropped 42 (the new path does not take it)',
        '',
      ].join('\n'),
    );
  });

  it('gives each such site its dropped values in --format json, and no key to the others', async () => {
    const io = captureIo(makeTree({ 'src/o.ts': source }));
    expect(await main(['fix', '--dry', '--format', 'json'], io)).toBe(0);
    const report = JSON.parse(io.out()) as { sites: unknown[] };
    const site = (line: number, column: number, dropped: string[]): object => ({
      file: 'src/o.ts',
      line,
      column,
      entry: 'campaigns-legacy-order',
      retired: 'GET /v1/campaigns/{campaignId}/orders/{orderId}',
      action: 'rewritten',
      reason,
      dropped,
    });
    expect(report.sites).toEqual([
      site(3, 27, ['${campaignId}']),
      site(6, 61, ['c']),
      site(7, 45, ['42']),
      {
        file: 'src/o.ts',
        line: 8,
        column: 36,
        entry: 'campaign-dictionary-clients',
        retired: 'GET /v1/campaigns/dictionaries/clients',
        action: 'rewritten',
        reason: 'GET /v1/campaigns/dictionaries/clients → GET /v1/buyer/advertisers',
      },
      {
        file: 'src/o.ts',
        line: 9,
        column: 44,
        entry: 'campaigns-legacy-orders',
        retired: 'GET /v1/campaigns/{campaignId}/orders',
        action: 'todo',
        reason: ordersReason,
      },
    ]);
  });
});
