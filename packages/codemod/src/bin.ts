#!/usr/bin/env node
// `npx @sunset/codemod [paths...]` is `sunset fix [paths...]`: the file walk, the git guard, the
// report and the atomic writes live in @sunset/cli, which itself runs this package's transform.
// The specifier is a variable so TypeScript does not need a project reference back to the CLI
// (the two packages depend on each other at run time only).
const cliPackage = '@sunset/cli';
const { runWithProcess } = (await import(cliPackage)) as { runWithProcess: (argv: readonly string[]) => Promise<void> };
await runWithProcess(['fix', ...process.argv.slice(2)]);
