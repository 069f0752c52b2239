import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bytesFacts, textFacts, type TextFacts } from '@sunset/analysis';
import { builtinCatalog, createCatalog, requestCheckNeedleSpecs, type Catalog, type NeedleSpec } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../scripts/fuzz-cases.mjs';
import { analysisOptions } from '../parsers.js';

// The byte automaton (`bytesFacts`) replaces the prefilter's expressions (`textFacts`) for UTF-8
// files: it must say exactly what they say of the same text, whatever the case, the neighbours and
// the characters beyond ASCII around a needle.

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const facts = (text: string, catalog: Catalog = builtinCatalog): TextFacts | undefined => bytesFacts(utf8(text), analysisOptions({ catalog }));
/** The texts whose bytes' facts are not their text's (each fact compared, whatever the order of the keys). */
const mismatches = (texts: readonly string[], catalog: Catalog = builtinCatalog): string[] => {
  const options = analysisOptions({ catalog });
  const keys = ['candidate', 'needle', 'clientSource', 'restNeedle'] as const;
  return texts.filter((text) => {
    const fromBytes = bytesFacts(utf8(text), options);
    const fromText = textFacts(text, options);
    return fromBytes === undefined || Object.keys(fromBytes).length !== keys.length || keys.some((key) => fromBytes[key] !== fromText[key]);
  });
};

/**
 * Texts around every needle of `catalog`: each spelled in a random mix of its cases, or with one
 * position dropped or turned into a look-alike (the Kelvin sign, `İ`, the dotless `ı`, the long `ſ`,
 * whose cases meet ASCII letters), between neighbours that decide a whole word or a split path.
 */
function fuzzTexts(catalog: Catalog, count: number, seed: number): string[] {
  const next = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const { retired, splitPaths } = catalog.prefilterNeedles;
  const specs: NeedleSpec[] = [...retired, ...requestCheckNeedleSpecs, ...splitPaths.flatMap(({ base, rest }) => [...base, ...rest])];
  const lookAlikes = ['\u212A', '\u0130', '\u0131', '\u017F', 'k', 'K', 'i', 'I', 's', 'S', 'é', '€', '😀', '\uFEFF'];
  const spell = (spec: NeedleSpec): string => {
    const broken = next() < 0.3 ? Math.floor(next() * spec.length) : -1;
    return spec.map((position, at) => (at !== broken ? pick(position) : next() < 0.5 ? '' : pick(lookAlikes))).join('');
  };
  const neighbours = ['', ' ', 'x', '_', '$', '1', '.', '\n', "'", '"', '`', '}', '${', '/', 'é', '😀', '\u0130', '\u212A'];
  const words = ['baseURL', 'prefixUrl', 'baseUrl', 'BASEURL', 'TODO(sunset:', 'TODO(Sunset:', 'TODO (sunset:', 'v1', 'V1/', 'campaigns', 'ReportingStats', 'GetUsersAsync', 'getUsers'];
  const texts: string[] = [];
  for (let made = 0; made < count; made++) {
    const parts: string[] = [];
    for (let part = 1 + Math.floor(next() * 8); part > 0; part--) {
      const kind = next();
      if (kind < 0.45) parts.push(spell(pick(specs)));
      else if (kind < 0.7) parts.push(pick(words));
      else parts.push(pick(neighbours));
    }
    texts.push(parts.join(''));
  }
  return texts;
}

/** Every source file under `fixtures/` (real-looking code in every hiding place the tests know). */
function fixtureTexts(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?|vue|svelte|astro|html)$/.test(entry.name))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

describe('bytesFacts', () => {
  it('says what the expressions say of the same text, on fuzzed texts around every needle', () => {
    const texts = fuzzTexts(builtinCatalog, 4000, 24);
    const options = analysisOptions();
    expect(mismatches(texts)).toEqual([]);
    // Each fact is true of some texts and false of others, so the comparison says something.
    for (const key of ['candidate', 'needle', 'restNeedle', 'clientSource'] as const) {
      const trueOf = texts.filter((text) => textFacts(text, options)[key]).length;
      expect(trueOf, key).toBeGreaterThan(texts.length * 0.02);
      expect(trueOf, key).toBeLessThan(texts.length * 0.98);
    }
  });

  it('says what the expressions say of every fixture file', () => {
    const texts = fixtureTexts();
    expect(texts.length).toBeGreaterThan(50);
    expect(mismatches(texts)).toEqual([]);
    expect(texts.filter((text) => textFacts(text, analysisOptions()).candidate).length).toBeGreaterThan(20);
  });

  it('reads a needle in any case, and the look-alikes the expressions take', () => {
    expect(facts("fetch('/V1/CaMpAiGnS')")).toStrictEqual({ candidate: true, needle: true, restNeedle: false, clientSource: false });
    expect(facts('client.getUsers()')).toStrictEqual({ candidate: false, needle: false, restNeedle: false, clientSource: false });
    expect(facts('client.GetUsersAsync()')).toStrictEqual({ candidate: true, needle: true, restNeedle: false, clientSource: false });
    // `İ` lowers to `i` plus a combining dot: it ends a needle, and only there.
    const candidates = ['params.redirect_ur\u0130 = x', 'const clientsecret = 1', 'const cl\u0130entsecret = 1', 'const client_\u017Fecret = 1', '// TODO(sunset:campaigns-legacy-get): later', '// TODO(Sunset:campaigns-legacy-get): later'];
    expect(candidates.map((text) => facts(text)?.candidate)).toEqual([true, true, false, false, true, false]);
  });

  it('takes a split path only when a base and a rest of the same first segment occur', () => {
    const split = "const api = axios.create({ baseURL: 'https://api.example.com/v1/' });\napi.get('/campaigns/' + id);";
    expect(facts(split)).toStrictEqual({ candidate: true, needle: false, restNeedle: true, clientSource: true });
    expect(facts("api.get('/campaigns/' + id);")).toStrictEqual({ candidate: false, needle: false, restNeedle: true, clientSource: false });
    // A base alone is no candidate, but a module that may offer it to a file whose path it completes (`clientSource`).
    expect(facts('const base = `${origin}/v1`;')).toStrictEqual({ candidate: false, needle: false, restNeedle: false, clientSource: true });
    expect(facts('const base = `${origin}/v2`;')).toStrictEqual({ candidate: false, needle: false, restNeedle: false, clientSource: false });
    expect(facts("const base = `${origin}/v1`; get('/campaignsx')")?.candidate).toBe(false);
  });

  it('counts a client base only as a whole word, as `\\b` does (ASCII letters, digits and `_`)', () => {
    // `baseUrl` is VueUse's `createFetch({ baseUrl })`; `BaseUrl` and `baseUrls` are no client's.
    const texts = ['axios.create({ baseURL })', 'baseURL', '$baseURL$', 'ébaseURLé', 'xbaseURL', 'baseURL_', 'baseURLs', 'baseUrl: x', 'BaseUrl: x', 'baseUrls', 'ky.extend({ prefixUrl: x })'];
    expect(texts.map((text) => facts(text)?.clientSource)).toEqual([true, true, true, true, false, false, false, true, false, false, true]);
  });

  it('passes every file when a cross-file hook may bring a retired path in', () => {
    expect(bytesFacts(utf8("fetch('/v1/orders')"), analysisOptions({ resolveIdentifier: () => undefined }))?.candidate).toBe(true);
  });

  it("reads a custom entry's needle beyond ASCII in bytes, as its expression reads it", () => {
    const catalog = createCatalog([{ id: 'strasse', retired: 'GET /v2/straße/{id}', gaEnds: '2025-01-01', supportEnds: '2025-06-01' }]);
    expect(facts("fetch('/V2/STRAßE/1')", catalog)?.needle).toBe(true);
    // `ß` upper-cases to `SS`: the expression's class takes an `S` in its place, and so does the automaton.
    expect(facts("fetch('/v2/straSe/1')", catalog)?.needle).toBe(true);
    expect(facts("fetch('/v2/strasse/1')", catalog)?.needle).toBe(false);
    expect(mismatches(fuzzTexts(catalog, 1500, 7), catalog)).toEqual([]);
  });

  it('reads a cased letter beyond the BMP as one character, in both cases', () => {
    const catalog = createCatalog([{ id: 'deseret', retired: 'GET /v3/\u{10400}x', gaEnds: '2025-01-01', supportEnds: '2025-06-01' }]);
    for (const text of ["fetch('/v3/\u{10428}x')", "fetch('/V3/\u{10400}X')"]) {
      expect(facts(text, catalog)?.needle, text).toBe(true);
      expect(textFacts(text, analysisOptions({ catalog })).needle, text).toBe(true);
    }
    expect(facts("fetch('/v3/\uD801x')", catalog)?.needle).toBe(false);
  });
});
