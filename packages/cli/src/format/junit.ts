import { isFailing } from '../check/threshold.js';
import type { FileError, Finding, NotScannedFile } from '../check/types.js';
import { compareText } from '../text.js';
import { unreadFiles } from './not-scanned.js';
import { describeRelatedPlace, relatedElsewhere } from './related.js';
import type { Formatter } from './types.js';

/**
 * JUnit XML for Jenkins, Azure DevOps, CircleCI and GitLab's test reports: one `<testsuite
 * name="sunset">`, one `<testcase>` named for its file that was parsed or could not be read, one `<failure>`
 * per finding at or past `--fail-on` (findings below it go to the test case's `<system-out>`, so
 * the test report fails exactly when `sunset check` does), an `<error>` for a file not checked, and
 * a `<skipped>` test case for a file not scanned (too large, minified, a link not followed); one
 * passing `sunset check` case when no file needed parsing. No time stamps: the same tree gives the same bytes.
 */
export const formatJunit: Formatter = (report, context) => {
  const unread = unreadFiles(report);
  const files = new Set<string>([
    ...(context.checkedFiles ?? []),
    ...report.findings.map((finding) => finding.file),
    ...report.errors.map((error) => error.file),
    ...unread.map((file) => file.file),
  ]);
  const findingsByFile = groupBy(report.findings, (finding) => finding.file);
  const errorsByFile = groupBy(report.errors, (error) => error.file);
  const unreadByFile = groupBy(unread, (file) => file.file);
  let failedCases = 0;
  let erroredCases = 0;
  let skippedCases = 0;
  const cases = [...files].sort(compareText).map((file) => {
    const failing: Finding[] = [];
    const notFailing: Finding[] = [];
    for (const finding of findingsByFile.get(file) ?? []) (isFailing(finding, context.failOn) ? failing : notFailing).push(finding);
    const errors = errorsByFile.get(file) ?? [];
    const skipped = unreadByFile.get(file) ?? [];
    if (failing.length > 0) failedCases += 1;
    if (errors.length > 0) erroredCases += 1;
    // A file not scanned was not read, so it has no finding or error of its own.
    else if (failing.length === 0 && skipped.length > 0) skippedCases += 1;
    const children = [
      ...failing.map(failureElement),
      ...errors.map(errorElement),
      ...skipped.map(skippedElement),
      ...(notFailing.length === 0 ? [] : [`      <system-out>${escapeXml(notFailing.map(describeFinding).join('\n'))}</system-out>`]),
    ];
    // The file is the case's name: the current junit-10.xsd of Jenkins' xUnit refuses a `file` attribute here.
    const open = `    <testcase name="${escapeXmlAttribute(file)}" classname="sunset"`;
    return children.length === 0 ? `${open}/>` : `${open}>\n${children.join('\n')}\n    </testcase>`;
  });
  // Nothing parsed (a clean repository): one passing case, as JUnit publishers fail a build on a report
  // without any (Jenkins' junit step: "None of the test reports contained any result").
  if (cases.length === 0) {
    const scanned = `${report.summary.files} ${report.summary.files === 1 ? 'file' : 'files'} scanned; none names anything a rule looks for (a retired path or operation, a reporting or identity endpoint, an OAuth parameter, a TODO marker), so none needed parsing.`;
    cases.push(`    <testcase name="sunset check" classname="sunset">\n      <system-out>${escapeXml(scanned)}</system-out>\n    </testcase>`);
  }
  // As JUnit counts: test cases that failed or erred, not the failure elements inside them.
  const counts = `tests="${cases.length}" failures="${failedCases}" errors="${erroredCases}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sunset check" ${counts}>`,
    `  <testsuite name="sunset" ${counts} skipped="${skippedCases}">`,
    `    <properties>`,
    `      <property name="asOf" value="${escapeXml(context.asOf)}"/>`,
    `      <property name="failOn" value="${escapeXml(context.failOn)}"/>`,
    `    </properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};

function failureElement(finding: Finding): string {
  const type = finding.entry === undefined ? finding.rule : `${finding.rule} (${finding.entry})`;
  return `      <failure type="${escapeXmlAttribute(type)}" message="${escapeXmlAttribute(`${finding.line}:${finding.column} ${finding.message}`)}">${escapeXml(describeFinding(finding))}</failure>`;
}

function errorElement(error: FileError): string {
  const where = error.line === undefined ? error.file : `${error.file}:${error.line}`;
  return `      <error type="sunset/file-not-checked" message="${escapeXmlAttribute(error.message)}">${escapeXml(`${where}: ${error.message}`)}</error>`;
}

function skippedElement(file: NotScannedFile): string {
  return `      <skipped type="sunset/not-scanned (${escapeXml(file.reason)})" message="${escapeXml(file.message)}"/>`;
}

/** `src/a.ts:6:47 sunset/no-legacy-rest-path message` plus the replacement, one finding per line block. */
function describeFinding(finding: Finding): string {
  const replacement =
    finding.replacements === undefined ? '' : `\nReplacement: ${finding.replacements.length === 0 ? 'none named by the spec' : finding.replacements.join(', ')}`;
  const elsewhere = relatedElsewhere(finding).map((place) => `\nSee ${describeRelatedPlace(place)}`).join('');
  return `${finding.file}:${finding.line}:${finding.column} ${finding.rule}${finding.phase === undefined ? '' : ` [${finding.phase}]`} ${finding.message}${replacement}${elsewhere}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

/** Escapes the five XML specials and drops the characters XML 1.0 cannot carry at all (C0 controls but tab, CR, LF; lone surrogates). */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * `escapeXml` for an attribute value: a parser turns a raw tab, line feed or carriage return there into
 * a space (attribute-value normalisation), so they are written as character references and a file name
 * with a newline keeps it.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/[\t\n\r]/g, (char) => `&#${char.charCodeAt(0)};`);
}
