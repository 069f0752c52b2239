import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { checkerFailuresSentence, checkerGuard, type CheckerFailure } from '@sunset/project';

// The TypeScript checker can throw on code it reads without a default library (`--project` loads none):
// `Cannot read properties of undefined (reading 'escapedName')` in its contextual typing, met on a real
// Vue app. One such name must not end the run: it is read as without --project, and the faces say so.

describe('checkerGuard', () => {
  it('a name the checker throws on is read as without --project, and the failure is kept with its place', async () => {
    const failures: CheckerFailure[] = [];
    const guarded = checkerGuard(failures);
    const sourceFile = ts.createSourceFile('/w/src/a.ts', 'const a = 1;\nconst b = a;\n', ts.ScriptTarget.ES2022);
    expect(guarded(sourceFile, 19, () => 'value')).toBe('value');
    expect(guarded(sourceFile, 19, () => { throw new TypeError("Cannot read properties of undefined (reading 'escapedName')"); })).toBeUndefined();
    expect(failures).toEqual([{ file: '/w/src/a.ts', line: 2, column: 7, message: "Cannot read properties of undefined (reading 'escapedName')" }]);
    // The analysis' own limit is not the checker's failure: the engine reports the file as nested too deeply.
    expect(() => guarded(sourceFile, 0, () => { throw new RangeError('Maximum call stack size exceeded'); })).toThrow(RangeError);
    expect(failures).toHaveLength(1);
    expect(checkerFailuresSentence(failures, '/w')).toBe(
      "--project: the TypeScript checker threw on 1 name in 1 file; they were read as without --project (first: src/a.ts:2:7: Cannot read properties of undefined (reading 'escapedName')).",
    );
    failures.push({ ...failures[0]!, line: 1 }, { ...failures[0]!, file: '/w/src/b.ts' });
    expect(checkerFailuresSentence(failures, '/w')).toMatch(/^--project: the TypeScript checker threw on 3 names in 2 files; .* \(first: src\/a\.ts:2:7: /);
    expect(checkerFailuresSentence([], '/w')).toBeUndefined();
  });
});
