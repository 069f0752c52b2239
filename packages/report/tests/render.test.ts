import { describe, expect, it } from 'vitest';
import { escapeHtml, html, jsonForScript } from '../src/render/escape.js';
import { renderMarkdown } from '../src/render/markdown.js';
import { sampleDays } from '../src/history/sample-days.js';
import { callsLeft, callsPhrase } from '../src/inventory/calls-left.js';
import type { ReportData, ReportSite } from '../src/inventory/types.js';

const site: ReportSite = {
  file: 'x/</script><img onerror=alert(1)>.js',
  line: 3,
  column: 1,
  entry: 'campaigns-legacy-list',
  retired: 'GET /v1/campaigns',
  rule: 'sunset/no-legacy-rest-path',
  family: 'rest',
  phase: 'retired',
  fix: 'rewrite',
  message: 'GET /v1/campaigns is retired',
  replacements: ['GET /v1/buyer/campaigns'],
  owners: ['@org/web'],
  source: 'code',
  runtimeCount: 0,
};

const data: ReportData = {
  tool: 'sunset report',
  version: 1,
  asOf: '2026-03-01',
  generated: '2026-03-01T00:00:00.000Z',
  ruleDataVersion: '0.1.0',
  scanned: { paths: ['.'], files: 1 },
  totals: { total: 1, rewrite: 1, todo: 0, byFamily: { soap: 0, rest: 1, reporting: 0, label: 0, other: 0 }, byPhase: { scheduled: 0, deprecated: 0, retired: 1 }, inCode: 1, runtimeOnly: 0, files: 1 },
  byEntry: [],
  ownership: 'codeowners',
  byOwner: [{ owner: '@org/web', total: 1, rewrite: 1, todo: 0 }],
  deadlines: [],
  sites: [site],
  serverDeprecations: [],
  notChecked: [],
  diff: { against: 'main (abc1234)', before: 0, after: 1, added: [site], removed: 0, byEntry: [{ entry: 'campaigns-legacy-list', retired: 'GET /v1/campaigns', before: 0, after: 1 }] },
};

describe('escaping', () => {
  it('escapes every interpolated value of html`` and keeps SafeHtml', () => {
    expect(html`<p title="${'"><script>'}">${'</script><img onerror=x>'}${html`<b>ok</b>`}</p>`.text).toBe(
      '<p title="&#34;&#62;&#60;script&#62;">&#60;/script&#62;&#60;img onerror=x&#62;<b>ok</b></p>',
    );
    expect(escapeHtml(`&'`)).toBe('&#38;&#39;');
  });

  it('writes JSON that cannot close its script element and reads back the same', () => {
    const value = { file: '</script><!-- \u2028 & >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes Markdown in which a file name cannot open HTML or a table cell', () => {
    const markdown = renderMarkdown(data);
    expect(markdown).toContain('**1 retired call** left in 1 file (as of 2026-03-01): the codemod can do **1 of 1**, 0 need a person.');
    expect(markdown).toContain('**Against main (abc1234):** 0 → 1 (+1): 1 new, 0 migrated or removed.');
    expect(markdown).toContain('- `x/</script><img onerror=alert(1)>.js:3` `GET /v1/campaigns` (the codemod rewrites it)');
    expect(markdown).toContain('| `GET /v1/campaigns` | 0 | 1 | +1 |');
    expect(markdown).not.toMatch(/^[^`]*<img/m);
  });
});

describe('callsPhrase', () => {
  it('words what the report counts one way: retired calls, or calls to replace when some are not retired', () => {
    const wordings = [{}, { left: true }, { api: true }, { count: 1 }, { count: 13 }, { count: 1, left: true }];
    expect(wordings.map((wording) => callsPhrase(true, wording))).toEqual(['retired calls', 'retired calls left', 'retired API calls', '1 retired call', '13 retired calls', '1 retired call left']);
    expect(wordings.map((wording) => callsPhrase(false, wording))).toEqual(['calls to replace', 'calls left to replace', 'API calls to replace', '1 call to replace', '13 calls to replace', '1 call left to replace']);
  });

  it('says the phases of the calls left when some are not retired', () => {
    const totals = { ...data.totals, total: 13, byPhase: { scheduled: 0, deprecated: 3, retired: 10 } };
    expect([callsLeft(data.totals), callsLeft(totals)]).toEqual(['1 retired call left', '13 calls left to replace (10 retired, 3 deprecated)']);
  });
});

describe('sampleDays', () => {
  it('steps by week and ends with today', () => {
    expect(sampleDays('2026-01-01', '2026-01-20', 'week')).toEqual(['2026-01-01', '2026-01-08', '2026-01-15', '2026-01-20']);
  });

  it('keeps the day of the month, or the month’s last day', () => {
    expect(sampleDays('2026-01-31', '2026-04-30', 'month')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });
});
