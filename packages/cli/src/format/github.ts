import type { Finding } from '../check/types.js';
import { isFailing } from '../check/threshold.js';
import { notScannedTitle, unreadFiles } from './not-scanned.js';
import { describeRelatedPlace, relatedElsewhere } from './related.js';
import type { Formatter } from './types.js';

/**
 * GitHub Actions workflow commands (`::error file=...,line=...::message`), one per finding, an error
 * per file not checked and a warning per file not scanned (too large, minified, a link not followed).
 * Escaping follows @actions/core: in the message `%`, `\r`, `\n`; in properties also `:` and `,`.
 */
export const formatGithub: Formatter = (report, context) => {
  const lines = report.findings.map((finding) => {
    const level = isFailing(finding, context.failOn) ? 'error' : finding.phase === 'scheduled' ? 'notice' : 'warning';
    return workflowCommand(level, findingProperties(finding), annotationMessage(finding));
  });
  for (const error of report.errors) {
    const properties: [string, string | number][] = [['file', error.file]];
    if (error.line !== undefined) properties.push(['line', error.line]);
    properties.push(['title', 'sunset: file not checked']);
    lines.push(workflowCommand('error', properties, error.message));
  }
  for (const file of unreadFiles(report)) lines.push(workflowCommand('warning', [['file', file.file], ['title', notScannedTitle(file)]], file.message));
  return lines.map((line) => `${line}\n`).join('');
};

function findingProperties(finding: Finding): [string, string | number][] {
  const properties: [string, string | number][] = [
    ['file', finding.file],
    ['line', finding.line],
    ['col', finding.column],
  ];
  if (finding.endLine !== undefined) properties.push(['endLine', finding.endLine]);
  if (finding.endColumn !== undefined) properties.push(['endColumn', finding.endColumn]);
  properties.push(['title', finding.entry === undefined ? finding.rule : `${finding.rule} (${finding.entry})`]);
  return properties;
}

function annotationMessage(finding: Finding): string {
  const elsewhere = relatedElsewhere(finding).map((place) => `\nSee ${describeRelatedPlace(place)}`).join('');
  if (finding.replacements === undefined) return `${finding.message}${elsewhere}`;
  const replacements = finding.replacements.length === 0 ? 'no replacement named by the spec' : finding.replacements.join(', ');
  return `${finding.message}\nReplacement: ${replacements}${elsewhere}`;
}

export function workflowCommand(command: string, properties: readonly (readonly [string, string | number])[], message: string): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${command}${props === '' ? '' : ` ${props}`}::${escapeData(message)}`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
