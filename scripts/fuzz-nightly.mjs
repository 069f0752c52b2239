#!/usr/bin/env node
// The nightly fuzz run: 10,000 mutated fixtures through the BUILT engine (packages/*/dist), as
// check and fix run them. Build first (`pnpm run build`).
//
//   node scripts/fuzz-nightly.mjs [--seed N] [--cases N]   run (default: a seed from the clock, 10000 cases)
//   node scripts/fuzz-nightly.mjs --replay CASE_SEED       one case again, with its minimal input
//
// Exit 0 when every case passed; 1 with the run seed and the case seed of the first failure; 2 usage.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { caseSeedOf, checkInput, describeCase, loadCorpus, makeCase, minimize } from './fuzz-cases.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const asOf = '2026-11-21';

/** @param {string} message */
function usage(message) {
  process.stderr.write(`fuzz-nightly: ${message}\nUsage: node scripts/fuzz-nightly.mjs [--seed N] [--cases N] | --replay CASE_SEED\n`);
  process.exit(2);
}

/** @param {string | undefined} value @param {string} flag @param {number} fallback */
function integer(value, flag, fallback) {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) usage(`${flag} takes a non-negative integer, got ${JSON.stringify(value)}.`);
  return Number(value);
}

let parsed;
try {
  parsed = parseArgs({ options: { seed: { type: 'string' }, cases: { type: 'string' }, replay: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
} catch (error) {
  usage(/** @type {Error} */ (error).message);
}
const { values } = parsed;
if (values.help === true) usage('help');

const engineEntry = path.join(repoRoot, 'packages/engine/dist/index.js');
const configEntry = path.join(repoRoot, 'packages/config/dist/index.js');
if (!existsSync(engineEntry) || !existsSync(configEntry)) usage('packages/engine/dist or packages/config/dist is missing: run `pnpm run build` first.');
const engine = await import(pathToFileURL(engineEntry).href);
const config = await import(pathToFileURL(configEntry).href);
const options = config.resolveOptions([{ asOf }]);
const corpus = loadCorpus(repoRoot);

/** @param {import('./fuzz-cases.mjs').FuzzCase} fuzzCase @param {string} problem */
function report(fuzzCase, problem) {
  const minimal = minimize(fuzzCase.input, (text) => !checkInput(engine, options, fuzzCase.file, text).ok);
  return describeCase(fuzzCase, problem, minimal);
}

if (values.replay !== undefined) {
  const fuzzCase = makeCase(corpus, integer(values.replay, '--replay', 0));
  const outcome = checkInput(engine, options, fuzzCase.file, fuzzCase.input);
  if (outcome.ok) {
    process.stdout.write(`case seed ${fuzzCase.caseSeed} (${fuzzCase.file}) passes (${outcome.ms.toFixed(1)} ms).\n`);
    process.exit(0);
  }
  process.stdout.write(`${report(fuzzCase, outcome.problem)}\n`);
  process.exit(1);
}

const seed = integer(values.seed, '--seed', Date.now() % 2 ** 32);
const cases = integer(values.cases, '--cases', 10_000);
const started = performance.now();
let slowest = { ms: 0, caseSeed: 0 };
for (let index = 0; index < cases; index += 1) {
  const fuzzCase = makeCase(corpus, caseSeedOf(seed, index));
  const outcome = checkInput(engine, options, fuzzCase.file, fuzzCase.input);
  if (outcome.ms > slowest.ms) slowest = { ms: outcome.ms, caseSeed: fuzzCase.caseSeed };
  if (!outcome.ok) {
    process.stdout.write(`FAILED: run seed ${seed}, case ${index} of ${cases}\n${report(fuzzCase, outcome.problem)}\n`);
    process.stdout.write(`Run again: node scripts/fuzz-nightly.mjs --seed ${seed} --cases ${cases}\n`);
    process.exit(1);
  }
  if ((index + 1) % 1000 === 0) process.stdout.write(`${index + 1} cases passed\n`);
}
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `${cases} cases passed (seed ${seed}, ${corpus.length} fixtures) in ${seconds.toFixed(1)} s; slowest case ${slowest.ms.toFixed(1)} ms (case seed ${slowest.caseSeed}).\n`,
);
