import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { createPhaseProgress, isCi } from '../src/fix/progress.js';
import { captureIo, makeTree } from './helpers.js';

const projectApp = path.resolve(import.meta.dirname, '../../../fixtures/project-app');
const clear = '\r\u001b[2K';

/** A copy of fixtures/project-app (sources and tsconfig), so a run never touches the fixture. */
function projectAppCopy(): string {
  const root = makeTree({});
  cpSync(path.join(projectApp, 'src'), path.join(root, 'src'), { recursive: true });
  cpSync(path.join(projectApp, 'tsconfig.json'), path.join(root, 'tsconfig.json'));
  return root;
}

describe('createPhaseProgress', () => {
  it('draws each new phase at once and a counter within a phase at most every 100 ms, then clears and leaves the summary', () => {
    const writes: string[] = [];
    let time = 0;
    const progress = createPhaseProgress({ write: (text: string) => writes.push(text) }, true, () => time);
    progress.phase('selecting among 3 files');
    progress.phase('resolving across files: 1/3');
    time = 50;
    progress.phase('resolving across files: 2/3');
    time = 150;
    progress.phase('resolving across files: 3/3');
    progress.phase('following wrappers 3 levels deep');
    progress.done('2 files of 3 loaded into ts-morph.');
    expect(writes).toEqual([
      `${clear}sunset --project: selecting among 3 files`,
      `${clear}sunset --project: resolving across files: 1/3`,
      `${clear}sunset --project: resolving across files: 3/3`,
      `${clear}sunset --project: following wrappers 3 levels deep`,
      clear,
      'sunset --project: 2 files of 3 loaded into ts-morph.\n',
    ]);
  });

  it('writes nothing when it is not enabled', () => {
    const writes: string[] = [];
    const progress = createPhaseProgress({ write: (text: string) => writes.push(text) }, false);
    progress.phase('selecting among 3 files');
    progress.done('2 files of 3 loaded into ts-morph.');
    expect(writes).toEqual([]);
  });

  it('takes CI=true or CI=1 for a CI run, and an empty, false or 0 CI for none', () => {
    expect([{ CI: 'true' }, { CI: '1' }, { CI: '' }, { CI: 'false' }, { CI: '0' }, {}].map(isCi)).toEqual([true, true, false, false, false, false]);
  });
});

describe('sunset check --project on a terminal', () => {
  const argv = ['check', '--project', '--as-of', '2026-11-21', '--format', 'json', 'src'];

  it('shows the phases on stderr, one line redrawn, and leaves how many files were loaded', async () => {
    const io = captureIo(projectAppCopy(), { stderrIsTTY: true });
    expect(await main(argv, io)).toBe(1);
    // The test clock stands still, so a counter is drawn once per phase.
    expect(io.err().split(clear)).toEqual([
      '',
      'sunset --project: checking every file as sunset check does',
      'sunset --project: selecting among 11 files',
      'sunset --project: loading 11 files into ts-morph',
      'sunset --project: resolving across files: 1/11',
      'sunset --project: following wrappers 3 levels deep',
      'sunset --project: 11 files of 11 loaded into ts-morph.\n',
    ]);
  });

  it('writes no progress in CI or when stderr is not a terminal', async () => {
    const inCi = captureIo(projectAppCopy(), { stderrIsTTY: true, env: { CI: 'true' } });
    const piped = captureIo(projectAppCopy(), { stderrIsTTY: false });
    expect([await main(argv, inCi), inCi.err(), await main(argv, piped), piped.err()]).toEqual([1, '', 1, '']);
  });

  it('shows the phases of sunset fix --project --dry too', async () => {
    const io = captureIo(projectAppCopy(), { stderrIsTTY: true });
    expect(await main(['fix', '--project', '--dry', '--as-of', '2026-11-21', 'src'], io)).toBe(0);
    expect(io.err().split(clear)).toEqual([
      '',
      'sunset --project: fixing every file as sunset fix does',
      'sunset --project: selecting among 11 files',
      'sunset --project: loading 11 files into ts-morph',
      'sunset --project: resolving across files: 1/11',
      'sunset --project: following wrappers 3 levels deep',
      'sunset --project: 11 files of 11 loaded into ts-morph.\n',
    ]);
  });
});
