/**
 * Why a found file was not read: each is counted in the summary and listed in the JSON report. A
 * package.json that does not parse is read by no one (it is no config source) and listed so. A path
 * named on the command line inside a `node_modules` or `.git` folder is listed too (a folder walked
 * never enters one, silently).
 */
export type SkipReason = 'too-large' | 'minified' | 'unscanned-extension' | 'excluded-by-config' | 'invalid-package-json' | 'symbolic-link' | 'node-modules' | 'git-folder';

/** A file the run did not check or fix, why, and a sentence saying so. */
export interface SkippedFile {
  /** Absolute path. */
  readonly file: string;
  readonly reason: SkipReason;
  readonly message: string;
}

/**
 * Files not read, by reason. `unreadable` counts the files and folders that could not be read: those are
 * errors (in `errors`, not in the list of files not scanned), as `sunset check` counts them, and no output
 * counts them again as not scanned.
 */
export interface NotScannedCounts {
  readonly unreadable: number;
  readonly tooLarge: number;
  readonly minified: number;
  readonly unscannedExtension: number;
  readonly excludedByConfig: number;
  /** package.json files that do not parse (not read as a config; no source file left out). */
  readonly invalidPackageJson: number;
  /** Symbolic links that lead outside the scanned paths, or nowhere (not followed). */
  readonly symbolicLink: number;
  /** Paths named on the command line inside a `node_modules` folder (files or folders). */
  readonly nodeModules: number;
  /** Paths named on the command line inside a `.git` folder (files or folders). */
  readonly gitFolder: number;
}

/** Below this many characters a file is never called minified: a short one-liner is ordinary code. */
const minifiedMinLength = 4096;
/** Hand-written code averages 30–50 characters a line; bundles and minified files run to thousands. */
const minifiedAverageLine = 1000;

/**
 * True when the text looks minified or bundled: at least 4 KiB whose lines average 1,000 characters
 * or more. Counts line breaks until there are too many for that average (a 9 KB file of ordinary code
 * stops at its tenth line); nothing is allocated.
 */
export function looksMinified(text: string): boolean {
  if (text.length < minifiedMinLength) return false;
  const mostLines = text.length / minifiedAverageLine;
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1 && lines <= mostLines; index = text.indexOf('\n', index + 1)) lines += 1;
  return lines <= mostLines;
}

/**
 * The deepest nesting of brackets a file may have. The parser's native code crashes the process near
 * 20,000 levels and the analysis runs out of stack near 3,000; real code stays below 100.
 */
export const maxNestingDepth = 1000;

/**
 * True when brackets (`(`, `[`, `{`) nest deeper than `maxNestingDepth` anywhere in the text. It counts
 * every bracket, also in strings and comments: a cheap over-estimate that only real depth can reach.
 */
export function nestsTooDeeply(text: string): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x28 || code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxNestingDepth) return true;
    } else if ((code === 0x29 || code === 0x5d || code === 0x7d) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}

/** The one message `check` and `fix` give for a file too deeply nested to analyse (by the bracket count or a stack overflow). */
/** Digits grouped by commas, as `toLocaleString('en-US')` writes a whole number: without `Intl`, whose first use at import cost every thread 20-25 ms. */
const grouped = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export const tooDeeplyNestedMessage = `Could not analyse the file: it is nested too deeply (more than ${grouped(maxNestingDepth)} levels of brackets, or an expression chain too long for the analysis); it was left as it is.`;

/** A stack overflow in the parser's tree or the analysis: JavaScript's RangeError "Maximum call stack size exceeded". */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack|stack space/i.test(error.message);
}

export function tooLargeMessage(size: number, maxFileSize: number): string {
  return `Not scanned: ${size.toLocaleString('en-US')} bytes, larger than the maxFileSize of ${maxFileSize.toLocaleString('en-US')} bytes. Raise maxFileSize in sunset.config.json, or name the file on the command line.`;
}

export const minifiedMessage =
  'Not scanned: it looks minified (lines of 1,000+ characters on average). Set checkMinified in sunset.config.json, or name the file on the command line.';

export function unscannedExtensionMessage(extension: string): string {
  return `Not scanned: ${extension} files are not read yet; only .js .jsx .mjs .cjs .ts .tsx .mts .cts files are.`;
}

export function outsideLinkMessage(target: string): string {
  return `Not scanned: a symbolic link to ${target}, outside the scanned paths. Name that path on the command line to check it.`;
}

export function brokenLinkMessage(reason: string): string {
  return `Not scanned: a symbolic link whose target cannot be reached: ${reason}.`;
}

export const excludedByConfigMessage = "Not scanned: excluded by the config's ignores.";

/** A path named on the command line that is not scanned because of where it lies (`node-modules`, `git-folder`): human output lists these apart from files. */
export function isNamedPathReason(reason: string): boolean {
  return reason === 'node-modules' || reason === 'git-folder';
}

export const nodeModulesMessage =
  'Not scanned: it is inside node_modules (installed dependencies), which sunset never scans or changes, even when named. Migrate a dependency in its own repository.';

export const gitFolderMessage = "Not scanned: it is inside .git (git's own data), which sunset never scans or changes, even when named.";

/** The counts of several runs (one per config) added up. */
export function addNotScanned(counts: readonly NotScannedCounts[]): NotScannedCounts {
  const total = { unreadable: 0, tooLarge: 0, minified: 0, unscannedExtension: 0, excludedByConfig: 0, invalidPackageJson: 0, symbolicLink: 0, nodeModules: 0, gitFolder: 0 };
  for (const count of counts) for (const key of Object.keys(total) as (keyof NotScannedCounts)[]) total[key] += count[key];
  return total;
}

export function countNotScanned(skipped: readonly SkippedFile[], unreadable: number): NotScannedCounts {
  const count = (reason: SkipReason): number => skipped.filter((file) => file.reason === reason).length;
  return {
    unreadable,
    tooLarge: count('too-large'),
    minified: count('minified'),
    unscannedExtension: count('unscanned-extension'),
    excludedByConfig: count('excluded-by-config'),
    invalidPackageJson: count('invalid-package-json'),
    symbolicLink: count('symbolic-link'),
    nodeModules: count('node-modules'),
    gitFolder: count('git-folder'),
  };
}
