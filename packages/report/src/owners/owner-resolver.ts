import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OwnershipSource } from '../inventory/types.js';
import { codeownersLocations, parseCodeowners } from './codeowners.js';

export interface OwnerResolver {
  readonly source: OwnershipSource;
  /** The file (absolute) is owned by these; empty when no rule names an owner. */
  ownersOf(file: string): readonly string[];
}

/**
 * CODEOWNERS at the repository root when there is one; else, in a workspace (package.json
 * `workspaces` or pnpm-workspace.yaml), the name of the nearest package.json below the root;
 * else the top-level folder.
 */
export function ownerResolverFor(root: string): OwnerResolver {
  const relative = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const codeownersFile = codeownersLocations.map((location) => path.join(root, location)).find((file) => existsSync(file));
  if (codeownersFile !== undefined) {
    const codeowners = parseCodeowners(readFileSync(codeownersFile, 'utf8'));
    return { source: 'codeowners', ownersOf: (file) => codeowners.ownersOf(relative(file)) };
  }
  if (isWorkspace(root)) {
    const names = new Map<string, string | undefined>();
    return {
      source: 'workspace-package',
      ownersOf: (file) => {
        const name = nearestPackageName(root, path.dirname(file), names);
        return [name ?? topLevelFolder(relative(file))];
      },
    };
  }
  return { source: 'top-level-folder', ownersOf: (file) => [topLevelFolder(relative(file))] };
}

/** The owner named for files directly at the root of the repository. */
const rootFolder = '(root)';

function topLevelFolder(relative: string): string {
  const slash = relative.indexOf('/');
  return slash === -1 || relative.startsWith('../') ? rootFolder : `${relative.slice(0, slash)}/`;
}

/**
 * Whether an owner is a top-level folder (`src/`, `(root)`), as a resolver without CODEOWNERS names
 * it: a folder is an owner only inside its repository, unlike a team or a package name.
 */
export function isFolderOwner(owner: string, source: OwnershipSource): boolean {
  return source !== 'codeowners' && (owner === rootFolder || owner.endsWith('/'));
}

function isWorkspace(root: string): boolean {
  if (existsSync(path.join(root, 'pnpm-workspace.yaml'))) return true;
  const manifest = readJson(path.join(root, 'package.json'));
  return manifest !== undefined && 'workspaces' in manifest;
}

function nearestPackageName(root: string, dir: string, cache: Map<string, string | undefined>): string | undefined {
  if (dir === root || !dir.startsWith(root + path.sep)) return undefined;
  if (cache.has(dir)) return cache.get(dir);
  const manifest = readJson(path.join(dir, 'package.json'));
  const name = typeof manifest?.['name'] === 'string' ? manifest['name'] : nearestPackageName(root, path.dirname(dir), cache);
  cache.set(dir, name);
  return name;
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
