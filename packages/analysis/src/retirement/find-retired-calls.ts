import { matchUrlShape, phaseOf, todoText, type Endpoint, type IsoDay, type OperationEntry, type OperationMatch, type RetirementEntry, type UrlMatch } from '@sunset/rule-data';
import { rangeOf, type Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { StatedMethod } from '../requests/http-calls.js';
import type { SoapClientCall } from '../soap/soap-client-calls.js';
import { soapRequestGroups, type SoapSite, type SoapSiteKind } from '../soap/soap-requests.js';
import type { CallForm, RetirementFacts, TextEdit } from '../types.js';
import { isOnHost } from '../url/match.js';
import { toUrlParts, type PartsView, type Segment } from '../url/segments.js';
import { methodEdits } from './method-edit.js';
import { rewritePathEdits } from './rewrite-url.js';
import { statementStartOf } from './statement.js';

/** Another place of the same SOAP request, and what it is. */
export interface RelatedSoapSite {
  readonly range: readonly [number, number];
  readonly kind: SoapSiteKind;
}

/** A retired call found in the file: its facts, where to report it, its rewrite and related places. */
export interface RetiredCall extends RetirementFacts {
  readonly range: readonly [number, number];
  /** The rewrite (present exactly when `migration` is `rewrite`). */
  readonly edits: readonly TextEdit[];
  readonly related: readonly RelatedSoapSite[];
}

/** A finding while the analysis still knows which string-building expression its URL edit lives in. */
interface Draft {
  call: RetiredCall;
  container: Node | undefined;
  /** The SOAP site this finding stands for (SOAP findings only). */
  soap?: SoapSite;
}

interface Run {
  readonly index: FileIndex;
  readonly asOf: IsoDay;
}

/** A URL-shaped value with its retired-path matches, where to report it and how its method is known. */
interface PathSite {
  readonly form: CallForm;
  readonly node: Node;
  readonly segments: readonly Segment[];
  readonly view: PartsView;
  readonly matches: readonly UrlMatch[];
  readonly stated: StatedMethod | undefined;
}

function baseFacts(run: Run, entry: RetirementEntry, form: CallForm, node: Node, range: readonly [number, number] = rangeOf(node)) {
  return {
    entry,
    replacements: entry.replacements,
    phase: phaseOf(entry, run.asOf),
    form,
    range,
    todoText: todoText(entry, run.asOf),
    statementStart: statementStartOf(node, run.index.scope),
    related: [],
  };
}

type EditsOrCause = { readonly edits: TextEdit[]; readonly container: Node | undefined } | { readonly cause: string; readonly container: Node | undefined };

/** URL edits towards `replacement`, plus the method edit when the replacement uses another method. */
function editsTowards(run: Run, site: PathSite, match: UrlMatch, replacement: Endpoint): EditsOrCause {
  const { text } = run.index.file;
  const url = rewritePathEdits(site.segments, site.view, match, replacement.path, text);
  if ('cause' in url) return { cause: url.cause, container: undefined };
  if (replacement.method === match.entry.method) return url;
  if (!site.stated) return { cause: `the code does not say its method; the replacement uses ${replacement.method}`, container: url.container };
  const method = methodEdits(site.stated, replacement.method, text);
  if ('cause' in method) return { cause: method.cause, container: url.container };
  return { edits: [...url.edits, ...method.edits], container: url.container };
}

/** The string-building expression the retired path starts in (the constant a shared URL lives in). */
function pathContainer(site: PathSite, match: UrlMatch): Node | undefined {
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

/** `GET /v1/campaigns/{id}`, the path alone when the code does not say its method, `GET /v1/reportingstats/agency/…` for a prefix entry. */
function retiredKeyOf(entry: UrlMatch['entry'], method: UrlMatch['method']): string {
  const path = entry.scope === 'prefix' ? `${entry.path}/…` : entry.path;
  if (method === undefined) return path;
  return `${entry.scope === 'prefix' ? method : entry.method} ${path}`;
}

function pathFinding(run: Run, site: PathSite, match: UrlMatch, ambiguity: string | undefined): Draft {
  const { entry, method } = match;
  const base = { ...baseFacts(run, entry, site.form, site.node), retiredKey: retiredKeyOf(entry, method), method };
  // A candidate with another method (`GET /v1/buyer/stats/operations` for a POST) is a different
  // call, not a switch of this one; it is offered only when it is the entry's sole replacement.
  const candidatesOf = (): RetirementFacts['candidates'] =>
    entry.replacements.flatMap((replacement) => {
      if (replacement.method !== entry.method && entry.replacements.length > 1) return [];
      const result = editsTowards(run, site, match, replacement);
      return 'edits' in result ? [{ replacement, edits: result.edits }] : [];
    });
  const todo = (todoCause: string | undefined): Draft => ({
    call: { ...base, migration: 'todo', edits: [], candidates: candidatesOf(), ...(todoCause ? { todoCause } : {}) },
    container: pathContainer(site, match),
  });
  if (entry.migration !== 'rewrite') return todo(undefined);
  if (ambiguity !== undefined || !match.oneToOne) return todo(ambiguity);
  const replacement = entry.replacements[0];
  if (!replacement) return todo(undefined);
  const result = editsTowards(run, site, match, replacement);
  if ('cause' in result) return todo(result.cause);
  return { call: { ...base, migration: 'rewrite', edits: result.edits, candidates: [] }, container: result.container };
}

function operationFinding(run: Run, entry: OperationEntry, form: CallForm, node: Node, range: readonly [number, number], soap: SoapSite): Draft {
  return {
    call: { ...baseFacts(run, entry, form, node, range), retiredKey: entry.retiredKey, method: undefined, migration: 'todo', edits: [], candidates: [] },
    container: undefined,
    soap,
  };
}

/** Names like `GetCampaignsAsJson` are nobody's but the Label/Campaigns WCF services; `GetUsers` is anybody's. */
const isDistinctiveOperation = (match: OperationMatch): boolean => /AsJsonp?$/.test(match.entry.operation);

/** Whether a retired operation call counts, given the evidence about its receiver. */
function isSoapFinding(run: Run, call: SoapClientCall): boolean {
  if (call.evidence === 'created') return true;
  const names = run.index.scope.projectMethodNames;
  if (names.has(call.match.entry.operation) || names.has(call.match.name)) return false;
  return call.evidence === 'used-as-client' || isDistinctiveOperation(call.match);
}

/** Constants used by calls that migrate differently (or not at all) are not rewritten for one of them. */
function settleSharedContainers(drafts: Draft[]): void {
  const byContainer = new Map<Node, Draft[]>();
  for (const draft of drafts) if (draft.container) byContainer.set(draft.container, [...(byContainer.get(draft.container) ?? []), draft]);
  for (const group of byContainer.values()) {
    if (group.length < 2) continue;
    const editKeys = new Set(group.map((draft) => (draft.call.migration === 'rewrite' ? JSON.stringify(draft.call.edits) : 'todo')));
    if (editKeys.size === 1 && !editKeys.has('todo')) continue;
    for (const draft of group) {
      if (draft.call.migration !== 'rewrite') continue;
      draft.call = {
        ...draft.call,
        migration: 'todo',
        edits: [],
        candidates: [],
        todoCause: `the URL is written once and used by ${group.length} sites that do not all migrate the same way`,
      };
    }
  }
}

const soapPrecedence: Readonly<Record<SoapSiteKind, number>> = { envelope: 0, 'action-header': 1, action: 1, client: 2 };

/** One SOAP request is one finding: at its most precise site, the other sites related to it. */
function mergeSoapRequests(run: Run, drafts: Draft[]): Draft[] {
  const soapDrafts = drafts.filter((draft) => draft.soap !== undefined);
  if (soapDrafts.length < 2) return drafts;
  const { groups, headerLiterals } = soapRequestGroups(
    soapDrafts.map((draft) => draft.soap!),
    run.index.scope.calls,
    run.index.evaluation(),
  );
  const kindOf = ({ kind, literal }: SoapSite): SoapSiteKind => (kind === 'action' && literal && headerLiterals.has(literal) ? 'action-header' : kind);
  const dropped = new Set<Draft>();
  for (const group of groups) {
    const members = group.map((at) => soapDrafts[at]!).sort((a, b) => soapPrecedence[a.soap!.kind] - soapPrecedence[b.soap!.kind] || a.call.range[0] - b.call.range[0]);
    const [primary, ...others] = members;
    const related = new Map<string, RelatedSoapSite>();
    for (const other of others) {
      dropped.add(other);
      const key = `${other.call.range[0]}:${other.call.range[1]}`;
      if (key !== `${primary!.call.range[0]}:${primary!.call.range[1]}`) related.set(key, { range: other.call.range, kind: kindOf(other.soap!) });
    }
    primary!.call = { ...primary!.call, related: [...related.values()].sort((a, b) => a.range[0] - b.range[0]) };
  }
  return drafts.filter((draft) => !dropped.has(draft));
}

/**
 * Every call of a retired endpoint or operation in the file: HTTP requests, URL-shaped strings, SOAP
 * client calls, envelopes, action strings and WCF addresses; a SOAP request is one finding. Sorted by position.
 */
export function findRetiredCalls(index: FileIndex, asOf: IsoDay, apiHosts: readonly string[] | undefined): RetiredCall[] {
  const { catalog } = index.options;
  const run: Run = { index, asOf };
  const drafts: Draft[] = [];
  const consumed = new Set<Node>(index.serverRoutePaths);
  const consume = (segments: readonly Segment[], except?: Node): void => {
    for (const segment of segments) if (segment.container && segment.container !== except) consumed.add(segment.container);
  };

  for (const site of index.requests) {
    const view = toUrlParts(site.url);
    if (matchUrlShape(view.parts, undefined, catalog).length === 0) continue;
    consume(site.url);
    const matches = matchUrlShape(view.parts, site.method.method, catalog);
    if (matches.length > 0 && isOnHost(site.url, apiHosts)) {
      drafts.push(...pathFindings(run, { form: site.form, node: site.urlNode, segments: site.url, view, matches, stated: site.method }));
    }
  }
  for (const call of index.soapClientCalls) {
    if (!isSoapFinding(run, call)) continue;
    drafts.push(operationFinding(run, call.match.entry, 'soap-client', call.nameNode, rangeOf(call.nameNode), { entryId: call.match.entry.id, kind: 'client', literal: undefined, call: call.call }));
  }
  for (const hit of index.soapStrings) {
    if (hit.urlToken !== undefined && !isOnHost(hit.urlToken, apiHosts)) continue;
    const kind: SoapSiteKind = hit.form === 'soap-envelope' ? 'envelope' : hit.isActionHeader ? 'action-header' : 'action';
    const range = hit.form === 'soap-envelope' ? (hit.nameRange ?? rangeOf(hit.literal)) : rangeOf(hit.literal);
    const soap: SoapSite = { entryId: hit.match.entry.id, kind, literal: hit.form === 'wcf-url' ? undefined : hit.literal, call: undefined };
    drafts.push(operationFinding(run, hit.match.entry, hit.form, hit.literal, range, soap));
  }

  const standalone: { root: Node; segments: readonly Segment[]; view: PartsView; matches: UrlMatch[] }[] = [];
  for (const { node, segments } of index.strings) {
    if (!segments || consumed.has(node)) continue;
    const view = toUrlParts(segments);
    const matches = matchUrlShape(view.parts, undefined, catalog);
    if (matches.length > 0) standalone.push({ root: node, segments, view, matches });
  }
  // A constant read by a larger URL expression is reported there, not again on its own.
  for (const found of standalone) consume(found.segments, found.root);
  for (const found of standalone) {
    if (consumed.has(found.root) || !isOnHost(found.segments, apiHosts)) continue;
    drafts.push(...pathFindings(run, { form: 'url-string', node: found.root, segments: found.segments, view: found.view, matches: found.matches, stated: undefined }));
  }

  settleSharedContainers(drafts);
  const seen = new Set<string>();
  return mergeSoapRequests(run, drafts)
    .map((draft) => draft.call)
    .filter((call) => {
      const key = `${call.entry.id}@${call.range[0]}:${call.range[1]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.entry.id.localeCompare(b.entry.id));
}
