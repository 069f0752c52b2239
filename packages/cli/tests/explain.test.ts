import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinEntries, ruleDocsUrl, ruleNames } from '@sunset/rule-data';
import { resolveConfig } from '@sunset/engine';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { entryExample } from '../src/explain/entry-example.js';
import { ruleDocsMarkdown } from '../src/explain/rule-docs.generated.js';
import { captureIo, makeTree } from './helpers.js';

const docsDir = fileURLToPath(new URL('../../eslint-plugin/docs/rules/', import.meta.url));

async function explain(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(makeTree({}), { now: () => new Date('2026-03-01T12:00:00Z') });
  const code = await main(['explain', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('sunset explain', () => {
  it('explains a retired key: dates, phase today, replacement, why a person decides, and the fix on an example', async () => {
    const result = await explain('GetCampaigns');
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe(
      [
        'GetCampaigns  (entry campaigns-service-get-campaigns)',
        'Campaigns service, SOAP/WCF operation; reported by sunset/no-retired-soap-operation',
        '',
        'Phase on 2026-03-01: retired: support ended 2019-10-01, 2343 days ago',
        '  general availability ends  2018-10-01',
        '  support ends               2019-10-01',
        '',
        'Use instead (Campaigns API): GET /v1/buyer/campaigns',
        '',
        'Migration: a person must decide. `sunset fix` leaves a TODO(sunset:campaigns-service-get-campaigns) comment above the call, because',
        '  the call changes from a SOAP/WCF operation to a REST request with its own payload (not shown in the spec).',
        '',
        'Example (sunset fix on such a call):',
        '  before',
        "    import soap from 'soap';",
        '',
        '    const client = await soap.createClientAsync(WSDL_URL);',
        '    const [result] = await client.GetCampaignsAsync(args);',
        '  after',
        "    import soap from 'soap';",
        '',
        '    const client = await soap.createClientAsync(WSDL_URL);',
        '    // TODO(sunset:campaigns-service-get-campaigns): migrate GetCampaigns: the call changes from a',
        '    //     SOAP/WCF operation to a REST request with its own payload (not shown in the spec)',
        '    //   candidates GET /v1/buyer/campaigns',
        '    //   support ended 2019-10-01',
        '    const [result] = await client.GetCampaignsAsync(args);',
        '',
        `Rule: sunset explain no-retired-soap-operation · ${ruleDocsUrl('no-retired-soap-operation')}`,
        '',
      ].join('\n'),
    );
  });

  it('says "no removal announced" for an imported entry whose vendor names no sunset, never a date or a count of days', async () => {
    const config = { customEntries: [{ id: 'get-legacy', retired: 'GET /legacy', gaEnds: '2026-01-15', supportEnds: '9999-12-31' }] };
    const io = captureIo(makeTree({ 'sunset.config.json': JSON.stringify(config) }), { now: () => new Date('2026-03-01T12:00:00Z') });
    expect(await main(['explain', 'get-legacy'], io)).toBe(0);
    expect(io.out().split('\n').slice(3, 6)).toEqual([
      'Phase on 2026-03-01: deprecated: general availability ended 2026-01-15; no removal announced',
      '  general availability ends  2026-01-15',
      '  support ends               no removal announced',
    ]);
    expect(io.out()).not.toContain('9999');
  });

  it('explains an entry id whose move is one-to-one, with the phase on --as-of and the rewrite sunset fix makes', async () => {
    const result = await explain('campaigns-legacy-order', '--as-of', '2019-01-01');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'GET /v1/campaigns/{campaignId}/orders/{orderId}  (entry campaigns-legacy-order)',
      'Campaigns legacy API, legacy REST path; reported by sunset/no-legacy-rest-path',
      '',
      'Phase on 2019-01-01: deprecated: general availability ended 2018-10-01; support ends 2019-10-01, in 273 days',
      '  general availability ends  2018-10-01',
      '  support ends               2019-10-01',
      '',
      'Use instead (Orders API): GET /v1/buyer/orders/{orderId}',
      '',
    ]);
    expect(lines.slice(9, 16)).toEqual([
      'Migration: `sunset fix` rewrites it. The move is one-to-one: every parameter of the new path comes from the old URL.',
      '',
      'Example (sunset fix on such a call):',
      '  before',
      '    const response = await fetch(`${API_BASE}/v1/campaigns/${campaignId}/orders/${orderId}`);',
      '  after',
      '    const response = await fetch(`${API_BASE}/v1/buyer/orders/${orderId}`);',
    ]);
  });

  it('takes a retired key in words without quotes, a marker, and a path alone (every method of it)', async () => {
    expect((await explain('GET', '/v1/campaigns/{id}')).out.split('\n')[0]).toBe('GET /v1/campaigns/{id}  (entry campaigns-legacy-get)');
    expect((await explain('TODO(sunset:campaigns-legacy-status)')).out.split('\n')[0]).toBe('PATCH /v1/campaigns  (entry campaigns-legacy-status)');
    const both = (await explain('/v1/campaigns')).out;
    expect(both.split('\n').filter((line) => line.includes('  (entry '))).toEqual(['GET /v1/campaigns  (entry campaigns-legacy-list)', 'PATCH /v1/campaigns  (entry campaigns-legacy-status)']);
  });

  it('takes a URL or path as a log shows it (an id in it, a host, a query, a method before it): the entries it matches', async () => {
    const firstLines = async (...args: string[]): Promise<string> => (await explain(...args)).out.split('\n\n').filter((block) => block.includes('(entry ')).map((block) => block.split('\n')[0]).join(' | ');
    expect(await firstLines('/v1/campaigns/123')).toBe('GET /v1/campaigns/{id}  (entry campaigns-legacy-get)');
    expect(await firstLines('PATCH https://api.adform.com/v1/campaigns?ids=1')).toBe('PATCH /v1/campaigns  (entry campaigns-legacy-status)');
    expect(await firstLines('https://api.adform.com/v1/campaigns/7/orders/9')).toBe('GET /v1/campaigns/{campaignId}/orders/{orderId}  (entry campaigns-legacy-order)');
    const none = await explain('/v1/buyer/campaigns/7');
    expect(none.code).toBe(2);
  });

  it('explains a rule from the docs shipped in the CLI, without the editor header, and lists its entries', async () => {
    const result = await explain('sunset/no-sync-reporting');
    expect(result.code).toBe(0);
    const lines = result.out.split('\n');
    expect(lines.slice(0, 3)).toEqual(['# sunset/no-sync-reporting', '', 'Disallow calls to the retired synchronous reporting API.']);
    expect(result.out).not.toContain('auto-generated rule header');
    expect(result.out).not.toContain('💼');
    expect(lines.slice(-6)).toEqual([
      '- /v1/reportingstats/agency/… (reporting-sync-api): a TODO for a person',
      '',
      'Run `sunset explain <entry id or retired key>` for one of them.',
      '',
      `Docs: ${ruleDocsUrl('no-sync-reporting')}`,
      '',
    ]);
  });

  it('exits 2 on an unknown name, naming the closest rule, entry id or retired key', async () => {
    expect(await explain('GetCampaing')).toEqual({
      code: 2,
      out: '',
      err: 'sunset: Unknown rule, entry id or retired key "GetCampaing". The closest known name is "GetCampaigns" (a retired key, entry campaigns-service-get-campaigns). Run `sunset explain --list` for every name.\n',
    });
    expect((await explain('no-legacy-rest-paths')).err).toContain('The closest known name is "no-legacy-rest-path" (a rule).');
    expect((await explain('campaigns-legacy-lst')).err).toContain('The closest known name is "campaigns-legacy-list" (the entry id of GET /v1/campaigns).');
    expect(await explain()).toMatchObject({ code: 2, out: '' });
  });

  it('lists every rule, entry id and retired key with --list', async () => {
    const names = (await explain('--list')).out.trim().split('\n').map((line) => line.split('\t')[0]);
    expect(names).toEqual([...ruleNames, ...builtinEntries.map((entry) => entry.id), ...builtinEntries.map((entry) => entry.retiredKey)]);
  });

  it('has a before/after for every built-in entry, made by the engine: a rewrite changes the path, a TODO adds the marker', async () => {
    const config = await resolveConfig(makeTree({}), { asOf: '2026-03-01' });
    for (const entry of builtinEntries) {
      const example = entryExample(entry, config);
      expect(example, entry.id).toBeDefined();
      if (entry.migration === 'rewrite') {
        // The new path's static part replaces the old one; no marker.
        expect(example!.after, entry.id).toContain(`\${API_BASE}${entry.replacements[0]!.path.split('/{')[0]!}`);
        expect(example!.after, entry.id).not.toContain('TODO(sunset:');
      } else {
        // The marker, then what to do, wrapped at words over the comment's lines; a prefix entry's TODO names the
        // request's method (the example's `fetch` is a GET) before the entry's key.
        const key = entry.kind === 'path' && entry.scope === 'prefix' ? `GET ${entry.retiredKey}` : entry.retiredKey;
        expect(example!.after.replace(/\n *\/\/ {2,}/g, ' '), entry.id).toContain(`// TODO(sunset:${entry.id}): migrate ${key}`);
      }
    }
  });

  it('ships the rule docs as they are in the ESLint plugin (pnpm generate copies them)', () => {
    const docs = Object.fromEntries(readdirSync(docsDir).filter((file) => file.endsWith('.md')).map((file) => [file.replace(/\.md$/, ''), readFileSync(path.join(docsDir, file), 'utf8')]));
    expect(ruleDocsMarkdown).toEqual(docs);
    expect(Object.keys(docs).sort()).toEqual([...ruleNames].sort());
  });
});
