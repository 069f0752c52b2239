#!/usr/bin/env node
// Packs every workspace package (packages/*) into one folder, as pnpm publishes them (`workspace:*`
// becomes the real version), and prints the `npm install` line for the CLI, the ESLint plugin and the
// codemod, each with the tarballs of the workspace packages it depends on.
//
//   node scripts/pack-all.mjs [--pack-destination DIR] [--no-build]     (default DIR: ./packs)
//
// Builds first (`tsc -b tsconfig.build.json`, incremental) unless --no-build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const pnpm = ['-y', 'pnpm@10.34.9'];

const { values } = parseArgs({ options: { 'pack-destination': { type: 'string' }, 'no-build': { type: 'boolean' } } });
const destination = path.resolve(values['pack-destination'] ?? 'packs');

/** @param {string} command @param {string[]} args @param {string} cwd */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stderr.write(`pack-all: \`${command} ${args.join(' ')}\` failed in ${cwd}:\n${result.stdout ?? ''}${result.stderr ?? result.error?.message ?? ''}\n`);
    process.exit(1);
  }
}

/** @typedef {{ dir: string, name: string, version: string, workspaceDeps: string[], peers: string[], tarball: string }} Pkg */
/** @type {Map<string, Pkg>} */
const packages = new Map();
for (const dir of readdirSync(path.join(repoRoot, 'packages')).sort()) {
  const manifestPath = path.join(repoRoot, 'packages', dir, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const dependencies = /** @type {Record<string, string>} */ (manifest.dependencies ?? {});
  const workspaceDeps = Object.entries(dependencies).filter(([, range]) => range.startsWith('workspace:')).map(([name]) => name);
  const optional = /** @type {Record<string, { optional?: boolean }>} */ (manifest.peerDependenciesMeta ?? {});
  const peers = Object.entries(/** @type {Record<string, string>} */ (manifest.peerDependencies ?? {}))
    .filter(([name]) => optional[name]?.optional !== true)
    .map(([name, range]) => `${name}@"${range}"`);
  // pnpm's tarball name: the scope without '@', '/' as '-', then the version.
  const tarball = `${String(manifest.name).replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
  packages.set(manifest.name, { dir: path.join(repoRoot, 'packages', dir), name: manifest.name, version: manifest.version, workspaceDeps, peers, tarball });
}

if (values['no-build'] !== true) run('npx', ['tsc', '-b', 'tsconfig.build.json'], repoRoot);
mkdirSync(destination, { recursive: true });
for (const pkg of packages.values()) {
  if (!existsSync(path.join(pkg.dir, 'dist'))) {
    process.stderr.write(`pack-all: ${pkg.name} has no dist/; build first (pnpm run build).\n`);
    process.exit(1);
  }
  run('npx', [...pnpm, 'pack', '--pack-destination', destination], pkg.dir);
  if (!existsSync(path.join(destination, pkg.tarball))) {
    process.stderr.write(`pack-all: pnpm pack did not write ${path.join(destination, pkg.tarball)}.\n`);
    process.exit(1);
  }
  process.stdout.write(`packed ${pkg.name}@${pkg.version}\n`);
}

/** The package and every workspace package it needs, dependencies first. @param {string} name */
function closure(name, /** @type {string[]} */ order = []) {
  const pkg = packages.get(name);
  if (pkg === undefined || order.includes(name)) return order;
  for (const dependency of pkg.workspaceDeps) closure(dependency, order);
  order.push(name);
  return order;
}

const shown = path.relative(process.cwd(), destination) || '.';
const prefix = shown.startsWith('.') || path.isAbsolute(shown) ? shown : `./${shown}`;
process.stdout.write(`\n${packages.size} tarballs in ${destination}. Install in your project with:\n`);
for (const [label, name] of [['CLI (sunset check / fix / report)', '@sunset/cli'], ['ESLint plugin', '@sunset/eslint-plugin'], ['codemod (npx @sunset/codemod)', '@sunset/codemod']]) {
  const pkg = packages.get(name);
  if (pkg === undefined) continue;
  const tarballs = closure(name).map((member) => `${prefix}/${packages.get(member)?.tarball}`);
  const peers = pkg.peers.length > 0 ? ` ${pkg.peers.join(' ')}` : '';
  process.stdout.write(`\n# ${label}\nnpm install --save-dev ${tarballs.join(' ')}${peers}\n`);
}
