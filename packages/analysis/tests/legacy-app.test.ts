import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeFile, type Finding } from '@sunset/analysis';
import fg from 'fast-glob';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { analysisOptions, lineColumn, parseWith } from './parsers.js';

// The whole pipeline's acceptance list: every file of fixtures/legacy-app parsed with oxc-parser and
// analysed with the recommended rules at the fixtures' day gives exactly the checked-in findings,
// with the plugin's messages (no-sunset-todo markers are the lint test's business, as before).

const appDir = fileURLToPath(new URL('../../../fixtures/legacy-app/', import.meta.url));

type Listed =
  | { file: string; line: number; column: number; rule: string; entry: string; retired: string; fix: 'rewrite' | 'todo' }
  | { file: string; line: number; column: number; rule: string; message: string };

const byPosition = (a: Listed, b: Listed): number =>
  a.file.localeCompare(b.file) ||
  a.line - b.line ||
  a.column - b.column ||
  ('entry' in a ? a.entry : '').localeCompare('entry' in b ? b.entry : '') ||
  a.rule.localeCompare(b.rule) ||
  ('message' in a ? a.message : '').localeCompare('message' in b ? b.message : '');

function sourceFiles(): string[] {
  const gitignore = ignore().add(readFileSync(path.join(appDir, '.gitignore'), 'utf8'));
  return gitignore.filter(fg.sync('**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}', { cwd: appDir, ignore: ['**/node_modules/**'], dot: true })).sort();
}

function listed(file: string, text: string, finding: Finding): Listed {
  const { line, column } = lineColumn(text, finding.range[0]);
  const position = { file, line, column: column + 1, rule: `sunset/${finding.rule}` };
  const facts = finding.retirement;
  return facts ? { ...position, entry: facts.entry.id, retired: facts.retiredKey, fix: facts.migration } : { ...position, message: finding.message };
}

const findings = sourceFiles().flatMap((file) => {
  const text = readFileSync(path.join(appDir, file), 'utf8');
  return analyzeFile(parseWith('oxc', text, file), analysisOptions({ asOf: '2026-11-21' }))
    .filter((finding) => finding.rule !== 'no-sunset-todo')
    .map((finding) => ({ file, text, finding }));
});
const expected = (JSON.parse(readFileSync(path.join(appDir, 'expected-findings.json'), 'utf8')) as Listed[]).sort(byPosition);

describe('the legacy app analysed with oxc-parser and the recommended rules', () => {
  it('gives exactly the expected findings, with the plugin\'s messages', () => {
    expect(findings.map(({ file, text, finding }) => listed(file, text, finding)).sort(byPosition)).toEqual(expected);
  });

  it('gives every finding its message from the rule\'s template', () => {
    for (const { finding } of findings) expect(finding.message).not.toMatch(/\{\{/);
  });

  it('reports nothing in the negative files', () => {
    expect(findings.filter(({ file }) => file.startsWith('src/negatives/'))).toEqual([]);
  });
});

describe('the hand-built SOAP requests of the legacy app', () => {
  it('are one finding each, at the operation name in the envelope, with the header or action string related', () => {
    const soap = findings
      .filter(({ file }) => file === 'src/soap/envelopes.ts')
      .map(({ text, finding }) => ({
        at: lineColumn(text, finding.range[0]),
        name: text.slice(finding.range[0], finding.range[1]),
        related: finding.related.map((related) => ({ at: lineColumn(text, related.range[0]), message: related.message })),
      }));
    expect(soap).toEqual([
      { at: { line: 26, column: 5 }, name: 'GetAdvertisers', related: [{ at: { line: 38, column: 18 }, message: "the same SOAP request's SOAPAction header" }] },
      { at: { line: 52, column: 93 }, name: 'GetCampaigns', related: [{ at: { line: 56, column: 18 }, message: "the same SOAP request's SOAPAction header" }] },
      { at: { line: 68, column: 9 }, name: 'GetCampaignCategories', related: [{ at: { line: 12, column: 30 }, message: "the same SOAP request's SOAPAction header" }] },
      { at: { line: 87, column: 5 }, name: 'UpdateCampaign', related: [{ at: { line: 94, column: 22 }, message: "the same SOAP request's action string" }] },
    ]);
  });
});
