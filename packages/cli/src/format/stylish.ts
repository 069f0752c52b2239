import { describeNotScanned, isNamedPathReason, printablePath } from '@sunset/engine';
import { Chalk, type ChalkInstance } from 'chalk';
import stringWidth from 'string-width';
import { builtinApiId, crossFileMessageName, describeSchedule, isUnlistedLocalHost, localHostKind, type RetirementEntry } from '@sunset/rule-data';
import { failingSentence, isFailing } from '../check/threshold.js';
import type { CheckReport, Finding } from '../check/types.js';
import { plural } from '../text.js';
import { describeRelatedPlace, relatedElsewhere, rewrittenElsewhere } from './related.js';
import type { FormatContext, Formatter } from './types.js';

/**
 * The default, for people: findings grouped by file, each with a code frame and a caret, its phase
 * and date, and what to use instead; then the files that could not be checked, the package.json files
 * that do not parse (warnings), and one summary line.
 */
export const formatStylish: Formatter = (report, context) => {
  const paint = new Chalk({ level: context.color ? 1 : 0 });
  const blocks: string[] = [];
  for (const [file, findings] of groupByFile(report.findings)) {
    const lines = [paint.underline(printablePath(file))];
    for (const finding of findings) lines.push(...describeFinding(finding, context, paint), '');
    blocks.push(lines.join('\n'));
  }
  const unresolved = report.unresolvedMethod ?? [];
  if (unresolved.length > 0) {
    const lines = [paint.underline('Not reported: the method is not said, and the path has a method that stays available')];
    for (const site of unresolved) {
      lines.push(`  ${site.file}:${site.line}:${site.column}  ${site.path} ${paint.dim(`(retired: ${site.retiredMethods.join(', ')}; available: ${site.liveMethods.join(', ') || 'one not yet retired'})`)}`);
    }
    blocks.push(`${lines.join('\n')}\n`);
  }
  if (report.errors.length > 0) {
    const lines = [paint.underline('Files that could not be checked')];
    for (const error of report.errors) {
      const shown = printablePath(error.file);
      lines.push(`  ${error.line === undefined ? shown : `${shown}:${error.line}`}  ${paint.red(error.message)}`);
    }
    blocks.push(`${lines.join('\n')}\n`);
  }
  // Every broken package.json is named: it could have been a config, so the run may not be the one meant.
  const configProblems = report.notScanned.filter((file) => file.reason === 'invalid-package-json');
  if (configProblems.length > 0) {
    const lines = [paint.underline('Config files not read')];
    for (const problem of configProblems) lines.push(`  ${problem.file}  ${paint.yellow('warning')}  ${problem.message}`);
    blocks.push(`${lines.join('\n')}\n`);
  }
  // A path named on the command line that is not scanned (in node_modules or .git): the run is not the one meant.
  const namedPaths = report.notScanned.filter((file) => isNamedPathReason(file.reason));
  if (namedPaths.length > 0) {
    const lines = [paint.underline('Named paths not scanned')];
    for (const named of namedPaths) lines.push(`  ${printablePath(named.file)}  ${paint.yellow('warning')}  ${named.message}`);
    blocks.push(`${lines.join('\n')}\n`);
  }
  blocks.push(summaryLine(report, paint));
  return `${blocks.join('\n')}\n`;
};

function describeFinding(finding: Finding, context: FormatContext, paint: ChalkInstance): string[] {
  const failing = isFailing(finding, context.failOn);
  const level = failing ? paint.red('error') : paint.yellow('warning');
  const lines = [`  ${paint.dim(`${finding.line}:${finding.column}`)}  ${level}  ${finding.message}  ${paint.dim(finding.rule)}`];
  lines.push(...codeFrame(finding, context.linesOf(finding.file), paint));
  for (const place of relatedElsewhere(finding)) lines.push(`    ${paint.dim('see')} ${describeRelatedPlace({ ...place, file: printablePath(place.file) })}`);
  const entry = finding.entry === undefined ? undefined : context.catalog.byId(finding.entry);
  if (finding.phase !== undefined) {
    // The finding's own phase (its rule's `asOf`, inline or in `rules`), not the run's day.
    const when = entry === undefined ? '' : ` · ${describeSchedule(entry, finding.phase)}`;
    lines.push(`    ${paint.bold(finding.phase)}${when}`);
  }
  if (finding.replacements !== undefined) lines.push(`    ${describeRemedy(finding, paint)}`);
  if (finding.fix === 'todo' && entry?.todoReason !== undefined) lines.push(`    ${paint.dim(`why: ${entry.todoReason}`)}`);
  const matchedByPath = entry?.kind === 'path' ? hostMatchedByPath(finding.host, entry, context) : undefined;
  if (matchedByPath !== undefined) lines.push(`    ${paint.dim(`host: ${matchedByPath}`)}`);
  return lines;
}

/**
 * Where the entry's API lists hosts, how a request matched by its path alone says its host: `not shown
 * in the code`, or a local host its API does not list (`localhost:3000 (a local host: …)`); else undefined.
 */
function hostMatchedByPath(host: string | null | undefined, entry: RetirementEntry, context: FormatContext): string | undefined {
  const api = context.catalog.apiOf(entry);
  const hosts = api.id === builtinApiId ? context.apiHosts : api.hosts;
  if (hosts === undefined || hosts.includes('*')) return undefined;
  if (host === null) return 'not shown in the code, matched by its path';
  if (host === undefined || !isUnlistedLocalHost(host, hosts)) return undefined;
  return `${host} (${localHostKind(host) === 'loopback' ? 'a local host' : 'a private-network address'}: matched by its path)`;
}

function describeRemedy(finding: Finding, paint: ChalkInstance): string {
  const replacements = finding.replacements ?? [];
  if (replacements.length === 0) return `no replacement named by the spec ${paint.dim('(sunset fix leaves a TODO)')}`;
  const list = replacements.map((replacement) => paint.green(replacement)).join(', ');
  // Found through another file: sunset fix rewrites the value where it is declared (the related place says so),
  // or here (a path made with a client from another file), or what it does depends on the mode, so only say where the value is.
  if (finding.fix === 'rewrite') return `use ${list} ${paint.dim(rewrittenElsewhere(finding) ? '(sunset fix rewrites it where the other file named above declares it)' : '(sunset fix rewrites it)')}`;
  // Only a value written elsewhere moves the decision there; a client made in another file (its base) does not.
  const valueElsewhere = relatedElsewhere(finding).some((place) => crossFileMessageName('client', place.message) === undefined);
  if (valueElsewhere) return `candidates ${list} ${paint.dim('(a person decides; the value is written in the other file named above)')}`;
  return `candidates ${list} ${paint.dim('(a person decides; sunset fix leaves a TODO)')}`;
}

/**
 * A source line as the terminal should show it: each control character (but tab, kept so the caret
 * lines up) as one visible character, its Unicode control picture (`␛` for ESC) or `�`, so an escape
 * sequence in the code is shown, not run, and columns stay where they were.
 */
function showControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\uFFFD';
  });
}

/** Characters of a long line shown either side of the finding, and the widest caret line. */
const frameRadius = 60;
const maxCaretWidth = 80;

/** Spaces as wide on a terminal as `text` (a CJK character takes two, a combining mark none), its tabs kept. */
function blankOf(text: string): string {
  return text
    .split('\t')
    .map((part) => ' '.repeat(stringWidth(part)))
    .join('\t');
}

/**
 * The finding's line with its number, and a caret under the reported range, placed and sized by the
 * width the terminal gives the characters (tabs kept so it lines up).
 * A long line (minified code) shows a window around the finding between `…`; the caret stops at the
 * end of the line and is at most 80 wide (a TODO comment's range runs to the end of the comment).
 */
function codeFrame(finding: Finding, lines: readonly string[] | undefined, paint: ChalkInstance): string[] {
  const lineText = lines?.[finding.line - 1];
  if (lineText === undefined) return [];
  // A byte-order mark is no character of line 1: columns do not count it (as ESLint's), nor does the frame show it.
  const fullText = finding.line === 1 && lineText.startsWith('\uFEFF') ? lineText.slice(1) : lineText;
  const gutter = String(finding.line);
  const column = Math.min(finding.column - 1, fullText.length);
  const windowStart = fullText.length > 2 * frameRadius ? Math.max(0, column - frameRadius) : 0;
  const windowEnd = fullText.length > 2 * frameRadius ? Math.min(fullText.length, column + frameRadius) : fullText.length;
  const lead = windowStart > 0 ? '…' : '';
  const text = `${lead}${showControls(fullText.slice(windowStart, windowEnd))}${windowEnd < fullText.length ? '…' : ''}`;
  const start = column - windowStart + lead.length;
  const sameLineEnd = finding.endLine === undefined || finding.endLine === finding.line ? finding.endColumn : undefined;
  const end = Math.min(sameLineEnd === undefined ? windowEnd : sameLineEnd - 1, windowEnd) - windowStart + lead.length;
  const width = Math.min(maxCaretWidth, Math.max(1, stringWidth(text.slice(start, end))));
  const padding = blankOf(text.slice(0, start));
  return [
    `    ${paint.dim(`${gutter} |`)} ${text}`,
    `    ${paint.dim(`${' '.repeat(gutter.length)} |`)} ${padding}${paint.red('^'.repeat(width))}`,
  ];
}

function summaryLine(report: CheckReport, paint: ChalkInstance): string {
  const { summary } = report;
  const files = new Set(report.findings.map((finding) => finding.file)).size;
  const parts = [
    `${plural(summary.findings, 'finding')} in ${plural(files, 'file')}`,
    failingSentence(report.findings, summary.failOn),
  ];
  if (summary.baselined > 0) parts.push(`${summary.baselined} baselined`);
  if (summary.errors > 0) parts.push(`${plural(summary.errors, 'file')} not checked`);
  // Unreadable files are counted as not checked above, not again by describeNotScanned.
  const notScanned = describeNotScanned(summary.notScanned);
  if (notScanned !== undefined) parts.push(notScanned);
  // Files found but left out (too large, minified) were not scanned; excluded ones were never found.
  const read = summary.files - summary.notScanned.tooLarge - summary.notScanned.minified - summary.notScanned.unscannedExtension;
  const scanned = `${plural(read, 'file')} scanned, as of ${summary.asOf}`;
  const ok = summary.failing === 0 && summary.errors === 0;
  // Nothing failed, but files were left out (too large, minified): the gate passes and says so, never a plain ✔.
  const partial = report.notScanned.some((file) => file.reason !== 'excluded-by-config');
  const mark = !ok ? paint.red('✖') : partial ? paint.yellow('!') : paint.green('✔');
  return `${mark} ${parts.join(', ')} (${scanned})`;
}

function groupByFile(findings: readonly Finding[]): Map<string, Finding[]> {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const group = groups.get(finding.file);
    if (group === undefined) groups.set(finding.file, [finding]);
    else group.push(finding);
  }
  return groups;
}
