import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import svelteParser from 'svelte-eslint-parser';
import { describe, expect, it } from 'vitest';
import { createPlugin } from '../src/index.js';

const component = [
  '<script context="module">',
  "  export const preload = () => fetch('/v1/campaigns?active=true');",
  '</script>',
  '',
  '<script lang="ts">',
  "  import axios from 'axios';",
  '  let campaigns: unknown[] = [];',
  '  async function load(): Promise<void> {',
  "    campaigns = await (await fetch('/v1/campaigns')).json();",
  '  }',
  '  // TODO(sunset:campaigns-legacy-get): split the call',
  "  $: report = axios.post('/v1/reportingstats/agency/reportdata', request);",
  '</script>',
  '',
  '<button on:click={load}>Load</button>',
  '<a href="/v1/campaigns">GET /v1/campaigns, text and a static attribute, not calls</a>',
  "{#if campaigns.length === 0}<p>{fetch('/v1/campaigns')}</p>{/if}",
  '',
  '<style>',
  '  a { background: url("/v1/campaigns"); }',
  '</style>',
].join('\n');

function configFor(parserOptions: Record<string, unknown> = { parser: tsParser }): Linter.Config[] {
  const plugin = createPlugin();
  return [
    // typed by @typescript-eslint/utils; ESLint's config types want ESLint's (same runtime shape)
    { ...(plugin.configs.recommended as unknown as Linter.Config) },
    { files: ['**/*.svelte'], languageOptions: { parser: svelteParser, parserOptions } },
    { settings: { sunset: { asOf: '2024-06-01' } } },
  ];
}

const summarise = (messages: readonly Linter.LintMessage[]): object[] =>
  messages.map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));

const campaigns = 'GET /v1/campaigns is retired (support ended 2019-10-01): use GET /v1/buyer/campaigns.';

describe('.svelte files under svelte-eslint-parser', () => {
  const expected = [
    { ruleId: 'sunset/no-legacy-rest-path', line: 2, column: 38, message: campaigns },
    { ruleId: 'sunset/no-legacy-rest-path', line: 9, column: 36, message: campaigns },
    {
      ruleId: 'sunset/no-sunset-todo',
      line: 11,
      column: 6,
      message:
        'TODO(sunset:campaigns-legacy-get) is still open: GET /v1/campaigns/{id} is retired (support ended 2019-10-01); ' +
        'use one of GET /v1/buyer/campaigns/{id} or GET /v1/buyer/campaigns/{id}/rtbSettings, then remove the marker.',
    },
    {
      ruleId: 'sunset/no-sync-reporting',
      line: 12,
      column: 26,
      message:
        'POST /v1/reportingstats/agency/reportdata is retired (support ended 2020-01-31): use one of POST /v1/buyer/stats/data, ' +
        'GET /v1/buyer/stats/operations or GET /v1/buyer/stats/data; this call needs a manual migration.',
    },
  ];

  it('reports the calls and markers of both <script> blocks (and `$:`) at their place in the file, not the markup', () => {
    const messages = new Linter().verify(component, configFor(), 'Campaigns.svelte');
    expect(summarise(messages)).toEqual(expected);
    // Each position is where the URL's string starts in the original file (not in the script block).
    const lines = component.split('\n');
    for (const { line, column } of messages) expect(lines[line - 1]?.slice(column - 1)).toMatch(/^'\/v1\/|^TODO/);
  });

  it('takes the TypeScript parser by name too', () => {
    const messages = new Linter().verify(component, configFor({ parser: '@typescript-eslint/parser' }), 'Campaigns.svelte');
    expect(summarise(messages)).toEqual(expected);
  });

  it('fixes the one-to-one rewrite inside the script block only', () => {
    const { output } = new Linter().verifyAndFix(component, configFor(), 'Campaigns.svelte');
    expect(output.split('\n').filter((line, index) => line !== component.split('\n')[index])).toEqual([
      "  export const preload = () => fetch('/v1/buyer/campaigns?active=true');",
      "    campaigns = await (await fetch('/v1/buyer/campaigns')).json();",
    ]);
  });

  // Markup expressions are not read (as `sunset check` does not): the names a block binds (`url` in
  // the `{#each}` below) are unknown to the scope model and would resolve to a script variable of that name.
  it('reports nothing in a component whose scripts call only the new API, whatever the markup holds', () => {
    const clean = [
      '<script context="module">',
      "  export const preload = () => fetch('/v1/buyer/campaigns?active=true');",
      '</script>',
      '<script lang="ts">',
      "  const load = (): Promise<Response> => fetch('/v1/buyer/campaigns');",
      '  const urls: string[] = [];',
      '</script>',
      '<a href="/v1/campaigns" on:click={load}>GET /v1/campaigns</a>',
      "{#each urls as url}<p>{fetch(url)} {fetch('/v1/campaigns')}</p>{/each}",
      '<style>a { background: url("/v1/campaigns"); }</style>',
    ].join('\n');
    expect(new Linter().verify(clean, configFor(), 'Clean.svelte')).toEqual([]);
  });
});
