import { checks } from '@sunset/analysis';
import { builtinApiId, cliDocsUrl, describeEndpoint, describePhase, describeSupportEnd, phaseLabel, phaseOf, ruleDocsUrl, supportEndCell, todoMarker, type RetirementEntry, type RuleName } from '@sunset/rule-data';
import { isFailing } from '../check/threshold.js';
import type { Finding } from '../check/types.js';
import { compareText } from '../text.js';
import { unreadFiles } from './not-scanned.js';
import type { FormatContext, Formatter } from './types.js';

/*
 * SARIF 2.1.0, built by hand. `@microsoft/eslint-formatter-sarif` is not used: it depends on
 * ESLint 8, and it derives one SARIF rule per ESLint rule from rule meta — it cannot carry one rule
 * per retirement entry with that entry's own schedule, replacements and migration in its help text.
 */

export const sarifSchemaUri = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const fingerprintKey = 'sunsetFingerprint/v1';

export const formatSarif: Formatter = (report, context) => {
  const rules = collectRules(report.findings, context);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = report.findings.map((finding, index) => {
    const ruleId = finding.entry ?? finding.rule;
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId) ?? -1,
      level: levelOf(finding, context),
      message: { text: resultMessage(finding) },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(finding.file), region: regionOf(finding) } }],
      ...(finding.related === undefined
        ? {}
        : {
            relatedLocations: finding.related.map((related, id) => ({
              id,
              message: { text: related.message },
              physicalLocation: { artifactLocation: artifactLocation(related.file ?? finding.file), region: regionOf(related) },
            })),
          }),
      partialFingerprints: { [fingerprintKey]: context.fingerprints[index] ?? '' },
      properties: {
        eslintRule: finding.rule,
        ...(finding.phase === undefined ? {} : { phase: finding.phase }),
        ...(finding.fix === undefined ? {} : { fix: finding.fix }),
      },
    };
  });
  // Files not checked are errors of the run; files not scanned (too large, minified, a link not followed) warnings.
  const notScanned = unreadFiles(report).map((file) => ({
    level: 'warning',
    message: { text: file.message },
    locations: [{ physicalLocation: { artifactLocation: artifactLocation(file.file) } }],
    properties: { reason: file.reason },
  }));
  const notChecked = report.errors.map((error) => ({
    level: 'error',
    message: { text: error.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(error.file),
          ...(error.line === undefined ? {} : { region: { startLine: error.line } }),
        },
      },
    ],
  }));
  // An expired baseline suppresses nothing: said here too, so a dashboard reading the log sees why the count jumped.
  const expiredBaseline =
    report.summary.baselineExpired === undefined
      ? []
      : [{ level: 'warning', message: { text: `The baseline expired on ${report.summary.baselineExpired}: the findings it recorded are no longer suppressed.` }, properties: { reason: 'baseline-expired' } }];
  const log = {
    $schema: sarifSchemaUri,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'sunset',
            version: context.toolVersion,
            semanticVersion: context.toolVersion,
            informationUri: context.docsUrl ?? cliDocsUrl(),
            rules,
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: [...notChecked, ...notScanned, ...expiredBaseline] }],
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};

interface SarifRule {
  readonly id: string;
  readonly [key: string]: unknown;
}

/** One reportingDescriptor per entry id found (the rule id for findings without an entry), sorted by id. */
function collectRules(findings: readonly Finding[], context: FormatContext): SarifRule[] {
  const rules = new Map<string, SarifRule>();
  for (const finding of findings) {
    const id = finding.entry ?? finding.rule;
    if (rules.has(id)) continue;
    const entry = finding.entry === undefined ? undefined : context.catalog.byId(finding.entry);
    rules.set(id, entry === undefined ? (requestRule(finding) ?? plainRule(finding, context)) : entryRule(entry, finding.rule, context));
  }
  return [...rules.values()].sort((a, b) => compareText(a.id, b.id));
}

/** The page of the rule that reported it (`sunset/no-legacy-rest-path`), when the plugin has such a rule. */
function ruleDocsOf(rule: string): string | undefined {
  const name = rule.replace(/^sunset\//, '');
  return Object.hasOwn(checks, name) ? ruleDocsUrl(name) : undefined;
}

function entryRule(entry: RetirementEntry, rule: string, context: FormatContext): SarifRule {
  const { gaEnds, supportEnds } = entry.schedule;
  const replacements = entry.replacements.map(describeEndpoint);
  const replacementText = replacements.length === 0 ? 'none named by the spec' : replacements.join(', ');
  const migration =
    entry.migration === 'rewrite'
      ? 'One-to-one: `sunset fix` rewrites the call.'
      : `A person must decide: ${entry.todoReason ?? 'the replacement is not one-to-one'}. \`sunset fix\` leaves a ${todoMarker(entry.id)} comment.`;
  const schedule = `General availability ends ${gaEnds}; ${describeSupportEnd(supportEnds)}.`;
  // The phase on the run's day, and who says so: the built-in API's vendor, or the API an imported entry belongs to.
  const phase = phaseLabel(phaseOf(entry, context.asOf));
  const by = entry.api === builtinApiId ? 'the platform' : context.catalog.apiOf(entry).name;
  const helpText = [
    `${entry.retiredKey} (${entry.service}) is ${phase} by ${by}.`,
    schedule,
    `Replacement: ${replacementText}.`,
    migration,
  ].join('\n');
  const helpMarkdown = [
    `**${entry.retiredKey}** (${entry.service}) is ${phase} by ${by}.`,
    '',
    '| General availability ends | Support ends |',
    '|---|---|',
    `| ${gaEnds} | ${supportEndCell(supportEnds)} |`,
    '',
    `Replacement: ${replacements.length === 0 ? 'none named by the spec' : replacements.map((text) => `\`${text}\``).join(', ')}.`,
    '',
    migration,
  ].join('\n');
  return {
    id: entry.id,
    name: entry.retiredKey,
    shortDescription: { text: `${entry.retiredKey} is ${phase} (${describePhase(entry, context.asOf)}).` },
    fullDescription: { text: `${entry.service}: ${entry.retiredKey}. ${schedule} Replacement: ${replacementText}.` },
    help: { text: helpText, markdown: helpMarkdown },
    ...optional('helpUri', context.docsUrl === undefined ? ruleDocsOf(rule) : `${context.docsUrl}#${entry.id}`),
    defaultConfiguration: { level: 'error' },
    properties: {
      tags: ['retired-api', entry.family],
      precision: 'high',
      gaEnds,
      supportEnds,
      migration: entry.migration,
    },
  };
}

/** The request rules (report limits, OAuth usage): one descriptor per rule, its help from the rule's meta and docs. */
function requestRule(finding: Finding): SarifRule | undefined {
  const name = finding.rule.replace(/^sunset\//, '');
  if (finding.phase !== undefined || name === 'no-sunset-todo' || !Object.hasOwn(checks, name)) return undefined;
  const description = checks[name as RuleName].meta.description;
  const url = ruleDocsUrl(name);
  return {
    id: finding.rule,
    name,
    shortDescription: { text: `${description}.` },
    help: {
      text: `${description}. The message names the limit or rule broken. What the rule checks and what it assumes: ${url}`,
      markdown: `${description}. The message names the limit or rule broken.\n\nWhat the rule checks and what it assumes: [${finding.rule}](${url}).`,
    },
    helpUri: url,
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['request-check'], precision: 'high' },
  };
}

function plainRule(finding: Finding, context: FormatContext): SarifRule {
  return {
    id: finding.rule,
    shortDescription: { text: `Reported by the ESLint rule ${finding.rule}.` },
    ...optional('helpUri', context.docsUrl ?? ruleDocsOf(finding.rule)),
    defaultConfiguration: { level: finding.severity },
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function levelOf(finding: Finding, context: FormatContext): 'error' | 'warning' | 'note' {
  if (isFailing(finding, context.failOn)) return 'error';
  return finding.phase === 'scheduled' ? 'note' : 'warning';
}

function resultMessage(finding: Finding): string {
  if (finding.replacements === undefined) return finding.message;
  const replacements = finding.replacements.length === 0 ? 'none named by the spec' : finding.replacements.join(', ');
  return `${finding.message} Replacement: ${replacements}.`;
}

/** A relative URI reference: each path segment percent-encoded (spaces, `#`, `%`). */
function artifactLocation(file: string): { uri: string; uriBaseId: string } {
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

function regionOf(finding: Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'>): Record<string, number> {
  return {
    startLine: finding.line,
    startColumn: finding.column,
    ...(finding.endLine === undefined ? {} : { endLine: finding.endLine }),
    ...(finding.endColumn === undefined ? {} : { endColumn: finding.endColumn }),
  };
}
