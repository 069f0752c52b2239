import { parse as parseVue } from '@vue/compiler-sfc';
import { parse as parseSvelte } from 'svelte/compiler';
import { parse as parseAstro } from '@astrojs/compiler/sync';
import { describe, expect, it } from 'vitest';
import { checkSource } from '../src/check/check-source.js';
import { fixSource } from '../src/fix/fix-source.js';
import { scriptBlocksOf } from '../src/parse/script-blocks.js';
import { sunsetOptions } from './helpers.js';

// .vue, .svelte and .astro files: the engine reads their script blocks in place (markup blanked), so
// findings carry the original file's lines and columns and fixes land inside the blocks only. The block
// ranges are checked against each framework's own compiler.

const vueFile = `<template>
  <!-- <script>fetch('/v1/campaigns')</script> is only a comment -->
  <button @click="load">Load</button>
</template>

<script lang="ts">
export const legacy = () => axios.get('/v1/campaigns');
</script>

<script setup lang="ts">
import axios from 'axios';
const load = () => axios.get(\`\${base}/v1/campaigns/dictionaries/managers\`);
</script>

<style>.x { color: red }</style>
`;

const svelteFile = `<script context="module">
  export const preload = () => fetch('/v1/campaigns');
</script>

<script lang="ts">
  let rows: unknown[] = [];
  const load = async () => (rows = await (await fetch('/v1/campaigns/dictionaries/clients')).json());
</script>

<h1>Campaigns: {rows.length}</h1>
<button on:click={load}>Load</button>
`;

const astroFile = `---
import Layout from '../layouts/Layout.astro';
const managers = await fetch('/v1/campaigns/dictionaries/managers').then((response) => response.json());
---
<Layout title="Managers">
  <ul>{managers.map((manager) => <li>{manager.name}</li>)}</ul>
</Layout>
<script>
  document.querySelector('ul')?.addEventListener('click', () => fetch('/v1/campaigns'));
</script>
`;

const blockTexts = (text: string, file: string): string[] => scriptBlocksOf(text, file).map((block) => text.slice(block.start, block.end));

describe('script blocks, as the frameworks\' compilers see them', () => {
  it('finds the <script> and <script setup> blocks of a .vue file where @vue/compiler-sfc does', () => {
    const { descriptor } = parseVue(vueFile);
    expect(scriptBlocksOf(vueFile, 'App.vue').map(({ start, end }) => [start, end])).toStrictEqual([
      [descriptor.script!.loc.start.offset, descriptor.script!.loc.end.offset],
      [descriptor.scriptSetup!.loc.start.offset, descriptor.scriptSetup!.loc.end.offset],
    ]);
    expect(scriptBlocksOf(vueFile, 'App.vue').map((block) => block.lang)).toStrictEqual(['ts', 'ts']);
  });

  it('finds the module and instance scripts of a .svelte file where svelte/compiler does', () => {
    const ast = parseSvelte(svelteFile, { modern: true });
    const ranges = [ast.module!, ast.instance!].map((script) => [(script.content as unknown as { start: number }).start, (script.content as unknown as { end: number }).end]);
    expect(scriptBlocksOf(svelteFile, 'Campaigns.svelte').map(({ start, end }) => [start, end])).toStrictEqual(ranges);
    expect(scriptBlocksOf(svelteFile, 'Campaigns.svelte').map((block) => block.lang)).toStrictEqual(['js', 'ts']);
  });

  it('finds the frontmatter and the client <script> of an .astro file where @astrojs/compiler does', () => {
    const { ast } = parseAstro(astroFile, { position: true });
    const frontmatter = ast.children.find((node) => node.type === 'frontmatter') as { value: string };
    const blocks = blockTexts(astroFile, 'managers.astro');
    expect(blocks[0]).toBe(frontmatter.value.replace(/^\n/, ''));
    expect(blocks[1]).toBe("\n  document.querySelector('ul')?.addEventListener('click', () => fetch('/v1/campaigns'));\n");
    expect(scriptBlocksOf(astroFile, 'managers.astro').map((block) => block.lang)).toStrictEqual(['ts', 'ts']);
  });
});

describe('check and fix on framework files', () => {
  const options = sunsetOptions();
  const where = (text: string, file: string): string[] =>
    checkSource(text, file, options).findings.map((finding) => `${finding.line}:${finding.column} ${finding.retirement?.entry.id ?? finding.rule}`);

  it('reports at the line and column of the original .vue, .svelte and .astro file, and nothing in comments or markup', () => {
    expect(checkSource(vueFile, '/app/App.vue', options).error).toBeUndefined();
    expect(where(vueFile, '/app/App.vue')).toStrictEqual(['7:39 campaigns-legacy-list', '12:30 campaign-dictionary-managers']);
    expect(where(svelteFile, '/app/Campaigns.svelte')).toStrictEqual(['2:38 campaigns-legacy-list', '7:55 campaign-dictionary-clients']);
    expect(where(astroFile, '/app/managers.astro')).toStrictEqual(['3:30 campaign-dictionary-managers', '9:71 campaigns-legacy-list']);
  });

  it('rewrites inside the blocks and leaves the markup byte for byte', () => {
    const fixed = fixSource(vueFile, '/app/App.vue', options).output!;
    expect(fixed).toBe(
      vueFile.replace("axios.get('/v1/campaigns')", "axios.get('/v1/buyer/campaigns')").replace('/v1/campaigns/dictionaries/managers`', '/v1/buyer/classifiers/managers`'),
    );
    const astroFixed = fixSource(astroFile, '/app/managers.astro', options).output!;
    expect(astroFixed).toBe(astroFile.replace("fetch('/v1/campaigns/dictionaries/managers')", "fetch('/v1/buyer/classifiers/managers')").replace("fetch('/v1/campaigns'))", "fetch('/v1/buyer/campaigns'))"));
  });

  it('reports a syntax error at its place in the original file', () => {
    const broken = "<template><p/></template>\n<script>\nconst a = '/v1/campaigns' +;\n</script>\n";
    expect(checkSource(broken, '/app/Broken.vue', options).error).toMatchObject({ line: 3, column: 28 });
  });
});
