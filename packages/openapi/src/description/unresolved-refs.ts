import type { SpecProblem } from '../problems.js';
import type { DocumentSet, LoadedDocument, RefFailure, Site } from './documents.js';
import { childPointer } from './json-pointer.js';

/** Keys whose values are data (examples, defaults, enums), where a `$ref` member is not a reference. */
const dataKeys = new Set(['example', 'enum', 'const', 'default']);

/** Every `$ref` string written in a document, at the pointer of the object holding it. */
function collectRefs(doc: LoadedDocument): { site: Site; ref: string }[] {
  const found: { site: Site; ref: string }[] = [];
  // YAML aliases share objects: each is read once, so the walk stays linear in the file.
  const visited = new Set<object>();
  const tokens: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || visited.has(value)) return;
    visited.add(value);
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => {
        tokens.push(String(index));
        walk(item);
        tokens.pop();
      });
      return;
    }
    const record = value as Record<string, unknown>;
    if (typeof record['$ref'] === 'string') found.push({ site: { doc, pointer: childPointer('#', ...tokens) }, ref: record['$ref'] });
    const insideExample = tokens.length >= 2 && tokens[tokens.length - 2] === 'examples';
    for (const [key, child] of Object.entries(record)) {
      if (dataKeys.has(key) || (insideExample && key === 'value')) continue;
      tokens.push(key);
      walk(child);
      tokens.pop();
    }
  };
  walk(doc.value);
  return found;
}

const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/**
 * One line for the `$ref`s that name remote files Sunset did not fetch (it fetches a remote file only
 * for what it reads): expected of every description published over several files (DigitalOcean's by
 * URL has 1,796), so counted, not listed; `--verbose` lists them, one warning per remote file.
 */
function notFetchedSummary(groups: readonly { failure: RefFailure; sites: readonly Site[] }[]): SpecProblem[] {
  const sites = groups.flatMap((group) => group.sites);
  if (sites.length === 0) return [];
  const files = new Set(sites.map((site) => site.doc.name));
  const names = sites.length === 1 ? 'names' : 'name';
  const they = sites.length === 1 ? 'it is' : 'they are';
  return [
    {
      file: sites[0]!.doc.name,
      message: `${counted(sites.length, '$ref', '$refs')} in ${counted(files.size, 'file', 'files')} ${names} ${counted(groups.length, 'remote file', 'remote files')} that Sunset did not fetch, so ${they} skipped: it fetches a remote file only for what it reads, and needs nothing there (--verbose lists them).`,
    },
  ];
}

/**
 * One warning per target that `$ref`s Sunset does not need cannot reach (a missing file, a missing
 * pointer, a circle), listing the file, line and JSON pointer of each `$ref` that names it: those
 * outside what Sunset reads, and parameters a path template does not need. Remote files it did not
 * fetch are counted in one line instead (`notFetchedSummary`), unless `verbose`. The import goes on without them.
 */
export async function unresolvedRefWarnings(documents: DocumentSet, verbose = false): Promise<SpecProblem[]> {
  const refs = documents.documents().flatMap(collectRefs);
  const groups = new Map<string, { failure: RefFailure; sites: Site[] }>();
  for (const { site, ref } of refs) {
    const resolution = await documents.check(site, ref);
    if (!('failure' in resolution)) continue;
    const group = groups.get(resolution.failure.target) ?? { failure: resolution.failure, sites: [] };
    group.sites.push(site);
    groups.set(resolution.failure.target, group);
  }
  const summarised = verbose ? [] : [...groups.values()].filter(({ failure }) => failure.notFetched === true);
  const listed = [...groups.values()].filter((group) => !summarised.includes(group));
  const siteProblems = listed.flatMap(({ sites }) => sites.map((site) => ({ file: site.doc.name, pointer: childPointer(site.pointer, '$ref'), message: '' })));
  const located = documents.locate(siteProblems);
  let next = 0;
  const warnings = listed.map(({ failure, sites }) => {
    const places = located.slice(next, (next += sites.length)).map((place) => `  ${place.file}${place.line === undefined ? '' : `:${place.line}:${place.column ?? 1}`}: ${place.pointer!}`);
    const count = sites.length === 1 ? 'the $ref that names it is' : `the ${sites.length} $refs that name it are`;
    return { file: sites[0]!.doc.name, message: `${failure.message} Sunset does not need it, so ${count} skipped:\n${places.join('\n')}` };
  });
  return [...notFetchedSummary(summarised), ...warnings];
}
