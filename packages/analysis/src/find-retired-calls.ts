import {
  builtinCatalog,

  matchUrlShape,
  parseIsoDay,
  phaseOf,
  todayUtc,
  todoText,
  type Catalog,
  type Endpoint,
  type HttpMethod,
  type OperationMatch,
  type PathEntry,
  type RetirementEntry,
  type UrlMatch,
} from '@sunset/rule-data';
import { field, propertyKeyName, rangeOf, staticString, argumentAt, isCall, calleeOf, isMember, memberPropertyName } from './ast/nodes.js';
import { recognizeHttpCall, type StatedMethod } from './calls/http-calls.js';
import { methodEdits } from './edits/method-edit.js';
import { rewritePathEdits } from './edits/rewrite-url.js';
import { programIndexFor, type ProgramIndex } from './scope/program-index.js';
import { recognizeSoapClientCall, type SoapClientCall } from './soap/soap-client-calls.js';
import { findSoapStrings } from './soap/soap-strings.js';
import { statementStartOf } from './statement.js';
import type { AnalysisOptions, AnyNode, CallForm, CandidateEdit, RetiredCallFinding, TextEdit } from './types.js';
import { evaluateExpression, evaluationContext } from './url/evaluate.js';
import { isOnApiHost, isTokenOnApiHost } from './url/hosts.js';
import { toUrlParts, type PartsView, type Segment } from './url/segments.js';

/** A finding while the analysis still knows which string-building expression its URL edit lives in. */
interface Draft {
  finding: RetiredCallFinding;
  container: AnyNode | undefined;
}

interface Run {
  readonly index: ProgramIndex;
  readonly options: AnalysisOptions;
  readonly catalog: Catalog;
  readonly asOf: string;
}

/** A URL-shaped value with its retired-path matches, where to report it and how its method is known. */
interface PathSite {
  readonly form: CallForm;
  readonly node: AnyNode;
  readonly segments: readonly Segment[];
  readonly view: PartsView;
  readonly matches: readonly UrlMatch[];
  readonly stated: StatedMethod | undefined;
}

const baseFinding = (run: Run, entry: RetirementEntry, form: CallForm, node: AnyNode): Omit<RetiredCallFinding, 'retiredKey' | 'method' | 'migration' | 'edits' | 'candidates'> => ({
  entry,
  replacements: entry.replacements,
  phase: phaseOf(entry, run.asOf),
  form,
  node,
  range: rangeOf(node),
  todoText: todoText(entry, run.asOf),
  statementStart: statementStartOf(node, run.index),
});

type EditsOrCause = { readonly edits: TextEdit[]; readonly container: AnyNode | undefined } | { readonly cause: string; readonly container: AnyNode | undefined };

/** URL edits towards `replacement`, plus the method edit when the replacement uses another method. */
function editsTowards(run: Run, site: PathSite, match: UrlMatch, replacement: Endpoint): EditsOrCause {
  const url = rewritePathEdits(site.segments, site.view, match, replacement.path, run.index.sourceText);
  if ('cause' in url) return { cause: url.cause, container: undefined };
  if (replacement.method === match.entry.method) return url;
  if (!site.stated) return { cause: `the code does not say its method; the replacement uses ${replacement.method}`, container: url.container };
  const method = methodEdits(site.stated, replacement.method, run.index.sourceText);
  if ('cause' in method) return { cause: method.cause, container: url.container };
  return { edits: [...url.edits, ...method.edits], container: url.container };
}

/** The string-building expression the retired path starts in (the constant a shared URL lives in). */
function pathContainer(site: PathSite, match: UrlMatch): AnyNode | undefined {
  const source = site.view.sources[match.pathStart.part]?.[0];
  const segment = source ? site.segments[source.segment] : undefined;
  return segment?.container;
}

/** The findings of one URL site: one per matched entry (several only when the code does not say the method). */
function pathFindings(run: Run, site: PathSite): Draft[] {
  if (site.matches.length === 1) return [pathFinding(run, site, site.matches[0]!, undefined)];
  const alternatives = site.matches.map((found) => `${found.entry.method} ${found.entry.path}`).join(' or ');
  return site.matches.map((match) => pathFinding(run, site, match, `the code does not say its method, so this may be ${alternatives}`));
}

function pathFinding(run: Run, site: PathSite, match: UrlMatch, ambiguity: string | undefined): Draft {
  const entry: PathEntry = match.entry;
  const method: HttpMethod | undefined = match.method;
  const base = baseFinding(run, entry, site.form, site.node);
  const retiredKey = method ? `${entry.method} ${entry.path}` : entry.path;
  // A candidate with another method (`GET /v1/buyer/stats/operations` for a POST) is a different
  // call, not a switch of this one; it is offered only when it is the entry's sole replacement.
  const candidatesOf = (): CandidateEdit[] =>
    entry.replacements.flatMap((replacement) => {
      if (replacement.method !== entry.method && entry.replacements.length > 1) return [];
      const result = editsTowards(run, site, match, replacement);
      return 'edits' in result ? [{ replacement, edits: result.edits }] : [];
    });
  const todo = (todoCause: string | undefined): Draft => ({
    finding: { ...base, retiredKey, method, migration: 'todo', edits: [], candidates: candidatesOf(), ...(todoCause ? { todoCause } : {}) },
    container: pathContainer(site, match),
  });
  if (entry.migration !== 'rewrite') return todo(undefined);
  if (ambiguity !== undefined || !match.oneToOne) return todo(ambiguity);
  const replacement = entry.replacements[0];
  if (!replacement) return todo(undefined);
  const result = editsTowards(run, site, match, replacement);
  if ('cause' in result) return todo(result.cause);
  return { finding: { ...base, retiredKey, method, migration: 'rewrite', edits: result.edits, candidates: [] }, container: result.container };
}

function soapCallFinding(run: Run, call: SoapClientCall): Draft {
  const entry = call.match.entry;
  return {
    finding: { ...baseFinding(run, entry, 'soap-client', call.nameNode), retiredKey: entry.retiredKey, method: undefined, migration: 'todo', edits: [], candidates: [] },
    container: undefined,
  };
}

/** Names like `GetCampaignsAsJson` are nobody's but the Label/Campaigns WCF services; `GetUsers` is anybody's. */
const isDistinctiveOperation = (match: OperationMatch): boolean => /AsJsonp?$/.test(match.entry.operation);

/** Whether a retired operation call counts, given the evidence about its receiver. */
function isSoapFinding(run: Run, call: SoapClientCall): boolean {
  if (call.evidence === 'created') return true;
  const declaredHere = run.index.projectMethodNames.has(call.match.entry.operation) || run.index.projectMethodNames.has(call.match.name);
  if (declaredHere) return false;
  return call.evidence === 'used-as-client' || isDistinctiveOperation(call.match);
}

/** `{ SOAPAction: x }`, `headers.set('SOAPAction', x)`, `setHeader('SOAPAction', x)`. */
function isSoapActionValue(root: AnyNode, index: ProgramIndex): boolean {
  const parent = index.parentOf(root);
  if (!parent) return false;
  if ((parent.type === 'Property' || parent.type === 'ObjectProperty') && field(parent, 'value') === root) {
    return /^soapaction$/i.test(propertyKeyName(parent) ?? '');
  }
  if (isCall(parent) && argumentAt(parent, 1) === root) {
    const name = argumentAt(parent, 0);
    const callee = calleeOf(parent);
    return name !== undefined && /^soapaction$/i.test(staticString(name) ?? '') && isMember(callee) && memberPropertyName(callee) !== undefined;
  }
  return false;
}

/** Constants used by calls that migrate differently (or not at all) are not rewritten for one of them. */
function settleSharedContainers(drafts: Draft[]): void {
  const byContainer = new Map<AnyNode, Draft[]>();
  for (const draft of drafts) {
    if (!draft.container) continue;
    byContainer.set(draft.container, [...(byContainer.get(draft.container) ?? []), draft]);
  }
  for (const group of byContainer.values()) {
    if (group.length < 2) continue;
    const editKeys = new Set(group.map((draft) => (draft.finding.migration === 'rewrite' ? JSON.stringify(draft.finding.edits) : 'todo')));
    if (editKeys.size === 1 && !editKeys.has('todo')) continue;
    for (const draft of group) {
      if (draft.finding.migration !== 'rewrite') continue;
      draft.finding = {
        ...draft.finding,
        migration: 'todo',
        edits: [],
        candidates: [],
        todoCause: `the URL is written once and used by ${group.length} sites that do not all migrate the same way`,
      };
    }
  }
}

/**
 * Finds every call of a retired endpoint or operation in a parsed file: HTTP requests, URL-shaped
 * strings, SOAP client calls, envelopes, action strings and WCF addresses. Works on ESLint's ESTree
 * and on jscodeshift's Babel AST alike; returns findings sorted by position.
 */
export function findRetiredCalls(program: AnyNode, sourceText: string, options: AnalysisOptions = {}): RetiredCallFinding[] {
  const asOf = options.asOf === undefined ? todayUtc() : parseIsoDay(options.asOf, 'asOf');
  const catalog = options.catalog ?? builtinCatalog;
  const index = programIndexFor(program, sourceText, options);
  const run: Run = { index, options, catalog, asOf };
  const drafts: Draft[] = [];
  const consumed = new Set<AnyNode>();
  const consume = (segments: readonly Segment[], except?: AnyNode): void => {
    for (const segment of segments) if (segment.container && segment.container !== except) consumed.add(segment.container);
  };

  for (const call of index.calls) {
    const context = evaluationContext(index, options);
    const site = recognizeHttpCall(call, context);
    if (site) {
      const view = toUrlParts(site.url);
      if (matchUrlShape(view.parts, undefined, catalog).length > 0) {
        consume(site.url);
        const matches = matchUrlShape(view.parts, site.method.method, catalog);
        if (matches.length > 0 && isOnApiHost(site.url, options.apiHosts)) {
          drafts.push(...pathFindings(run, { form: site.form, node: site.urlNode, segments: site.url, view, matches, stated: site.method }));
        }
      }
    }
    const soapCall = recognizeSoapClientCall(call, context);
    if (soapCall && isSoapFinding(run, soapCall)) drafts.push(soapCallFinding(run, soapCall));
  }

  const standalone: { root: AnyNode; segments: Segment[]; view: PartsView; matches: UrlMatch[] }[] = [];
  for (const root of index.stringRoots) {
    const segments = evaluateExpression(root, undefined, evaluationContext(index, options));
    if (!segments) continue;
    for (const hit of findSoapStrings(segments, catalog, isSoapActionValue(root, index))) {
      if (hit.urlToken !== undefined && !isTokenOnApiHost(hit.urlToken, options.apiHosts)) continue;
      const entry = hit.match.entry;
      drafts.push({
        finding: { ...baseFinding(run, entry, hit.form, hit.literal), retiredKey: entry.retiredKey, method: undefined, migration: 'todo', edits: [], candidates: [] },
        container: undefined,
      });
    }
    if (consumed.has(root)) continue;
    const view = toUrlParts(segments);
    const matches = matchUrlShape(view.parts, undefined, catalog);
    if (matches.length > 0) standalone.push({ root, segments, view, matches });
  }
  // A constant read by a larger URL expression is reported there, not again on its own.
  for (const found of standalone) consume(found.segments, found.root);
  for (const found of standalone) {
    if (consumed.has(found.root) || !isOnApiHost(found.segments, options.apiHosts)) continue;
    drafts.push(...pathFindings(run, { form: 'url-string', node: found.root, segments: found.segments, view: found.view, matches: found.matches, stated: undefined }));
  }

  settleSharedContainers(drafts);
  const seen = new Set<string>();
  return drafts
    .map((draft) => draft.finding)
    .filter((finding) => {
      const key = `${finding.entry.id}@${finding.range[0]}:${finding.range[1]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.entry.id.localeCompare(b.entry.id));
}

