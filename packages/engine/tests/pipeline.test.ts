import path from 'node:path';
import { builtinCatalog } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';
import { checkFiles } from '../src/check/check-files.js';
import { checkContextOf, type CheckContext } from '../src/check/check-source.js';
import { workerOptionsOf, type CheckWorkerStream, type CheckWorkerTask } from '../src/check/check-workers.js';
import { checkCandidates, packCandidate, unpackCandidate, type Candidate, type PackedCandidate } from '../src/check/file-steps.js';
import { decodeSource } from '../src/files/read-source.js';
import { checkInPipeline, type StreamingWorker } from '../src/check/pipeline.js';
import { emptyResult, mergeInto, type ThreadResult } from '../src/check/thread-result.js';
import { minifiedMessage, tooDeeplyNestedMessage } from '../src/files/source-shape.js';
import { makeTree, sunsetOptions } from './helpers.js';

// The pipeline of a run checked in workers (check/pipeline.ts): this thread reads and prefilters, the
// workers check the candidates they are handed. Stand-in workers check in this thread a turn later, or
// die after some messages; every file must end in a result, or be one a dead worker was handed (the
// caller checks those again), with the findings the main thread alone gives.

const retired = (index: number): string => `export const list${index} = () => fetch('/v1/campaigns');\n`;
const tree: Record<string, string> = {};
for (let index = 0; index < 120; index += 1) {
  const name = `src/f${String(index).padStart(3, '0')}.ts`;
  tree[name] = index % 3 === 0 ? retired(index) : `export const value${index} = ${index};\n`;
}
tree['src/zz-large.ts'] = `${'export const padding = 1; // a candidate too large for a worker\n'.repeat(4500)}${retired(999)}`;
const root = makeTree(tree);
const files = Object.keys(tree)
  .sort()
  .map((file) => path.join(root, file));
const options = sunsetOptions();
const task: CheckWorkerTask = {
  kind: 'check',
  files,
  options: workerOptionsOf(options),
  limits: { maxFileSize: undefined, checkMinified: false, explicit: [], deferred: [] },
  gather: { crossFile: true, summaries: false },
  next: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
};

/** A worker checking in this thread what it is handed, a turn later; it dies when handed its message number `diesAt` (1-based). */
class StandInWorker implements StreamingWorker {
  readonly handed: number[] = [];
  /** What it was handed in the message it died at: never reported. */
  readonly lost: number[] = [];
  readonly #diesAt: number;
  #messages = 0;
  #dead = false;
  #context: CheckContext | undefined;
  #onBatch: (batch: ThreadResult | undefined) => void = () => undefined;
  #resolve: (result: ThreadResult) => void = () => undefined;
  readonly #result = emptyResult();

  readonly #delayMs: number;
  readonly #held: Promise<void> | undefined;

  /**
   * `delayMs`: it reports each message that long after it is handed it (0: a turn later). `held`: it
   * reports nothing before that promise settles (then a turn later), however long this thread takes
   * to read: a slow worker whose slowness does not depend on the machine's load.
   */
  constructor(diesAt = Number.POSITIVE_INFINITY, delayMs = 0, held?: Promise<void>) {
    this.#diesAt = diesAt;
    this.#delayMs = delayMs;
    this.#held = held;
  }

  stream(streamTask: CheckWorkerStream, onBatch: (batch: ThreadResult | undefined) => void): Promise<ThreadResult> {
    this.#context = checkContextOf({ ...streamTask.options, catalog: builtinCatalog });
    this.#onBatch = onBatch;
    return new Promise((resolve) => (this.#resolve = resolve));
  }

  send(candidates: readonly PackedCandidate[]): void {
    if (this.#dead) return;
    this.handed.push(...candidates.map((candidate) => candidate.index));
    this.#messages += 1;
    if (this.#messages >= this.#diesAt) {
      this.#dead = true;
      this.lost.push(...candidates.map((candidate) => candidate.index));
      setImmediate(() => {
        this.#onBatch(undefined);
        this.#resolve(this.#result);
      });
      return;
    }
    const later = (report: () => void): unknown =>
      this.#held !== undefined ? this.#held.then(() => setImmediate(report)) : this.#delayMs === 0 ? setImmediate(report) : setTimeout(report, this.#delayMs);
    this.#pending += 1;
    later(() => {
      const batch = checkCandidates(candidates.map(unpackCandidate), this.#context!);
      mergeInto(this.#result, batch);
      this.#onBatch(batch);
      this.#pending -= 1;
      if (this.#pending === 0) this.#ended?.();
    });
  }

  /** As a worker says `end` after the batches of every message it was handed. */
  endStream(): void {
    if (this.#dead) return;
    this.#ended = () => setImmediate(() => this.#resolve(this.#result));
    if (this.#pending === 0) this.#ended();
  }

  #pending = 0;
  #ended: (() => void) | undefined;
}

/** A promise and what settles it (`Promise.withResolvers`, which Node 20 lacks). */
function released(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

const findingsOf = (results: readonly ThreadResult[]): string[] =>
  results
    .flatMap((result) => result.files.flatMap((outcome) => outcome.findings))
    .map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.rule}`)
    .sort();

describe('checkInPipeline', () => {
  it('finishes every file once, with the findings of the main thread alone, the large candidate checked here', async () => {
    const alone = await checkFiles(['.'], { cwd: root, baseDir: root, options, crossFile: true });
    const workers = [new StandInWorker(), new StandInWorker()];

    const results = await checkInPipeline(workers, task, checkContextOf(options));

    const done = results.flatMap((result) => result.done).sort((a, b) => a - b);
    expect(done).toEqual(files.map((_file, index) => index));
    expect(findingsOf(results)).toEqual(alone.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.rule}`).sort());
    expect(findingsOf(results)).toHaveLength(41);
    // 41 candidates: the large one stays here, the others are shared by the two workers.
    const large = files.indexOf(path.join(root, 'src/zz-large.ts'));
    expect(results[0]!.files.find((outcome) => outcome.index === large)?.findings.map((finding) => finding.line)).toEqual([4501]);
    expect(workers.every((worker) => worker.handed.length > 0)).toBe(true);
    expect([...workers[0]!.handed, ...workers[1]!.handed].sort((a, b) => a - b)).toEqual(files.flatMap((_file, index) => (index % 3 === 0 && index < 120 ? [index] : [])));
  });

  it('leaves what a dying worker was handed unreported, for the caller, and gives the rest to the worker alive', async () => {
    const dying = new StandInWorker(2);
    const alive = new StandInWorker();

    const results = await checkInPipeline([dying, alive], task, checkContextOf(options));

    const done = new Set(results.flatMap((result) => result.done));
    expect(dying.lost).toHaveLength(8);
    expect(files.flatMap((_file, index) => (done.has(index) ? [] : [index]))).toEqual(dying.lost);
    expect(alive.handed.length + dying.handed.length).toBe(40);
  });

  it.each([
    ['the default budget', undefined],
    ['a budget of one candidate (it waits for a report after each)', 1],
  ])('reads on when the worker reported everything it held while this thread turned (more candidates than wait at most), with %s', async (_name, budget) => {
    const many = makeTree(Object.fromEntries(Array.from({ length: 400 }, (_unused, index) => [`src/r${String(index).padStart(3, '0')}.ts`, retired(index)])));
    const manyFiles = Array.from({ length: 400 }, (_unused, index) => path.join(many, `src/r${String(index).padStart(3, '0')}.ts`));
    const worker = new StandInWorker();

    const results = await checkInPipeline([worker], { ...task, files: manyFiles }, checkContextOf(options), budget === undefined ? {} : { waitingBytes: budget });

    expect(results.flatMap((result) => result.done).sort((a, b) => a - b)).toEqual(manyFiles.map((_file, index) => index));
    expect(worker.handed).toEqual(manyFiles.map((_file, index) => index));
    expect(findingsOf(results)).toHaveLength(400);
  });

  it('checks candidates here too once every file is read (checkHereOnceRead), from the end of the queue, each file once', async () => {
    const alone = await checkFiles(['.'], { cwd: root, baseDir: root, options, crossFile: true });
    // A slow worker: it reports nothing before every file is read, so candidates wait for it then. (With
    // a delay of 20 ms instead, a loaded machine's reading outlasted it: the worker had taken every
    // candidate by then and this thread checked none.)
    const everyFileRead = released();
    const worker = new StandInWorker(Number.POSITIVE_INFINITY, 0, everyFileRead.promise);

    const results = await checkInPipeline([worker], task, checkContextOf(options), { waitingBytes: 64 * 1024 * 1024, checkHereOnceRead: true, onRead: everyFileRead.resolve });

    const done = results.flatMap((result) => result.done).sort((a, b) => a - b);
    expect(done).toEqual(files.map((_file, index) => index));
    expect(findingsOf(results)).toEqual(alone.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.rule}`).sort());
    const retiredIndexes = files.flatMap((_file, index) => (index % 3 === 0 && index < 120 ? [index] : []));
    const checkedHere = results[0]!.files.filter((outcome) => outcome.candidate === true && retiredIndexes.includes(outcome.index)).map((outcome) => outcome.index);
    // The worker took the front of the queue (32 in flight), this thread its end: nothing twice, nothing left.
    expect(worker.handed.slice(0, 32)).toEqual(retiredIndexes.slice(0, 32));
    expect(checkedHere).toContain(retiredIndexes.at(-1));
    expect(checkedHere.filter((index) => worker.handed.includes(index))).toEqual([]);
    expect([...checkedHere, ...worker.handed].sort((a, b) => a - b)).toEqual(retiredIndexes);
  });

  it.each([true, false])('checks the last candidate here while its read-ahead budget is full when checkWhileWaiting is %s, each file once', async (checkWhileWaiting) => {
    const alone = await checkFiles(['.'], { cwd: root, baseDir: root, options, crossFile: true });
    // A slow worker and a budget of one candidate: this thread finds its budget full after each candidate it
    // reads. Checking while it waits, it never waits, so the worker holds its reports until every file is
    // read (a timed delay let a loaded machine's worker report, and take more, between two turns); not
    // checking, this thread waits for each report, 20 ms after each message.
    const everyFileRead = released();
    const worker = checkWhileWaiting ? new StandInWorker(Number.POSITIVE_INFINITY, 0, everyFileRead.promise) : new StandInWorker(Number.POSITIVE_INFINITY, 20);

    const results = await checkInPipeline([worker], task, checkContextOf(options), { waitingBytes: 1, checkWhileWaiting, onRead: everyFileRead.resolve });

    const done = results.flatMap((result) => result.done).sort((a, b) => a - b);
    expect(done).toEqual(files.map((_file, index) => index));
    expect(findingsOf(results)).toEqual(alone.findings.map((finding) => `${path.relative(root, finding.file)}:${finding.line}:${finding.column} ${finding.rule}`).sort());
    const retiredIndexes = files.flatMap((_file, index) => (index % 3 === 0 && index < 120 ? [index] : []));
    const checkedHere = results[0]!.files.filter((outcome) => outcome.candidate === true && retiredIndexes.includes(outcome.index)).map((outcome) => outcome.index);
    expect(checkedHere.filter((index) => worker.handed.includes(index))).toEqual([]);
    expect([...checkedHere, ...worker.handed].sort((a, b) => a - b)).toEqual(retiredIndexes);
    if (checkWhileWaiting) expect(checkedHere.length).toBeGreaterThan(5);
    else expect(checkedHere).toEqual([]);
  });

  it("judges a candidate's shape here: a minified or too deeply nested one is never handed to a worker, with the outcome a worker gave it before", async () => {
    const minifiedLine = `${'var a=1;'.repeat(600)}fetch('/v1/campaigns');`;
    const shapes = makeTree({
      'src/a-minified.js': minifiedLine,
      'src/b-deep.ts': `export const deep = ${'['.repeat(1001)}${']'.repeat(1001)};\nfetch('/v1/campaigns');\n`,
      'src/c-plain.ts': retired(0),
      // Minified, but its text holds no needle: not a candidate, so never measured.
      'src/d-minified-no-needle.js': 'var b=2;'.repeat(600),
    });
    const shapeFiles = ['src/a-minified.js', 'src/b-deep.ts', 'src/c-plain.ts', 'src/d-minified-no-needle.js'].map((file) => path.join(shapes, file));
    const worker = new StandInWorker();

    const results = await checkInPipeline([worker], { ...task, files: shapeFiles }, checkContextOf(options));

    expect(worker.handed).toEqual([2]);
    const outcomes = results.flatMap((result) => result.files).sort((a, b) => a.index - b.index);
    expect(outcomes.map((outcome) => [path.basename(outcome.file), outcome.skipped, outcome.error, outcome.candidate, outcome.findings.map((finding) => `${finding.line}:${finding.column} ${finding.rule}`)])).toEqual([
      ['a-minified.js', { file: shapeFiles[0], reason: 'minified', message: minifiedMessage }, undefined, undefined, []],
      ['b-deep.ts', undefined, { file: shapeFiles[1], message: tooDeeplyNestedMessage }, undefined, []],
      ['c-plain.ts', undefined, undefined, true, ['1:34 no-legacy-rest-path']],
    ]);
    expect(results.flatMap((result) => result.done).sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
  });

  it('checks here what no worker took when every worker died', async () => {
    const dying = new StandInWorker(1);

    const results = await checkInPipeline([dying], task, checkContextOf(options));

    const done = new Set(results.flatMap((result) => result.done));
    // Its first message: the first eight candidates.
    expect(dying.handed).toEqual([0, 3, 6, 9, 12, 15, 18, 21]);
    expect(files.flatMap((_file, index) => (done.has(index) ? [] : [index]))).toEqual(dying.lost);
    expect(findingsOf(results)).toHaveLength(41 - 8);
  });
});

describe('packCandidate', () => {
  const candidate = (text: string): Candidate => ({ index: 3, file: '/repo/src/a.ts', text, imports: { imports: ['./b'], reexports: [], needle: false } });

  it.each([
    ['UTF-8', (text: string) => Buffer.from(text)],
    ['UTF-8 with a BOM', (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ['UTF-16 LE', (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le')],
    ['UTF-16 BE', (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le').swap16()],
  ])('hands a worker the bytes read (%s), copied out of the scratch, and the worker gets back the very text', (_name, encode) => {
    const source = "fetch('/v1/campaigns'); // é 😀 \uD800\n";
    const bytes = encode(source);
    const text = decodeSource(bytes);
    if (!text.ok) throw new Error(text.message);
    const scratch = Buffer.alloc(bytes.length + 16);
    bytes.copy(scratch);

    const packed = packCandidate(candidate(text.text), scratch.subarray(0, bytes.length));
    scratch.fill(0); // the thread's next read

    expect(packed).toEqual({ index: 3, file: '/repo/src/a.ts', imports: { imports: ['./b'], reexports: [], needle: false }, bytes: new Uint8Array(bytes) });
    expect(packed.bytes.buffer.byteLength).toBe(bytes.length);
    expect(unpackCandidate(packed)).toEqual(candidate(text.text));
  });

  it('leaves out the facts a candidate does not have', () => {
    const packed = packCandidate({ index: 0, file: '/repo/a.ts', text: 'x' }, Buffer.from('x'));

    expect(Object.keys(packed)).toEqual(['index', 'file', 'bytes']);
    expect(unpackCandidate(packed)).toEqual({ index: 0, file: '/repo/a.ts', text: 'x' });
  });
});
