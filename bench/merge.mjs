#!/usr/bin/env node
// `sunset report --merge` over generated results of an organisation: R results of `sunset check
// --format json` (a few findings each; every 100th repository with thousands), merged into the HTML
// page, the JSON and the Markdown. Median wall time of N runs and peak RSS (GNU time's %M).
// Usage: node bench/merge.mjs [--results 1000] [--large 10] [--large-findings 3000] [--runs 3] [--work DIR]   (after `pnpm run build`;
// --work keeps the results and outputs in DIR)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { builtinEntries, describeEndpoint } from '../packages/rule-data/dist/index.js';

const { values } = parseArgs({
  options: { work: { type: 'string' }, results: { type: 'string', default: '1000' }, large: { type: 'string', default: '10' }, 'large-findings': { type: 'string', default: '3000' }, runs: { type: 'string', default: '3' } },
});
const count = Number(values.results);
const large = Number(values.large);
const largeFindings = Number(values['large-findings']);
const runs = Number(values.runs);
const bin = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const gnuTime = '/usr/bin/time';
if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm run build first`);
if (!existsSync(gnuTime)) throw new Error('GNU time (/usr/bin/time) is needed for wall time and peak RSS');

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const ruleOf = { rest: 'sunset/no-legacy-rest-path', soap: 'sunset/no-retired-soap-operation', reporting: 'sunset/no-sync-reporting' };
const hex = (/** @type {number} */ n) => n.toString(16).padStart(40, '0');

/** One repository's result, as `sunset check --format json` writes it (schemas/sunset-check.schema.json). */
function result(/** @type {number} */ index, /** @type {number} */ findings) {
  const name = `acme/service-${String(index).padStart(4, '0')}`;
  return {
    tool: 'sunset check',
    version: 1,
    provenance: {
      repository: name,
      repositoryFrom: 'flag',
      url: `https://github.com/${name}`,
      platform: 'github',
      commit: hex(index + 1),
      committedAt: '2026-02-27T10:00:00.000Z',
      directory: '',
      date: '2026-03-01T06:00:00.000Z',
      tool: 'sunset check',
      toolVersion: '0.1.0',
      ruleDataVersion: '0.1.0',
      configFile: null,
      configDigest: 'sha256:0123456789abcdef',
      ownership: 'codeowners',
    },
    findings: Array.from({ length: findings }, (_, at) => {
      const entry = builtinEntries[(index + at) % builtinEntries.length] ?? builtinEntries[0];
      if (entry === undefined) throw new Error('rule-data has no entries');
      return {
        file: `src/module-${at % 200}/file-${at}.ts`,
        line: 1 + (at % 400),
        column: 17,
        rule: ruleOf[entry.family],
        message: `${entry.retiredKey} is retired (support ended ${entry.schedule.supportEnds}): use ${entry.replacements.map(describeEndpoint).join(', ') || 'nothing named'}.`,
        entry: entry.id,
        retired: entry.retiredKey,
        replacements: entry.replacements.map(describeEndpoint),
        phase: 'retired',
        fix: entry.migration,
        host: 'unknown',
        owners: [`@acme/team-${index % 40}`, ...(at % 7 === 0 ? ['@alice'] : [])],
      };
    }),
    errors: [],
    notScanned: [],
    summary: { asOf: '2026-03-01', failOn: 'deprecated', files: 400 + findings, candidates: findings, findings, failing: findings, baselined: 0, errors: 0, notScanned: {} },
  };
}

const root = values.work ?? mkdtempSync(join(tmpdir(), 'sunset-merge-bench-'));
try {
  const dir = join(root, 'results');
  mkdirSync(dir, { recursive: true });
  let findings = 0;
  for (let index = 0; index < count; index += 1) {
    const many = large > 0 && index % Math.floor(count / large) === 0;
    const own = many ? largeFindings : 1 + (index % 5);
    findings += own;
    writeFileSync(join(dir, `result-${index}.json`), JSON.stringify(result(index, own), null, 2));
  }
  console.log(`${count} results (${large} with ${largeFindings} findings), ${findings} findings in all; ${runs} runs each, node ${process.version}`);
  for (const format of ['html', 'json', 'md']) {
    /** @type {{ wall: number, rssMb: number, size: number }[]} */
    const measured = [];
    for (let run = 0; run < runs; run += 1) {
      const out = join(root, `org.${format}`);
      const history = join(root, `history-${format}.jsonl`);
      const timed = spawnSync(gnuTime, ['-f', '%e %M', process.execPath, bin, 'report', '--merge', 'results/*.json', '--format', format, '--out', out, '--history-file', history], { cwd: root, encoding: 'utf8' });
      if (timed.status !== 0) throw new Error(`the merge failed (exit ${String(timed.status)}):\n${timed.stderr}`);
      const [wall = Number.NaN, rss = Number.NaN] = (timed.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
      measured.push({ wall, rssMb: rss / 1024, size: statSync(out).size });
    }
    const wall = median(measured.map((row) => row.wall));
    const rssMb = Math.max(...measured.map((row) => row.rssMb));
    const verdict = wall < 10 && rssMb < 500 ? 'met' : 'NOT met';
    console.log(`--format ${format}: median ${wall.toFixed(2)} s, peak RSS ${rssMb.toFixed(0)} MB, output ${((measured[0]?.size ?? 0) / 1e6).toFixed(1)} MB; target < 10 s and < 500 MB: ${verdict}`);
  }
} finally {
  if (values.work === undefined) rmSync(root, { recursive: true, force: true });
}
