#!/usr/bin/env node
// The per-file analysis alone, two builds side by side: for each candidate of a generated repository
// (parsed with this build's engine, a fresh tree for every run: a tree keeps its scope model), the
// scope model and `analyzeFile` (index and every recommended check) of build A and of build B run
// alternately on the same text, and their CPU time is summed. Parsing, reading and the walk are left out; the findings of A and B must be equal.
// Usage: node bench/analysis.mjs --baseline <root of another built worktree> [--files 10000] [--reps 3]
// (after `pnpm run build` in both). A shared machine slows A and B alike, so the ratio holds.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeRepo } from './generate.mjs';

const { values } = parseArgs({ options: { baseline: { type: 'string' }, files: { type: 'string', default: '10000' }, reps: { type: 'string', default: '3' } } });
if (values.baseline === undefined) throw new Error('--baseline <root of another built worktree> is required (e.g. `git worktree add /tmp/base main`, then install and build there)');
const reps = Number(values.reps);
const here = fileURLToPath(new URL('..', import.meta.url));

/**
 * The analysis of one built worktree, loaded from its dist folders.
 * @param {string} root
 */
async function buildOf(root) {
  const dist = (/** @type {string} */ path) => join(resolve(root), 'packages', path);
  if (!existsSync(dist('analysis/dist/index.js'))) throw new Error(`${dist('analysis/dist/index.js')} is missing: build that worktree first`);
  const config = await import(dist('config/dist/index.js'));
  return {
    analysis: await import(dist('analysis/dist/index.js')),
    scopeModel: await import(dist('analysis/dist/file-index/scope-model.js')),
    options: config.analysisOptionsOf(config.resolveOptions([{ asOf: '2026-11-21' }])),
  };
}

/** @param {string} folder @returns {string[]} */
const filesUnder = (folder) =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules') && !entry.parentPath.includes(`${join(folder, 'dist')}`))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();

const cpu = () => {
  const used = process.cpuUsage();
  return used.user + used.system;
};

const builds = { A: await buildOf(values.baseline), B: await buildOf(here) };
const engine = await import(join(here, 'packages/engine/dist/index.js'));
const root = mkdtempSync(join(tmpdir(), 'sunset-analysis-'));
try {
  writeRepo(join(root, 'repo'), { files: Number(values.files) });
  const totals = { scope: { A: 0, B: 0 }, analysis: { A: 0, B: 0 } };
  const findings = { A: 0, B: 0 };
  let candidates = 0;
  for (const file of filesUnder(join(root, 'repo'))) {
    const text = readFileSync(file, 'utf8');
    if (!builds.A.analysis.mightNeedAnalysis(text, builds.A.options)) continue;
    const parsed = engine.parseSource(text, file);
    if (!parsed.ok) continue;
    candidates += 1;
    /** @type {('A' | 'B')[]} */
    const order = candidates % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (let rep = 0; rep < reps; rep += 1) {
      for (const name of order) {
        const { program } = engine.parseSource(text, file).file;
        const started = cpu();
        builds[name].scopeModel.buildScopeModel(program);
        totals.scope[name] += cpu() - started;
      }
      for (const name of order) {
        const tree = engine.parseSource(text, file).file;
        const started = cpu();
        findings[name] += builds[name].analysis.analyzeFile(tree, builds[name].options).length;
        totals.analysis[name] += cpu() - started;
      }
    }
  }
  const ms = (/** @type {number} */ micros) => (micros / 1000 / reps).toFixed(0);
  console.log(`${candidates} candidates of ${values.files} files, node ${process.version}, CPU per pass (A = ${values.baseline}, B = this worktree)`);
  for (const [phase, time] of Object.entries(totals)) console.log(`${phase.padEnd(9)} A ${ms(time.A).padStart(6)} ms  B ${ms(time.B).padStart(6)} ms  B/A ${(time.B / time.A).toFixed(3)}`);
  console.log(`findings  A ${findings.A / reps}  B ${findings.B / reps}${findings.A === findings.B ? '' : '  (they differ)'}`);
  if (findings.A !== findings.B) process.exitCode = 1;
} finally {
  rmSync(root, { recursive: true, force: true });
}
