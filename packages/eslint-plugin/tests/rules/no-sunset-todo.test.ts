import type { Rule } from 'eslint';
import rule from '../../src/rules/no-sunset-todo.js';
import { createEspreeRuleTester, createTypeScriptRuleTester, forRuleTester, positionOf } from '../support/rule-testers.js';

const lineComment = [
  '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}; candidates ...',
  'const campaign = await fetch(`${API_BASE}/v1/buyer/campaigns/${campaignId}`);',
].join('\n');
const blockComment = [
  'function start() {',
  '  /* TODO(sunset:reporting-sync-reportdata): switch to the asynchronous workflow */',
  '  return startReport();',
  '}',
].join('\n');
const twoMarkers = [
  "// TODO(sunset:campaigns-service-get-campaign-categories): remove the call",
  'await client.GetCampaignCategoriesAsync({});',
  '// TODO(sunset:no-such-entry): left over',
].join('\n');

createTypeScriptRuleTester().run('no-sunset-todo', forRuleTester(rule), {
  valid: [
    { name: 'an ordinary TODO', code: '// TODO: cache the campaign list\nawait load();' },
    { name: 'a marker-like text in a string, not a comment', code: "const help = 'Search for TODO(sunset:campaigns-legacy-get) markers';" },
    { name: 'a TODO for another tool', code: '// TODO(jira:ADS-12): tidy up\nawait load();' },
  ],
  invalid: [
    {
      name: 'reports a line-comment marker, from the marker to the end of its text, with what to do',
      code: lineComment,
      errors: [
        {
          messageId: 'sunsetTodo',
          data: {
            entryId: 'campaigns-legacy-get',
            retiredKey: 'GET /v1/campaigns/{id}',
            phase: 'retired',
            schedule: 'support ended 2019-10-01',
            replacements: 'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings',
          },
          ...positionOf(lineComment, 'TODO('),
          endLine: 1,
          endColumn: lineComment.indexOf('\n') + 1,
        },
      ],
    },
    {
      name: 'reports a block-comment marker',
      code: blockComment,
      errors: [
        {
          messageId: 'sunsetTodo',
          data: {
            entryId: 'reporting-sync-reportdata',
            retiredKey: 'POST /v1/reportingstats/agency/reportdata',
            phase: 'retired',
            schedule: 'support ended 2020-01-31',
            replacements: 'use one of POST /v1/buyer/stats/data, GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data',
          },
          ...positionOf(blockComment, 'TODO('),
        },
      ],
    },
    {
      name: 'reports every marker, and one naming an unknown entry',
      code: twoMarkers,
      errors: [
        {
          messageId: 'sunsetTodo',
          data: {
            entryId: 'campaigns-service-get-campaign-categories',
            retiredKey: 'GetCampaignCategories',
            phase: 'retired',
            schedule: 'support ended 2019-10-01',
            replacements: 'GetCampaignCategories has no replacement',
          },
          line: 1,
          column: 4,
        },
        { messageId: 'unknownSunsetTodo', data: { entryId: 'no-such-entry' }, line: 3, column: 4 },
      ],
    },
    {
      name: 'knows custom entries from settings.sunset.customEntries',
      code: '// TODO(sunset:proxy-campaigns): move off the proxy',
      settings: {
        sunset: {
          asOf: '2024-06-01',
          customEntries: [
            {
              id: 'proxy-campaigns',
              retired: 'GET /proxy/v1/campaigns',
              replacements: ['GET /v1/buyer/campaigns'],
              gaEnds: '2024-01-01',
              supportEnds: '2024-12-31',
            },
          ],
        },
      },
      errors: [
        {
          messageId: 'sunsetTodo',
          data: {
            entryId: 'proxy-campaigns',
            retiredKey: 'GET /proxy/v1/campaigns',
            phase: 'deprecated',
            schedule: 'general availability ended 2024-01-01, support ends 2024-12-31',
            replacements: 'use GET /v1/buyer/campaigns',
          },
          line: 1,
          column: 4,
        },
      ],
    },
  ],
});

// ESLint's RuleTester types rules as ESLint's Rule.RuleModule; ours are typed by @typescript-eslint/utils (same runtime shape).
createEspreeRuleTester().run('no-sunset-todo (espree)', rule as unknown as Rule.RuleModule, {
  valid: ['// TODO: later\nload();'],
  invalid: [{ code: 'load(); // TODO(sunset:campaigns-legacy-list): rewrite', errors: [{ messageId: 'sunsetTodo', line: 1, column: 12 }] }],
});
