import { describe, expect, it } from 'vitest';
import { builtinCatalog, createCatalog, describePhase, describeSchedule, describeSupportEnd, parseIsoDay, phaseOf, RuleDataError, scheduleMarkdownTable, supportEndCell, todayUtc, todoClauses, todoText, withTodoClause } from '@sunset/rule-data';

const entry = (id: string) => builtinCatalog.byId(id)!;
const legacyList = entry('campaigns-legacy-list');
const syncReporting = entry('reporting-sync-reportdata');

describe('phaseOf', () => {
  it('is scheduled before the GA end, deprecated from it, retired from the support end', () => {
    expect(phaseOf(legacyList, '2018-09-30')).toBe('scheduled');
    expect(phaseOf(legacyList, '2018-10-01')).toBe('deprecated');
    expect(phaseOf(legacyList, '2019-09-30')).toBe('deprecated');
    expect(phaseOf(legacyList, '2019-10-01')).toBe('retired');
    expect(phaseOf(syncReporting, '2019-10-30')).toBe('scheduled');
    expect(phaseOf(syncReporting, '2019-10-31')).toBe('deprecated');
    expect(phaseOf(syncReporting, '2020-01-31')).toBe('retired');
  });

  it('defaults to today in UTC', () => {
    expect(todayUtc(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(todayUtc(new Date('2026-11-22T00:00:00+01:00'))).toBe('2026-11-21');
    expect(phaseOf(legacyList)).toBe('retired');
  });

  it('rejects a malformed or impossible day with an error naming the value', () => {
    expect(() => phaseOf(legacyList, '2019/10/01')).toThrow('asOf must be a day written YYYY-MM-DD (for example 2026-11-21), got "2019/10/01".');
    expect(() => phaseOf(legacyList, '2019-02-30')).toThrow('asOf "2019-02-30" is not a day on the calendar.');
    expect(() => parseIsoDay(20191001, 'settings.sunset.asOf')).toThrow(RuleDataError);
    expect(() => parseIsoDay('', 'x')).toThrow('x must be a day written YYYY-MM-DD (for example 2026-11-21), got "".');
  });
});

describe('messages', () => {
  it('describe the phase with its date', () => {
    expect(describePhase(legacyList, '2026-11-21')).toBe('support ended 2019-10-01');
    expect(describePhase(legacyList, '2019-01-01')).toBe('general availability ended 2018-10-01, support ends 2019-10-01');
    expect(describePhase(syncReporting, '2019-01-01')).toBe('general availability ends 2019-10-31, support ends 2020-01-31');
  });

  it('describe a phase known already (a finding\'s, by its rule\'s asOf) with its dates, whatever the day', () => {
    expect(describeSchedule(legacyList, 'deprecated')).toBe('general availability ended 2018-10-01, support ends 2019-10-01');
    expect(describeSchedule(legacyList, 'scheduled')).toBe('general availability ends 2018-10-01, support ends 2019-10-01');
    expect(describeSchedule(syncReporting, 'retired')).toBe('support ended 2020-01-31');
  });

  it('say "no removal announced" for an entry whose support end is 9999-12-31, never the date', () => {
    const catalog = createCatalog([{ id: 'get-legacy', retired: 'GET /legacy', gaEnds: '2026-11-27', supportEnds: '9999-12-31' }]);
    const legacy = catalog.byId('get-legacy')!;
    expect(describePhase(legacy, '2026-11-28')).toBe('general availability ended 2026-11-27, no removal announced');
    expect(describePhase(legacy, '2026-01-01')).toBe('general availability ends 2026-11-27, no removal announced');
    expect(todoText(legacy, '2026-11-28')).toBe(
      'TODO(sunset:get-legacy): migrate GET /legacy: a person must choose how to migrate this call\nno replacement named by the spec\ngeneral availability ended 2026-11-27, no removal announced',
    );
  });

  it('give the one wording of "no sunset announced" to a phrase and to a table cell; a real day stays a day', () => {
    expect([describeSupportEnd('9999-12-31'), supportEndCell('9999-12-31')]).toEqual(['no removal announced', 'no removal announced']);
    expect([describeSupportEnd('2019-10-01'), supportEndCell('2019-10-01')]).toEqual(['support ends 2019-10-01', '2019-10-01']);
    const catalog = createCatalog([{ id: 'get-legacy', retired: 'GET /legacy', gaEnds: '2026-11-27', supportEnds: '9999-12-31' }]);
    expect(scheduleMarkdownTable(catalog.entries.filter((entry) => entry.id === 'get-legacy')).split('\n')[2]).toBe(
      '| `get-legacy` | `GET /legacy` | custom entry | none (N/A) | 2026-11-27 | no removal announced | todo |',
    );
  });

  it('write the one TODO format, a clause a line: what to do (the reason whole, its own "; " too), the candidates, the date', () => {
    expect(todoText(entry('campaigns-legacy-get'), '2026-11-21').split('\n')).toEqual([
      'TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two resources: the campaign and its RTB settings; call the one(s) this code needs',
      'candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings',
      'support ended 2019-10-01',
    ]);
    expect(todoText(entry('campaigns-service-get-campaign-categories'), '2026-11-21').split('\n')).toEqual([
      'TODO(sunset:campaigns-service-get-campaign-categories): migrate GetCampaignCategories: the spec names no replacement (N/A): remove the call or find another source for the data',
      'no replacement named by the spec',
      'support ended 2019-10-01',
    ]);
  });

  it('name the replacement of a one-to-one entry once, in "replace X with Y", with no candidates clause', () => {
    expect(todoText(entry('campaigns-legacy-list'), '2026-11-21').split('\n')).toEqual([
      'TODO(sunset:campaigns-legacy-list): replace GET /v1/campaigns with GET /v1/buyer/campaigns',
      'support ended 2019-10-01',
    ]);
    const catalog = createCatalog([{ id: 'get-legacy', retired: 'GET /legacy', gaEnds: '2026-11-27', supportEnds: '9999-12-31', migration: 'rewrite', replacements: ['GET /v2/legacy'] }]);
    expect(todoText(catalog.byId('get-legacy')!, '2026-11-28').split('\n')).toEqual([
      'TODO(sunset:get-legacy): replace GET /legacy with GET /v2/legacy',
      'general availability ended 2026-11-27, no removal announced',
    ]);
  });

  it("keep a custom entry's reason one clause, its line breaks and '; ' inside it", () => {
    const catalog = createCatalog([{ id: 'get-legacy', retired: 'GET /legacy', gaEnds: '2026-11-27', supportEnds: '9999-12-31', reason: 'first this;\n  then that; and more' }]);
    expect(todoClauses(todoText(catalog.byId('get-legacy')!, '2026-11-28'))).toEqual([
      'TODO(sunset:get-legacy): migrate GET /legacy: first this; then that; and more',
      'no replacement named by the spec',
      'general availability ended 2026-11-27, no removal announced',
    ]);
    expect(todoClauses(withTodoClause('TODO(sunset:a): b', '  the base; the\r\n path  '))).toEqual(['TODO(sunset:a): b', 'the base; the path']);
  });

  it('split into the clauses a TODO comment puts a line each, an ending added after the others', () => {
    const todo = withTodoClause(todoText(entry('campaign-dictionary-labels'), '2026-11-21'), 'the path is PATHS.labels of ../api/paths.ts');
    expect(todoClauses(todo)).toEqual([
      'TODO(sunset:campaign-dictionary-labels): migrate GET /v1/campaigns/dictionaries/labels: the new endpoint lists labels per advertiser: it needs an advertiser id the old call did not have',
      'candidates GET /v1/buyer/advertisers/{id}/campaignLabels',
      'support ended 2019-10-01',
      'the path is PATHS.labels of ../api/paths.ts',
    ]);
  });
});
