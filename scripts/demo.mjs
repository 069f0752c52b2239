#!/usr/bin/env node
// The README's first command: Sunset's main job on the sample app in fixtures/legacy-app.
// `sunset check` exits 1 there (the app is full of retired calls: that is the point of the sample),
// so this script reports that exit code as expected and fails on anything else.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const app = 'fixtures/legacy-app';

function run(title, args, expectedStatus) {
  console.log(`\n$ sunset ${args.join(' ')}    # ${title}`);
  const { status } = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit' });
  if (!expectedStatus.includes(status)) {
    console.error(`\nsunset ${args[0]} exited with ${status}; expected ${expectedStatus.join(' or ')}.`);
    process.exit(1);
  }
  return status;
}

if (!existsSync(bin)) {
  console.error(`${bin} is missing: run \`npx -y pnpm@10.34.9 run build\` first.`);
  process.exit(1);
}
run('the CI gate: lists every retired call, exits 1 because there are some', ['check', app], [1]);
run('the codemod, dry run: what it would rewrite and where it would leave TODOs', ['fix', app, '--dry', '--print'], [0]);
console.log('\nDemo done: check found the retired calls (exit 1, as expected for the sample app); fix --dry changed nothing on disk.');
