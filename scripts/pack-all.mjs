#!/usr/bin/env node
// Packs every workspace package (packages/*) into one folder, as pnpm publishes them (`workspace:*`
// becomes the real version), and prints the `npm install` line for the CLI, the ESLint plugin, the
// codemod and the runtime, each with the tarballs of the workspace packages it depends on (the
// README's install block is the same text, from scripts/install-lines.mjs).
//
//   node scripts/pack-all.mjs [--pack-destination DIR] [--no-build]     (default DIR: ./packs)
//
// Builds first (`tsc -b tsconfig.build.json`, incremental) unless --no-build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installLines, workspacePackages } from './install-lines.mjs';

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

const packages = workspacePackages(repoRoot);

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

const shown = path.relative(process.cwd(), destination) || '.';
const prefix = shown.startsWith('.') || path.isAbsolute(shown) ? shown : `./${shown}`;
process.stdout.write(`\n${packages.size} tarballs in ${destination}. Install in your project with:\n\n${installLines(prefix, packages)}\n`);
