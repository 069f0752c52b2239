import { statSync } from 'node:fs';
import type { Catalog } from '@sunset/rule-data';
import { mayOfferPathBase, moduleTextFacts, type FileIndex, type TextFacts } from '../analysis-contract.js';
import { decodeSource, isUtf8Source, readBytes } from '../files/read-source.js';
import { isStackOverflow, looksMinified, minifiedMessage, nestsTooDeeply, tooDeeplyNestedMessage, tooLargeMessage } from '../files/source-shape.js';
import type { ModuleFacts } from '../module-graph/build-module-graph.js';
import { mergeModuleExports, readModuleExports, retiredExports, type ModuleExports } from '../module-graph/exported-values.js';
import { scanModuleReferences, scanModuleReferencesIn, type ModuleReferences } from '../module-graph/scan-imports.js';
import type { LineIndex } from '../parse/lines.js';
import { checkCandidateSteps, type CheckContext } from './check-source.js';
import { workerMaxFileBytes } from './check-workers.js';
import { excerptOf } from './excerpts.js';
import { drain, type Steps } from './steps.js';
import { emptyResult, encodeReferences, encodeSummary, type FileOutcome, type Gather, type ThreadResult, type UncheckedModule } from './thread-result.js';
import type { PhaseTimings } from './timings.js';

// One file's way through `checkFiles`: read, prefilter (with what the module graph and `--project`
// need of every file read), then, for a candidate, parse, index and check. The two halves are apart so
// the main thread can read and prefilter while a worker checks the candidates it hands over.

/** What decides whether a file is read: the size limit, minified detection, and the files named on the command line (exempt from both). */
export interface ReadLimits {
  /** Bytes; undefined: no limit. */
  readonly maxFileSize: number | undefined;
  readonly checkMinified: boolean;
  /** Indexes (into the run's files) of the files named on the command line. */
  readonly explicit: readonly number[];
  /** Indexes of the very large files, which the first pass leaves to `checkLargeFiles` (each in a worker of its own). */
  readonly deferred?: readonly number[];
}

/** The limits of a file named on the command line: read whatever its size, checked even when minified. */
export const exempt: ReadLimits = { maxFileSize: undefined, checkMinified: true, explicit: [], deferred: [] };
const noReferences = { imports: [], reexports: [] } as const;

/** `readAndCheckSteps` of a file a worker leaves to the main thread. */
export const leftToMain = Symbol('left to the main thread');

/**
 * A file that passed the prefilter and whose shape was judged (neither minified nor nested too deeply),
 * as plain data (what the main thread hands a worker): its text and what the module graph needs of it once checked.
 */
export interface Candidate {
  readonly index: number;
  readonly file: string;
  readonly text: string;
  /** Its facts when it may offer other files a value (a needle, a client with a base): its exports are read from the index the check builds. */
  readonly offers?: ModuleFacts;
  /** Its facts otherwise, or when it is not parsed: set when it imports by relative path or may make a client. */
  readonly imports?: ModuleFacts;
}

/**
 * A candidate as a worker is handed it: the bytes it was read from instead of its text. They are its
 * own (copied out of the reading thread's scratch) and transferred, not copied, with the message: the
 * reading thread can keep many waiting for a worker without its heap holding their texts (strings that
 * wait outlive scavenges and end as garbage in its old generation: 2,048 waiting took Node 24's peak RSS
 * at 50k from 275 to 325 MB). The worker decodes them as `readSource` did (`unpackCandidate`).
 */
export interface PackedCandidate extends Omit<Candidate, 'text'> {
  readonly bytes: Uint8Array;
}

/** `candidate` with a copy of `bytes` (what its text was decoded from, in a buffer that is read into again) in place of its text. */
export function packCandidate(candidate: Candidate, bytes: Uint8Array): PackedCandidate {
  const { index, file, offers, imports } = candidate;
  return { index, file, ...(offers === undefined ? {} : { offers }), ...(imports === undefined ? {} : { imports }), bytes: new Uint8Array(bytes) };
}

/** The candidate a `PackedCandidate` was made from: its bytes decoded as `readSource` decoded them. */
export function unpackCandidate(packed: PackedCandidate): Candidate {
  const { bytes, ...rest } = packed;
  const decoded = decodeSource(bytes);
  // They were decoded once already, by the thread that read them.
  if (!decoded.ok) throw new Error(`${packed.file}: ${decoded.message}`);
  return { ...rest, text: decoded.text };
}

/**
 * A file's outcome once read and prefiltered: final (not a candidate, unreadable, too large), or a
 * candidate to check, with the bytes it was read from (valid until the thread's next read into its scratch).
 */
export type Prefiltered = { readonly outcome: FileOutcome | UncheckedModule | undefined } | { readonly candidate: Candidate; readonly bytes?: Uint8Array };

/** Adds a file's outcome to `result`: an outcome of its own, or one line of references for the module graph. */
export function record(result: ThreadResult, index: number, outcome: FileOutcome | UncheckedModule | undefined): void {
  if (outcome === undefined) return;
  if ('imports' in outcome) result.references += encodeReferences(index, outcome);
  else (result.files as FileOutcome[]).push(outcome);
}

/** The buffer a thread reads files into (`readSource`'s scratch): a file as large as a worker takes fits. */
export function readBuffer(): Buffer {
  return Buffer.allocUnsafe(workerMaxFileBytes + 1);
}

export function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // unreadable: the read reports it
  }
}

/**
 * Reads and prefilters one file (`prefilterText`); `leftToMain` when a worker (`leaveLarger`) leaves a file
 * larger than its `scratch` to the main thread. A UTF-8 file is tested in its bytes (`prefilterBytes`):
 * only a candidate is decoded.
 */
export function readAndPrefilter(
  file: string,
  index: number,
  context: CheckContext,
  limits: ReadLimits,
  gather: Gather,
  result: ThreadResult,
  scratch?: Buffer,
  leaveLarger = false,
): Prefiltered | typeof leftToMain {
  const started = performance.now();
  const read = readBytes(file, limits.maxFileSize ?? Number.POSITIVE_INFINITY, scratch, leaveLarger && scratch !== undefined);
  result.timings.read += performance.now() - started;
  if (read === undefined) return leftToMain;
  if (read.kind === 'error') return unreadable(index, file, read.message);
  if (read.kind === 'too-large') {
    return { outcome: { index, file, findings: [], skipped: { file, reason: 'too-large', message: tooLargeMessage(read.size, limits.maxFileSize!) } } };
  }
  const { bytes } = read;
  let prefiltered = context.core.bytesFacts !== undefined && isUtf8Source(bytes) ? prefilterBytes(bytes, file, index, context, limits, gather, result) : undefined;
  if (prefiltered === undefined) {
    const decoding = performance.now();
    const decoded = decodeSource(bytes);
    result.timings.read += performance.now() - decoding;
    if (!decoded.ok) return unreadable(index, file, decoded.message);
    prefiltered = prefilterText(decoded.text, file, index, context, limits, gather, result);
  }
  return 'candidate' in prefiltered ? { candidate: prefiltered.candidate, bytes } : prefiltered;
}

function unreadable(index: number, file: string, message: string): Prefiltered {
  return { outcome: { index, file, findings: [], error: { file, message }, unreadable: true } };
}

/**
 * `prefilterText` of a UTF-8 file's bytes (`bytesFacts`: one pass of a byte automaton), its relative
 * specifiers read from them too: a file that is no candidate is not decoded (`--project`'s summary
 * reads its bytes as Latin-1). Undefined when the catalog's needles cannot be tested in bytes.
 */
function prefilterBytes(bytes: Buffer, file: string, index: number, context: CheckContext, limits: ReadLimits, gather: Gather, result: ThreadResult): Prefiltered | undefined {
  const started = performance.now();
  const facts = context.core.bytesFacts!(bytes, context.analysisOptions);
  if (facts === undefined) return undefined;
  const references = gather.crossFile ? scanModuleReferencesIn(bytes, gather.aliasPrefixes) : noReferences;
  const text = facts.candidate ? bytes.toString('utf8') : undefined;
  // `--project`'s module summary reads every file's specifiers and exports: in the bytes read as Latin-1 (cheaper, a byte a character) when the text is not at hand.
  if (gather.summaries) result.summaries += encodeSummary(index, facts.candidate && facts.needle, text ?? bytes.toString('latin1'), gather.basePattern, text === undefined);
  result.timings.prefilter += performance.now() - started;
  return prefilteredOf(text, facts, references, file, index, limits, gather, context.analysisOptions.catalog);
}

/**
 * The prefilter of a file's text, and what the module graph needs of every file (`gather.crossFile`):
 * its relative specifiers (a scan by `indexOf`), whether it holds a needle or may make a client with a
 * base; and its module summary (`gather.summaries`, into `result`).
 */
export function prefilterText(text: string, file: string, index: number, context: CheckContext, limits: ReadLimits, gather: Gather, result: ThreadResult): Prefiltered {
  const started = performance.now();
  const candidate = context.core.mightNeedAnalysis(text, context.analysisOptions);
  const references = gather.crossFile ? scanModuleReferences(text, gather.aliasPrefixes) : noReferences;
  const textFacts = gather.crossFile ? moduleTextFacts(text, context.analysisOptions) : undefined;
  // Only a candidate can hold a needle (the prefilter looks for the needles, among others).
  const needle = candidate && (gather.crossFile || gather.summaries) && context.analysisOptions.catalog.needlePattern.test(text);
  if (gather.summaries) result.summaries += encodeSummary(index, needle, text, gather.basePattern);
  result.timings.prefilter += performance.now() - started;
  const facts = { candidate, needle, restNeedle: textFacts?.restNeedle === true, clientSource: textFacts?.clientSource === true };
  return prefilteredOf(candidate ? text : undefined, facts, references, file, index, limits, gather, context.analysisOptions.catalog);
}

/** A file's outcome from its prefilter's facts: `text` is its text when it is a candidate. */
function prefilteredOf(text: string | undefined, facts: TextFacts, references: ModuleReferences, file: string, index: number, limits: ReadLimits, gather: Gather, catalog: Catalog): Prefiltered {
  const moduleFacts = gather.crossFile ? { clientSource: facts.clientSource, restNeedle: facts.restNeedle } : undefined;
  const clientSource = moduleFacts?.clientSource === true;
  const imports = references.imports.length === 0 && !clientSource ? undefined : { needle: false, ...references, ...moduleFacts };
  if (text === undefined) return { outcome: imports === undefined ? undefined : { ...references, ...moduleFacts } };
  // The shape of a candidate is judged here, where a run checked in workers has time to spare, not by the thread that parses it.
  const shape = shapeOutcomeOf(text, file, index, limits.checkMinified);
  if (shape !== undefined) return { outcome: imports === undefined ? shape : { ...shape, module: imports } };
  const moduleNeedle = gather.crossFile && facts.needle;
  // A candidate that only names origins (most files with a URL in them) has its exports read by the graph, and only when a file whose paths it may complete imports it.
  const offers = moduleNeedle || (clientSource && mayOfferPathBase(text, catalog)) ? { needle: moduleNeedle, ...references, ...moduleFacts } : undefined;
  return { candidate: { index, file, text, ...(offers === undefined ? {} : { offers }), ...(imports === undefined ? {} : { imports }) } };
}

/** Parses, indexes and checks a candidate (its shape was judged by `prefilterText`); a file that offers values gets its exports read from the index. */
export function* checkCandidateFileSteps(candidate: Candidate, context: CheckContext, timings: PhaseTimings): Steps<FileOutcome> {
  const { file, offers } = candidate;
  let exports: ModuleExports | undefined;
  const outcome = yield* checkShapedTextSteps(
    candidate.text,
    file,
    candidate.index,
    context,
    timings,
    offers ? (fileIndex, lines) => (exports = mergeModuleExports(exports, retiredExports(readModuleExports(file, fileIndex, lines), context.analysisOptions.catalog))) : undefined,
  );
  // A file that was not parsed (minified, a syntax error) offers no value to other files.
  const module = offers !== undefined && outcome.candidate === true && outcome.error === undefined ? { ...offers, ...(exports === undefined ? {} : { exports }) } : candidate.imports;
  return module === undefined ? outcome : { ...outcome, module };
}

/** Checks candidates another thread read and prefiltered (`checkInPipeline`): their outcomes, as one batch. */
export function checkCandidates(candidates: readonly Candidate[], context: CheckContext): ThreadResult {
  const batch = emptyResult();
  for (const candidate of candidates) {
    const outcome = drain(checkCandidateFileSteps(candidate, context, batch.timings));
    (batch.done as number[]).push(candidate.index);
    record(batch, candidate.index, outcome);
  }
  return batch;
}

/**
 * Reads, prefilters and checks one file; also gives, as plain data, what the module graph needs of it
 * (`prefilterText`), with such a file's exports read from the index the check built. `leftToMain` when a
 * worker leaves the file to the main thread.
 */
export function* readAndCheckSteps(
  file: string,
  index: number,
  context: CheckContext,
  limits: ReadLimits,
  gather: Gather,
  result: ThreadResult,
  scratch?: Buffer,
  leaveLarger = false,
): Steps<FileOutcome | UncheckedModule | typeof leftToMain | undefined> {
  const prefiltered = readAndPrefilter(file, index, context, limits, gather, result, scratch, leaveLarger);
  if (prefiltered === leftToMain) return leftToMain;
  if ('outcome' in prefiltered) return prefiltered.outcome;
  return yield* checkCandidateFileSteps(prefiltered.candidate, context, result.timings);
}

/** Checks a file's text (the prefilter passed): minified and deeply nested files are left out, as candidates are. */
export function* checkTextSteps(
  text: string,
  file: string,
  index: number,
  context: CheckContext,
  checkMinified: boolean,
  timings: PhaseTimings,
  onIndexed?: (fileIndex: FileIndex, lines: LineIndex) => void,
): Steps<FileOutcome> {
  return shapeOutcomeOf(text, file, index, checkMinified) ?? (yield* checkShapedTextSteps(text, file, index, context, timings, onIndexed));
}

/**
 * The outcome of a candidate left out for its shape: minified (unless `checkMinified`) or nested too
 * deeply; undefined for any other. Only candidates are measured: a minified file without a needle
 * cannot hold a finding anyway.
 */
export function shapeOutcomeOf(text: string, file: string, index: number, checkMinified: boolean): FileOutcome | undefined {
  if (!checkMinified && looksMinified(text)) return { index, file, findings: [], skipped: { file, reason: 'minified', message: minifiedMessage } };
  if (nestsTooDeeply(text)) return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  return undefined;
}

/** `checkTextSteps` of a text whose shape was judged already (`shapeOutcomeOf`). */
function* checkShapedTextSteps(
  text: string,
  file: string,
  index: number,
  context: CheckContext,
  timings: PhaseTimings,
  onIndexed?: (fileIndex: FileIndex, lines: LineIndex) => void,
): Steps<FileOutcome> {
  let result;
  try {
    result = yield* checkCandidateSteps(text, file, context, timings, onIndexed);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return { index, file, findings: [], error: { file, message: tooDeeplyNestedMessage } };
  }
  const excerpt = result.findings.length === 0 ? {} : { excerpt: excerptOf(text, result.findings.map((finding) => finding.line)) };
  const notes = result.notes === undefined ? {} : { notes: result.notes };
  return { index, file, findings: result.findings, ...(result.error === undefined ? {} : { error: result.error }), ...notes, candidate: true, ...excerpt };
}
