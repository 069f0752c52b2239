import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

// Relative links and #anchors of Markdown files, read as GitHub renders them: markdown-it finds the
// links (not the look-alikes in code), github-slugger gives each heading the id GitHub gives it.

const markdown = new MarkdownIt({ html: true });

/** A link that does not resolve: where it is written, what it says, and why it fails. */
export interface BrokenLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly problem: string;
}

/** The text GitHub makes a heading's id from: the inline content without its Markdown. */
function headingText(inline: Token): string {
  return (inline.children ?? []).map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : '')).join('');
}

/** Every id a reader can link to in a Markdown text: headings, and `<a id>` / `<a name>` in HTML. */
export function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const tokens = markdown.parse(text, {});
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(headingText(tokens[index + 1]!)));
    const html = token.type === 'html_block' || token.type === 'html_inline' ? token.content : token.type === 'inline' ? (token.children ?? []).filter((child) => child.type === 'html_inline').map((child) => child.content).join('') : '';
    for (const match of html.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  });
  return anchors;
}

/** Each link and image of a Markdown text, with its line (1-based). */
export function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const token of markdown.parse(text, {})) {
    if (token.type !== 'inline') continue;
    // Inline tokens carry the block's first line; each line break inside it moves one line down.
    let line = (token.map?.[0] ?? 0) + 1;
    for (const child of token.children ?? []) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line += 1;
      const target = child.type === 'link_open' ? child.attrGet('href') : child.type === 'image' ? child.attrGet('src') : null;
      if (target !== null) links.push({ target, line });
    }
  }
  return links;
}

/**
 * The relative links (and `#anchor`s) of `file` that do not resolve: a missing file or folder, or an
 * anchor that no heading of the target Markdown file has. Links with a scheme (`https:`, `mailto:`) are
 * not followed. `/path` is read from `root`, as GitHub reads it from the repository's root.
 */
export function brokenLinks(file: string, root: string): BrokenLink[] {
  const text = readFileSync(file, 'utf8');
  const shown = path.relative(root, file);
  const anchorsByFile = new Map<string, Set<string>>();
  const anchorsIn = (target: string): Set<string> => {
    let anchors = anchorsByFile.get(target);
    if (anchors === undefined) anchorsByFile.set(target, (anchors = anchorsOf(readFileSync(target, 'utf8'))));
    return anchors;
  };
  const broken: BrokenLink[] = [];
  for (const { target, line } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [rawPath = '', rawAnchor] = target.split('#', 2);
    const linkedPath = decodeURIComponent(rawPath);
    const resolved = linkedPath === '' ? file : linkedPath.startsWith('/') ? path.join(root, linkedPath) : path.resolve(path.dirname(file), linkedPath);
    if (!existsSync(resolved)) {
      broken.push({ file: shown, line, target, problem: `${path.relative(root, resolved)} does not exist` });
      continue;
    }
    if (rawAnchor === undefined || rawAnchor === '') continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
      broken.push({ file: shown, line, target, problem: 'an anchor into something that is not a Markdown file' });
    } else if (!anchorsIn(resolved).has(decodeURIComponent(rawAnchor))) {
      broken.push({ file: shown, line, target, problem: `${path.relative(root, resolved)} has no heading with the id "${rawAnchor}"` });
    }
  }
  return broken;
}
