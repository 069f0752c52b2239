/**
 * The runtime children of the nodes svelte-eslint-parser (1.x) adds around TS-ESTree. Its
 * `Program.body` holds the `<script>` elements next to the markup, so without these the walk stops
 * at the top level and a `.svelte` file has no calls. Walked: the statements of each `<script>`
 * (`SvelteScriptElement.body`, instance and `context="module"` alike, which share the program
 * scope as Svelte's do) and of `$:` statements. Not walked: tags, attributes, text, `<style>`, and
 * the expressions of the markup, because the blocks there bind names the scope model does not
 * declare (`{#each … as url}`, `{:then url}`, `{@const url = …}`, `let:url`, snippet parameters): a
 * `fetch(url)` inside would resolve `url` to a script variable of the same name. That matches
 * `sunset check`, which reads the script blocks only, and vue-eslint-parser, whose template is
 * outside `Program.body`.
 *
 * These types are not in TS-ESTree's union, so the table is keyed by plain strings (a Map, so no
 * inherited name matches); it is read only for a node type the typed table has no entry for.
 */
export const svelteChildKeys: ReadonlyMap<string, readonly string[]> = new Map([
  ['SvelteScriptElement', ['body']],
  ['SvelteReactiveStatement', ['body']],
]);
