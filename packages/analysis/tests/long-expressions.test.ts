import { describe, expect, it } from 'vitest';
import { analyze } from './harness.js';
import { lineColumn } from './parsers.js';

// Generated code (SQL, HTML or message strings, older bundles) joins thousands of strings with `+`: a
// left-deep chain as deep as it is long. The scope walk and the evaluation recursed once a term and ran
// out of stack near 2,000 terms, so the whole file went unchecked ("nested too deeply") and a retired
// request elsewhere in it was lost. Both walk the chain in a loop now.

/** `'x' + '/seg0' + … ` with `terms` terms after the first. */
const chain = (first: string, terms: number): string => [first, ...Array.from({ length: terms }, (_, index) => `'/seg${index}'`)].join(' + ');
/** Each finding's line:column (0-based column), rule, the first 50 characters it spans and whether it comes with a fix. */
const summary = (code: string, findings: ReturnType<typeof analyze>): string[] =>
  findings.map((finding) => {
    const { line, column } = lineColumn(code, finding.range[0]);
    return `${line}:${column} ${finding.rule} ${code.slice(finding.range[0], Math.min(finding.range[1], finding.range[0] + 50))}${finding.fix === undefined ? '' : ' (fix)'}`;
  });

describe('a string concatenation of thousands of terms', () => {
  it('leaves the rest of the file checked: a retired request after it is the one finding', () => {
    const code = `const BASE = 'https://api.adform.com';\nexport const u = ${chain("'x'", 5000)};\nfetch(BASE + '/v1/campaigns/dictionaries/managers');\n`;
    expect(summary(code, analyze('oxc', 'case.ts', code))).toEqual(["3:6 no-legacy-rest-path BASE + '/v1/campaigns/dictionaries/managers' (fix)"]);
  });

  it('is evaluated term by term when a request sends it', () => {
    const code = `const BASE = 'https://api.adform.com';\nfetch(BASE + '/v1/campaigns/dictionaries/managers' + ${Array.from({ length: 5000 }, () => "''").join(' + ')});\n`;
    expect(summary(code, analyze('oxc', 'case.ts', code))).toEqual(["2:6 no-legacy-rest-path BASE + '/v1/campaigns/dictionaries/managers' + ''  (fix)"]);
  });

  it('gives what ESLint gives where its parser can read the file (espree reads 1,000 terms, not 5,000)', () => {
    const code = `const BASE = 'https://api.adform.com';\nexport const u = ${chain("'x'", 1000)};\nfetch(BASE + '/v1/campaigns/dictionaries/managers');\n`;
    const findings = summary(code, analyze('oxc', 'case.js', code));
    expect(findings).toEqual(["3:6 no-legacy-rest-path BASE + '/v1/campaigns/dictionaries/managers' (fix)"]);
    expect(summary(code, analyze('espree', 'case.js', code))).toEqual(findings);
  });
});
