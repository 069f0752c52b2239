import { builtinCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { analysisOptionsOf, resolveOptions, validateOptions } from '../src/index.js';

const customEntry = {
  id: 'proxy-campaign-status',
  retired: 'PATCH /proxy/v1/campaigns/{id}',
  replacements: ['PUT /v1/buyer/campaigns/{id}/status'],
  gaEnds: '2027-01-01',
  supportEnds: '2027-06-30',
};

describe('resolveOptions', () => {
  it('fills every default, with asOf the UTC day of `now`', () => {
    expect(resolveOptions([], new Date('2026-03-04T23:59:00-05:00'))).toEqual({
      asOf: '2026-03-05',
      failOn: 'deprecated',
      apiHosts: undefined,
      identityHosts: undefined,
      ignores: [],
      reportScheduled: false,
      scheduledWithinDays: 90,
      apis: [],
      customEntries: [],
      catalog: builtinCatalog,
      baseline: undefined,
      rules: {},
      typeAware: false,
      maxFileSize: 1048576,
      checkMinified: false,
    });
  });

  it('lets later layers win option by option, and skips options a layer does not set', () => {
    const file = validateOptions({ asOf: '2019-01-01', failOn: 'retired', apiHosts: ['a.example.com'], ignores: ['dist/'] }, 'sunset.config.json');
    const asOfFlag = validateOptions({ asOf: '2020-02-02' }, '--as-of');
    const noHostFlag = validateOptions({ apiHosts: undefined }, '--api-host');
    const hostFlag = validateOptions({ apiHosts: ['*.example.com'] }, '--api-host');
    const options = resolveOptions([file, asOfFlag, hostFlag, noHostFlag]);
    expect([options.asOf, options.failOn, options.apiHosts, options.ignores]).toEqual(['2020-02-02', 'retired', ['*.example.com'], ['dist/']]);
  });

  it('merges rules rule by rule, the later layer winning for the same rule', () => {
    const base = validateOptions({ rules: { 'sunset/no-sunset-todo': 'off', 'no-sync-reporting': 'warn' } }, 'sunset.config.json');
    const override = validateOptions({ rules: { 'no-sync-reporting': ['error', { reportScheduled: true }] } }, 'settings.sunset');
    expect(resolveOptions([base, override]).rules).toEqual({
      'no-sunset-todo': { level: 'off', options: [] },
      'no-sync-reporting': { level: 'error', options: [{ reportScheduled: true }] },
    });
  });

  it('builds the catalog from the custom entries of the last layer that sets them', () => {
    const withEntry = validateOptions({ customEntries: [customEntry] }, 'sunset.config.json');
    const options = resolveOptions([validateOptions({ customEntries: [] }, 'settings.sunset'), withEntry]);
    expect(options.customEntries).toEqual([customEntry]);
    expect(options.catalog.entries).toHaveLength(builtinCatalog.entries.length + 1);
    expect(options.catalog.byId('proxy-campaign-status')).toMatchObject({ origin: 'custom', method: 'PATCH' });
    expect(resolveOptions([withEntry, validateOptions({ customEntries: [] }, 'settings.sunset')]).catalog).toBe(builtinCatalog);
  });

  it('keeps false and 0 from a later layer over true and a number from an earlier one', () => {
    const options = resolveOptions([
      { reportScheduled: true, scheduledWithinDays: 30, typeAware: true },
      { reportScheduled: false, scheduledWithinDays: 0, typeAware: false },
    ]);
    expect([options.reportScheduled, options.scheduledWithinDays, options.typeAware]).toEqual([false, 0, false]);
  });
});

describe('analysisOptionsOf', () => {
  it("counts only the spec's hosts by default, and every host with '*'", () => {
    const defaults = analysisOptionsOf(resolveOptions([]));
    expect([defaults.apiHosts, defaults.identityHosts]).toEqual([['api.adform.com'], ['id.adform.com']]);
    const every = analysisOptionsOf(resolveOptions([{ apiHosts: ['*'], identityHosts: ['login.example.com', '*'] }]));
    expect([every.apiHosts, every.identityHosts]).toEqual([undefined, undefined]);
  });

  it('gives exactly what the checks read', () => {
    const options = resolveOptions([{ asOf: '2024-06-01', apiHosts: ['api.example.com'], identityHosts: ['login.example.com'], reportScheduled: true, scheduledWithinDays: 10, failOn: 'retired', ignores: ['x/'] }]);
    expect(analysisOptionsOf(options)).toEqual({
      asOf: '2024-06-01',
      catalog: builtinCatalog,
      // A user's hosts add to the spec's: a proxy is one more host of the API, never instead of it.
      apiHosts: ['api.adform.com', 'api.example.com'],
      identityHosts: ['id.adform.com', 'login.example.com'],
      reportScheduled: true,
      scheduledWithinDays: 10,
    });
  });
});
