import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSource } from '@sunset/engine';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/transform.js';
import type { CodemodOptions } from '../src/types.js';

// fixtures/codemod/<topic>/<case>.input.<ext> beside <case>.output.<ext>, and optionally
// <case>.options.json with extra transform options. The outputs are written by hand.
const fixturesDir = fileURLToPath(new URL('../../../fixtures/codemod/', import.meta.url));
const fixtureFilePattern = /^(?<name>[a-z0-9-]+)\.(?:(?<role>input|output)\.(?<ext>js|jsx|mjs|cjs|ts|tsx|mts|cts)|options\.json)$/;
const defaultOptions: CodemodOptions = { asOf: '2026-11-21' };

interface FixtureCase {
  readonly id: string;
  readonly inputPath: string;
  readonly outputPath: string;
  readonly optionsPath: string;
}

function fixtureFiles(): string[] {
  return readdirSync(fixturesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(fixturesDir, join(entry.parentPath, entry.name)))
    .sort();
}

function discoverCases(): FixtureCase[] {
  return fixtureFiles().flatMap((file) => {
    const match = fixtureFilePattern.exec(file.split('/').at(-1) ?? '');
    if (match?.groups?.['role'] !== 'input') {
      return [];
    }
    const base = file.slice(0, file.length - `.input.${match.groups['ext']}`.length);
    return [
      {
        id: `${base}.${match.groups['ext']}`,
        inputPath: join(fixturesDir, file),
        outputPath: join(fixturesDir, `${base}.output.${match.groups['ext']}`),
        optionsPath: join(fixturesDir, `${base}.options.json`),
      },
    ];
  });
}

function optionsOf(fixture: FixtureCase): CodemodOptions {
  const extra = fixtureFiles().includes(relative(fixturesDir, fixture.optionsPath))
    ? (JSON.parse(readFileSync(fixture.optionsPath, 'utf8')) as CodemodOptions)
    : {};
  return { ...defaultOptions, ...extra };
}

const cases = discoverCases();

describe('codemod fixtures', () => {
  it('are laid out as <topic>/<case>.input.<ext> beside <case>.output.<ext> (and an optional <case>.options.json)', () => {
    const files = fixtureFiles();
    const misnamed = files.filter((file) => file.split('/').length !== 2 || !fixtureFilePattern.test(file.split('/')[1]!));
    const withoutPartner = files.filter((file) => {
      const partner = file.includes('.input.') ? file.replace('.input.', '.output.') : file.replace('.output.', '.input.');
      return !file.endsWith('.options.json') && !files.includes(partner);
    });
    const optionsWithoutCase = files.filter((file) => file.endsWith('.options.json') && !files.some((other) => other.startsWith(file.replace('.options.json', '.input.'))));

    expect({ misnamed, withoutPartner, optionsWithoutCase }).toEqual({ misnamed: [], withoutPartner: [], optionsWithoutCase: [] });
    expect(cases.length).toBe(58);
  });

  describe.each(cases)('$id', (fixture) => {
    const input = readFileSync(fixture.inputPath, 'utf8');
    const expected = readFileSync(fixture.outputPath, 'utf8');
    const options = optionsOf(fixture);

    it('produces exactly the hand-written output (nothing at all when the output equals the input)', () => {
      const result = transformSource(input, fixture.inputPath, options);

      expect(result.error).toBeUndefined();
      expect(result.output).toBe(expected === input ? undefined : expected);
    });

    it('changes nothing on a second run over the output', () => {
      const result = transformSource(expected, fixture.inputPath, options);

      expect(result.error).toBeUndefined();
      expect(result.output).toBeUndefined();
    });

    it('has an input and an output that parse with the parser of the file extension', () => {
      const problems = [parseSource(input, fixture.inputPath), parseSource(expected, fixture.outputPath)].map((parsed) => (parsed.ok ? undefined : parsed.error));
      expect(problems).toEqual([undefined, undefined]);
    });
  });
});
