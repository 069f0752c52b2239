import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wrapperDepth } from '@sunset/project';
import { repoRoot } from './support/legacy-app.js';

// Issue 12's proof in docs/project-mode.md: the three modes compared on fixtures/project-app. The counts
// come from expected-findings.json (the lists test/project-app.test.ts and test/cli-project.test.ts
// hold each mode to), so the table cannot drift from what the modes find.

const readme = readFileSync(path.join(repoRoot, 'docs/project-mode.md'), 'utf8');
const projectReadme = readFileSync(path.join(repoRoot, 'packages/project/README.md'), 'utf8');
const expected = JSON.parse(readFileSync(path.join(repoRoot, 'fixtures/project-app/expected-findings.json'), 'utf8')) as Record<'syntax' | 'default' | 'project', string[]>;
const modes = ['syntax', 'default', 'project'] as const;

/** A finding at a use in another file: found through a declaration (`<-`) or a wrapper (`via`). */
const throughAnotherFile = (line: string): boolean => line.includes(' <- ') || line.includes(' via ');

/** The numbers of a row of the modes table, by its first cell. */
function tableRow(label: string): number[] | undefined {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^\\| ${escaped} \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|$`, 'm').exec(readme);
  return match === null ? undefined : match.slice(1).map(Number);
}

describe('docs/project-mode.md: the three modes on fixtures/project-app', () => {
  it('gives the findings of each mode as expected-findings.json lists them', () => {
    expect(tableRow('findings')).toEqual(modes.map((mode) => expected[mode].length));
  });

  it('splits them into findings at the declaration and at a use in another file', () => {
    expect([tableRow('at the declaration (where the path is written)'), tableRow('at a use in another file (through a constant or a wrapper)')]).toEqual([
      modes.map((mode) => expected[mode].filter((line) => !throughAnotherFile(line)).length),
      modes.map((mode) => expected[mode].filter(throughAnotherFile).length),
    ]);
  });

  it('says how deep wrappers are followed, as the code does', () => {
    const said = [readme, projectReadme].map((text) => /follow(?:s|ed)? (?:up to )?\*\*(\d+) levels\*\*/.exec(text)?.[1]);
    expect(said).toEqual([String(wrapperDepth), String(wrapperDepth)]);
  });

  it('no longer says --project is not wired into the CLI', () => {
    expect([readme, projectReadme].map((text) => /not wired/i.test(text))).toEqual([false, false]);
  });
});
