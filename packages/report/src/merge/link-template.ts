import path from 'node:path';
import { UsageError } from '@sunset/engine';

const placeholders = ['repo', 'commit', 'path', 'line', 'column'] as const;
type Placeholder = (typeof placeholders)[number];

export interface SiteLocation {
  readonly repo: string;
  readonly commit: string | null;
  /** The working directory of the result, relative to the repository root. */
  readonly directory: string;
  /** The site's file, relative to that directory. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type LinkOf = (site: SiteLocation) => string | undefined;

/**
 * `--link-template`: `{repo}` and `{path}` (from the repository root), each segment URL-encoded,
 * `{commit}`, `{line}` and `{column}` in an http(s) URL. Checked once: an unknown placeholder or
 * another scheme is a usage error naming it.
 */
export function parseLinkTemplate(template: string): (site: SiteLocation) => string | undefined {
  if (!/^https?:\/\//i.test(template)) throw new UsageError(`--link-template must be an http(s) URL, e.g. 'https://git.example.com/{repo}/blob/{commit}/{path}#L{line}'; got ${JSON.stringify(template)}.`);
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!(placeholders as readonly string[]).includes(match[1]!)) {
      throw new UsageError(`--link-template has an unknown placeholder {${match[1]!}}. Use ${placeholders.map((name) => `{${name}}`).join(', ')}.`);
    }
  }
  return (site) => {
    const values = valuesOf(site);
    if (values === undefined) return undefined;
    return template.replace(/\{(repo|commit|path|line|column)\}/g, (_, name: Placeholder) => values[name]);
  };
}

/** Without a template: a GitHub or GitLab repository's own address links the file at its commit. */
export function platformLink(url: string | undefined, platform: 'github' | 'gitlab' | undefined): ((site: SiteLocation) => string | undefined) | undefined {
  if (url === undefined || platform === undefined) return undefined;
  const blob = platform === 'github' ? '/blob/' : '/-/blob/';
  return (site) => {
    const values = valuesOf(site);
    return values === undefined ? undefined : `${url}${blob}${values.commit}/${values.path}#L${values.line}`;
  };
}

function valuesOf(site: SiteLocation): Record<Placeholder, string> | undefined {
  if (site.commit === null) return undefined;
  const fromRoot = path.posix.normalize(path.posix.join(site.directory === '' ? '.' : site.directory, site.file));
  if (fromRoot.startsWith('../') || fromRoot === '..' || path.posix.isAbsolute(fromRoot)) return undefined;
  return {
    // A repository named after its folder can hold any character (`c#tools v2`); owner/name keeps its slashes.
    repo: encodeSegments(site.repo),
    commit: site.commit,
    path: encodeSegments(fromRoot),
    line: String(site.line),
    column: String(site.column),
  };
}

/** Each `/`-separated segment URL-encoded, the slashes kept. */
function encodeSegments(text: string): string {
  return text.split('/').map(encodeURIComponent).join('/');
}
