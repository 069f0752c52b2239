import path from 'node:path';

/** Single-file-component formats whose script blocks `check` and `fix` read; the rest of the file is left alone. */
export const frameworkExtensions = ['.vue', '.svelte', '.astro'] as const;

export type BlockLang = 'js' | 'jsx' | 'ts' | 'tsx';

/** The code of one block: `[start, end)` offsets (UTF-16) into the original text, and its language. */
export interface ScriptBlock {
  readonly start: number;
  readonly end: number;
  readonly lang: BlockLang;
}

export function isFrameworkFile(filePath: string): boolean {
  return (frameworkExtensions as readonly string[]).includes(path.extname(filePath).toLowerCase());
}

const commentPattern = /<!--[\s\S]*?(?:-->|$)/g;
const scriptPattern = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

function langOf(attributes: string, fallback: BlockLang): BlockLang {
  const lang = /\blang\s*=\s*["']?([\w-]+)/i.exec(attributes)?.[1]?.toLowerCase();
  if (lang === 'ts' || lang === 'typescript') return 'ts';
  if (lang === 'tsx' || lang === 'jsx') return lang;
  if (lang === 'js' || lang === 'javascript') return 'js';
  return fallback;
}

/**
 * The script blocks of a `.vue`, `.svelte` or `.astro` file, in text order: every top-level
 * `<script>` element (`<script setup>`, Svelte's `<script context="module">`/`<script module>`,
 * Astro's client scripts) outside HTML comments, without a `src`, and Astro's `---` frontmatter.
 * Astro code is TypeScript; Vue and Svelte blocks follow `lang`. The ranges match what
 * @vue/compiler-sfc, svelte/compiler and @astrojs/compiler report (tests/parse-script-blocks.test.ts).
 */
export function scriptBlocksOf(text: string, filePath: string): ScriptBlock[] {
  const extension = path.extname(filePath).toLowerCase();
  const isAstro = extension === '.astro';
  const blocks: ScriptBlock[] = [];
  let searchFrom = 0;
  if (isAstro) {
    const frontmatter = /^(\s*---[^\S\r\n]*\r?\n)([\s\S]*?)^---/m.exec(text);
    if (frontmatter !== null && frontmatter.index === 0) {
      const start = frontmatter[1]!.length;
      blocks.push({ start, end: start + frontmatter[2]!.length, lang: 'ts' });
      searchFrom = frontmatter[0].length;
    }
  }
  // HTML comments are blanked first so a commented-out <script> is not read.
  const visible = text.slice(0, searchFrom) + text.slice(searchFrom).replace(commentPattern, (comment) => ' '.repeat(comment.length));
  scriptPattern.lastIndex = searchFrom;
  for (let match = scriptPattern.exec(visible); match !== null; match = scriptPattern.exec(visible)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const start = match.index + 7 + attributes.length + 1;
    blocks.push({ start, end: start + match[2]!.length, lang: langOf(attributes, isAstro ? 'ts' : 'js') });
  }
  return blocks;
}

/**
 * The file's text with everything outside the blocks turned into spaces (line breaks kept), so a
 * parser sees only the code and every offset, line and column is the original file's: findings
 * point into the `.vue` file, and edits can only land inside a block.
 */
export function blankOutsideBlocks(text: string, blocks: readonly ScriptBlock[]): string {
  let result = '';
  let position = 0;
  for (const block of blocks) {
    result += blank(text.slice(position, block.start)) + text.slice(block.start, block.end);
    position = block.end;
  }
  return result + blank(text.slice(position));
}

function blank(text: string): string {
  return text.replace(/[^\r\n\u2028\u2029]/g, ' ');
}

/** One language for all blocks of a file: TypeScript if any block is, JSX kept if any block has it. */
export function langOfBlocks(blocks: readonly ScriptBlock[]): BlockLang {
  const langs = new Set(blocks.map((block) => block.lang));
  const typed = langs.has('ts') || langs.has('tsx');
  const jsx = langs.has('tsx') || langs.has('jsx');
  return typed ? (jsx ? 'tsx' : 'ts') : jsx ? 'jsx' : 'js';
}
