import { resolveOptions } from '@sunset/config';
import { checkSource, fixSource, parseSource } from '@sunset/engine';
import { describe, expect, it } from 'vitest';
import { caseSeedOf, checkInput, describeCase, loadCorpus, makeCase, minimize } from '../scripts/fuzz-cases.mjs';
import { repoRoot } from './support/legacy-app.js';

// Issue 16's fuzz proof, in CI: a few hundred mutated copies of the fixtures (token deletions and
// duplications, NUL, U+2028, lone surrogates, a BOM, CR...) through check and fix in-process. The
// nightly run is `node scripts/fuzz-nightly.mjs` (10,000 cases on the built packages). Another
// seed or count: SUNSET_FUZZ_SEED=123 SUNSET_FUZZ_CASES=2000 npx vitest run test/fuzz.test.ts

const seed = Number(process.env.SUNSET_FUZZ_SEED ?? 1);
const cases = Number(process.env.SUNSET_FUZZ_CASES ?? 400);
const options = resolveOptions([{ asOf: '2026-11-21' }]);
const engine = { checkSource, fixSource, parseSource };
const corpus = loadCorpus(repoRoot);

/** Case seeds left out of the idempotence check (none: the one this fuzz found is fixed, see below). */
const knownNotIdempotent = new Set<number>([]);

describe('fuzz: mutated fixtures through check and fix', () => {
  it('loads the fixtures it mutates', () => {
    expect(corpus.length).toBeGreaterThan(50);
    expect(corpus.some((entry) => entry.file.startsWith('fixtures/legacy-app/src/'))).toBe(true);
    expect(corpus.some((entry) => entry.file.startsWith('fixtures/codemod/') && entry.file.includes('.input.'))).toBe(true);
  });

  it('mutates deterministically per case seed, with the junk the issue names', () => {
    expect(makeCase(corpus, 42)).toEqual(makeCase(corpus, 42));
    const inputs = Array.from({ length: 2000 }, (_, index) => makeCase(corpus, caseSeedOf(seed, index)).input).join('');
    for (const piece of ['\0', '\u2028', '\ud800', '\udfff', '\ufeff', '\r']) expect(inputs).toContain(piece);
  });

  it(`${cases} cases (seed ${seed}): no throw, findings or an error, JSON findings, a fixed file still parses, a second fix changes nothing`, () => {
    const failures: string[] = [];
    for (let index = 0; index < cases; index += 1) {
      const fuzzCase = makeCase(corpus, caseSeedOf(seed, index));
      if (knownNotIdempotent.has(fuzzCase.caseSeed)) continue;
      const outcome = checkInput(engine, options, fuzzCase.file, fuzzCase.input);
      if (outcome.ok) continue;
      const minimal = minimize(fuzzCase.input, (text) => !checkInput(engine, options, fuzzCase.file, text).ok, 1500);
      const report = `run seed ${seed}, case ${index}: ${describeCase(fuzzCase, outcome.problem, minimal)}`;
      console.error(report);
      failures.push(report);
      if (failures.length >= 3) break;
    }
    expect(failures).toEqual([]);
    // A hang fails on the test's own timeout; speed is measured in bench/, never asserted here.
  });

  // Found by this fuzz (case seed 3667053094): a call with two TODOs after code on its line got the first
  // marker at the end of that line; a second fix did not see it there and added it again. Both now go
  // above the one-line function (the line's first statement), and a second fix finds them there.
  it('adds nothing on a second fix when one call got two TODOs after code on its line', () => {
    const input = 'async function i(){ g("/v1/campaigns/1", "/v1/campaigns/1/orders") }\n';
    const first = fixSource(input, 'x.mjs', options);
    expect(first.output).toBe(
      '// TODO(sunset:campaigns-legacy-get): migrate GET /v1/campaigns/{id}: the campaign is split into two\n//     resources: the campaign and its RTB settings; call the one(s) this code needs\n//   candidates GET /v1/buyer/campaigns/{id}, GET /v1/buyer/campaigns/{id}/rtbSettings\n//   support ended 2019-10-01\n' +
        "// TODO(sunset:campaigns-legacy-orders): migrate GET /v1/campaigns/{campaignId}/orders: the new\n//     endpoint has no campaign in its path; how to select one campaign's orders is not shown in\n//     the spec\n//   candidates GET /v1/buyer/orders\n//   support ended 2019-10-01\n" +
        'async function i(){ g("/v1/campaigns/1", "/v1/campaigns/1/orders") }\n',
    );
    expect(fixSource(first.output!, 'x.mjs', options).output).toBeUndefined();
  });
});
