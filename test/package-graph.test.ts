import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const packageNames = readdirSync(new URL('packages/', root)).sort();
/** package-graph.json: the graph eslint.config.js enforces; docs/architecture.md and the manifests must agree with it. */
const allowedWorkspaceImports = Object.fromEntries(
  Object.entries(JSON.parse(readFileSync(new URL('package-graph.json', root), 'utf8')) as Record<string, string[]>).filter(([key]) => key !== '$comment'),
);

interface Manifest {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

const manifestOf = (name: string): Manifest => JSON.parse(readFileSync(new URL(`packages/${name}/package.json`, root), 'utf8')) as Manifest;

const workspaceDependencies = (manifest: Manifest): string[] =>
  Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    .filter((dependency) => dependency.startsWith('@sunset/'))
    .map((dependency) => dependency.slice('@sunset/'.length))
    .sort();

/** The package table of docs/architecture.md: `| [\`@sunset/x\`](../packages/x) | \`@sunset/a\`, \`@sunset/b\` | … |`, `—` for none. */
function readmeGraph(): Record<string, string[]> {
  const readme = readFileSync(new URL('docs/architecture.md', root), 'utf8');
  const rows = [...readme.matchAll(/^\| \[`@sunset\/([a-z-]+)`\]\(\.\.\/packages\/[a-z-]+\) \| ([^|]+) \|/gm)];
  return Object.fromEntries(rows.map((row) => [row[1]!, row[2]!.trim() === '—' ? [] : [...row[2]!.matchAll(/`@sunset\/([a-z-]+)`/g)].map((match) => match[1]!).sort()]));
}

describe('the package graph', () => {
  const allowed = allowedWorkspaceImports as Readonly<Record<string, readonly string[]>>;

  it('names every package of the workspace in the lint boundaries', () => {
    expect(Object.keys(allowed).sort()).toEqual(packageNames);
  });

  it.each(packageNames)('%s depends only on the workspace packages it may import', (name) => {
    const extra = workspaceDependencies(manifestOf(name)).filter((dependency) => !allowed[name]!.includes(dependency));
    expect(extra).toEqual([]);
  });

  it('points down only: no package can reach itself through the allowed imports', () => {
    const reaches = (from: string, seen: Set<string>): boolean =>
      (allowed[from] ?? []).some((next) => next === [...seen][0] || (!seen.has(next) && reaches(next, new Set([...seen, next]))));
    expect(packageNames.filter((name) => reaches(name, new Set([name])))).toEqual([]);
  });

  it('is the graph docs/architecture.md shows contributors', () => {
    const expected = Object.fromEntries(packageNames.map((name) => [name, [...allowed[name]!].sort()]));
    expect(readmeGraph()).toEqual(expected);
  });
});
