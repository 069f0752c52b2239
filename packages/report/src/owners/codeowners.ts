import ignore, { type Ignore } from 'ignore';

/** Where GitHub and GitLab look for the file, in their order (the first one found is used). */
export const codeownersLocations = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS', '.gitlab/CODEOWNERS'] as const;

interface OwnerRule {
  readonly pattern: string;
  readonly matcher: Ignore;
  readonly owners: readonly string[];
}

/** GitLab's `[Section]` groups; GitHub files are one unnamed section. */
interface Section {
  readonly rules: OwnerRule[];
}

export interface Codeowners {
  /** The owners of a path relative to the repository root (forward slashes); empty when none. */
  ownersOf(file: string): readonly string[];
}

/**
 * Parses CODEOWNERS in GitHub's and GitLab's syntax: gitignore-style patterns, the LAST matching
 * rule wins (a rule without owners leaves the path unowned, or in GitLab takes its section's default
 * owners); GitLab `[Section]`, `^[Optional]` and `[Section][2] @default` headers start sections, and
 * a path's owners are those of every section it matches. `\ ` and `\#` escape a space and a hash.
 */
export function parseCodeowners(text: string): Codeowners {
  const sections: Section[] = [{ rules: [] }];
  let sectionDefaults: readonly string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\^?\[[^\]]+\](?:\[\d+\])?(.*)$/.exec(line);
    if (header !== null) {
      sections.push({ rules: [] });
      sectionDefaults = splitOwners(header[1]!);
      continue;
    }
    const [pattern, rest] = splitPattern(line);
    if (pattern === '' || pattern.startsWith('!')) continue;
    const owners = splitOwners(rest);
    sections.at(-1)!.rules.push({ pattern, matcher: ignore().add(gitignorePattern(pattern)), owners: owners.length === 0 ? sectionDefaults : owners });
  }
  return {
    ownersOf(file: string): readonly string[] {
      if (file === '' || file.startsWith('../') || file.startsWith('/')) return [];
      const owners = new Set<string>();
      for (const section of sections) {
        const rule = section.rules.findLast((candidate) => candidate.matcher.ignores(file));
        for (const owner of rule?.owners ?? []) owners.add(owner);
      }
      return [...owners];
    },
  };
}

/** The pattern up to the first unescaped space, unescaped; the rest of the line. */
function splitPattern(line: string): [string, string] {
  let pattern = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (char === '\\' && index + 1 < line.length) {
      pattern += line[++index];
      continue;
    }
    if (/\s/.test(char)) return [pattern, line.slice(index)];
    pattern += char;
  }
  return [pattern, ''];
}

function splitOwners(text: string): string[] {
  const withoutComment = text.replace(/(^|\s)#.*$/, '');
  return withoutComment.split(/\s+/).filter((owner) => owner !== '');
}

/** CODEOWNERS differs from .gitignore in one way that matters here: `/` alone means everything. */
function gitignorePattern(pattern: string): string {
  if (pattern === '/' || pattern === '/*' || pattern === '/**') return '**';
  return pattern.replace(/[ #]/g, (char) => `\\${char}`);
}
