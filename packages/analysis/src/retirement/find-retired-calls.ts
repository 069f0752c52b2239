import {
  builtinApiId,
  isUnlistedLocalHost,
  knownPathOf,
  matchUrlShape,
  phaseOf,
  templateParams,
  todoText,
  withTodoClause,
  type Endpoint,
  type HttpMethod,
  type IsoDay,
  type OperationEntry,
  type OperationMatch,
  type RetirementEntry,
  type UrlMatch,
} from '@sunset/rule-data';
import { forEachChild } from '../ast/child-keys.js';
import { isFunction, rangeOf, unwrap, type Node } from '../ast/nodes.js';
import { helperMethodOf, namedArguments, sendingCalleeName, type HelperMethod } from '../requests/sending-calls.js';
import type { FileIndex } from '../file-index/file-index.js';
import type { HttpCall, StatedMethod } from '../requests/http-calls.js';
import type { SoapClientCall } from '../soap/soap-client-calls.js';
import { soapRequestGroups, valuesSentBy, type SoapSite, type SoapSiteKind } from '../soap/soap-requests.js';
import type { CallForm, RetirementFacts, TextEdit } from '../types.js';
import { countsForHosts, explicitHostOf, isOnHost } from '../url/match.js';
import { flatText, segmentPositionOf, syntheticText, toUrlParts, type PartsView, type Segment } from '../url/segments.js';
import { methodWrittenBeside } from '../requests/method-beside-url.js';
import { methodEdits } from './method-edit.js';
import { rewritePathEdits } from './rewrite-url.js';
import { statementStartOf } from './statement.js';
import { constantValueOf, evaluateExpression } from '../url/evaluate.js';
import { globalStores } from '../modules/exported-values.js';

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

/** A request to a retired path whose method the code does not say, while another method of that path stays available. */
export interface UnresolvedMethodSite {
  readonly range: readonly [number, number];
  /** The path as the entries write it (`/me/tracks`). */
  readonly path: string;
  readonly retiredMethods: readonly HttpMethod[];
  readonly liveMethods: readonly HttpMethod[];
  readonly entryIds: readonly string[];
}

/** What the retirement finder found in one file. */
export interface RetiredCallsOfFile {
  readonly calls: readonly RetiredCall[];
  /** Not reported: the method cannot be read and the path has a live method. */
  readonly unresolvedMethod: readonly UnresolvedMethodSite[];
  /** URLs left out because the host they name is not their API's (what `"*"` hosts would add). */
  readonly otherHostCount: number;
  /** The HTTP requests among them (their calls): another vendor's, which read their values for that vendor. */
  readonly otherHostCalls: readonly Node[];
}

/** A finding while the analysis still knows which string-building expression its URL edit lives in. */
interface Draft {
  call: RetiredCall;
  container: Node | undefined;
  /** The request this finding was made of (HTTP requests only). */
  request?: HttpCall;
  /** The SOAP site this finding stands for (SOAP findings only). */
  soap?: SoapSite;
}

interface Run {
  readonly index: FileIndex;
  readonly asOf: IsoDay;
  /** The hosts of an entry's API (undefined: every host). */
  readonly hostsOf: (entry: RetirementEntry) => readonly string[] | undefined;
  /** The hosts the other APIs list: a local host one of them names is that API's, not a host the code does not show. */
  readonly claimedOf: (entry: RetirementEntry) => readonly string[];
  readonly unresolvedMethod: UnresolvedMethodSite[];
  otherHostCount: number;
  readonly otherHostCalls: Node[];
}

/** A URL-shaped value with its retired-path matches, where to report it and how its method is known. */
interface PathSite {
  readonly form: CallForm;
  readonly node: Node;
  readonly segments: readonly Segment[];
  readonly view: PartsView;
  readonly matches: readonly UrlMatch[];
  readonly stated: StatedMethod | undefined;
  readonly clientVia?: readonly [number, number];
}

function baseFacts(run: Run, entry: RetirementEntry, form: CallForm, node: Node, range: readonly [number, number] = rangeOf(node)) {
  return {
    entry,
    replacements: entry.replacements,
    phase: phaseOf(entry, run.asOf),
    form,
    range,
    todoText: todoText(entry, run.asOf),
    statementStart: statementStartOf(node, run.index.scope, run.index.file.text),
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
  const { segment } = segmentPositionOf(site.view, site.segments.length, match.pathStart.part, match.pathStart.offset);
  return site.segments[segment]?.container;
}

/**
 * The findings of one URL site. Where the code says its method, one per matched entry. Where it does
 * not, the site is one finding that names every retired method of the path (`GET or PATCH`), unless
 * some method of the path stays available: then it may be a live call, and it is not reported.
 */
function pathFindings(run: Run, site: PathSite): Draft[] {
  if (site.matches.length === 1 && site.matches[0]!.method !== undefined) return [pathFinding(run, site, site.matches[0]!, undefined)];
  if (site.matches.length === 0) return [];
  const method = site.matches[0]!.method;
  if (method !== undefined) return site.matches.map((match) => pathFinding(run, site, match, undefined));
  const liveMethods = [...new Set(site.matches.flatMap((match) => match.entry.liveMethods ?? []))];
  const pending = site.matches.some((match) => phaseOf(match.entry, run.asOf) === 'scheduled') && site.matches.some((match) => phaseOf(match.entry, run.asOf) !== 'scheduled');
  if (liveMethods.length > 0 || pending) {
    run.unresolvedMethod.push({
      range: rangeOf(site.node),
      path: site.matches[0]!.entry.path,
      retiredMethods: site.matches.flatMap((match) => (match.entry.method === '*' ? [] : [match.entry.method])),
      liveMethods,
      entryIds: site.matches.map((match) => match.entry.id),
    });
    return [];
  }
  if (site.matches.length === 1) return [pathFinding(run, site, site.matches[0]!, undefined)];
  return [unknownMethodFinding(run, site)];
}

const phaseOrder = { scheduled: 0, deprecated: 1, retired: 2 } as const;

/** One request to a path with several retired methods, the method not said: one finding, a TODO listing each method's replacements. */
function unknownMethodFinding(run: Run, site: PathSite): Draft {
  const matches = [...site.matches].sort((a, b) => phaseOrder[phaseOf(a.entry, run.asOf)] - phaseOrder[phaseOf(b.entry, run.asOf)]);
  const methods = matches.map((match) => match.entry.method).filter((method): method is HttpMethod => method !== '*');
  const alternatives = matches.map((match) => `${match.entry.method} ${match.entry.path}`).join(' or ');
  const cause = `the code does not say its method, so this may be ${alternatives}`;
  const drafts = matches.map((match) => pathFinding(run, site, match, cause));
  const first = drafts[0]!;
  const replacements = uniqueEndpoints(matches.flatMap((match) => match.entry.replacements));
  const candidates = drafts.flatMap((draft) => draft.call.candidates).filter((candidate, index, all) => all.findIndex((other) => sameEndpoint(other.replacement, candidate.replacement)) === index);
  const todo = todoText({ ...first.call.entry, retiredKey: first.call.retiredKey, migration: 'todo', todoReason: cause, replacements }, run.asOf);
  const entries = matches.filter((match) => match.entry.method !== '*').map((match) => match.entry);
  return { ...first, call: { ...first.call, migration: 'todo', edits: [], replacements, candidates, methods, entries, todoCause: cause, todoText: todo } };
}

const sameEndpoint = (a: Endpoint, b: Endpoint): boolean => a.method === b.method && a.path === b.path;
const uniqueEndpoints = (endpoints: readonly Endpoint[]): Endpoint[] => endpoints.filter((endpoint, index) => endpoints.findIndex((other) => sameEndpoint(other, endpoint)) === index);

/**
 * `GET /v1/campaigns/{id}`, the path alone when the code does not say its method. A prefix entry
 * (`/v1/reportingstats/agency`, every path below it) names the request's own path where the code
 * shows all of it (`POST /v1/reportingstats/agency`), and `GET /v1/reportingstats/agency/…` where its
 * end is not known.
 */
function retiredKeyOf(entry: UrlMatch['entry'], method: UrlMatch['method'], knownPath?: string): string {
  const path = entry.scope !== 'prefix' ? entry.path : knownPath ?? `${entry.path}/…`;
  if (method === undefined) return path;
  return `${entry.scope === 'prefix' ? method : entry.method} ${path}`;
}

function pathFinding(run: Run, site: PathSite, match: UrlMatch, ambiguity: string | undefined): Draft {
  const { entry, method } = match;
  // A prefix entry's own key (`/v1/reportingstats/agency/…`) says neither the method nor the path: the TODO names the request's.
  // Where the URL goes on with a value the code does not show, the message adds the `…` (`/v1/reportingstats/agency…`).
  const retiredKey = retiredKeyOf(entry, method, entry.scope !== 'prefix' ? undefined : match.openEnd === true ? entry.path : knownPathOf(site.view.parts, match));
  const facts = baseFacts(run, entry, site.form, site.node);
  const base = {
    ...facts,
    ...(entry.scope === 'prefix' ? { todoText: todoText({ ...entry, retiredKey }, run.asOf) } : {}),
    retiredKey,
    method,
    host: match.host,
    ...(site.clientVia ? { clientVia: site.clientVia } : {}),
  };
  // A candidate with another method (`GET /v1/buyer/stats/operations` for a POST) is a different
  // call, not a switch of this one; it is offered only when it is the entry's sole replacement. And
  // replacements of several methods are a workflow (the asynchronous reporting's POST, poll, GET): no
  // one of them is a switch of this call, so none is offered.
  const workflow = new Set(entry.replacements.map((replacement) => replacement.method)).size > 1;
  const candidatesOf = (): RetirementFacts['candidates'] =>
    workflow ? [] : entry.replacements.flatMap((replacement) => {
      if (replacement.method !== entry.method && entry.replacements.length > 1) return [];
      const result = editsTowards(run, site, match, replacement);
      return 'edits' in result ? [{ replacement, edits: result.edits }] : [];
    });
  const todo = (todoCause: string | undefined): Draft => ({
    call: { ...base, migration: 'todo', edits: [], candidates: candidatesOf(), ...(todoCause ? { todoCause } : {}) },
    container: pathContainer(site, match),
  });
  // `/v1/campaigns${suffix}`: the suffix may be more of the path (`/dictionaries/labels`, another
  // entry's or none's); no move of the path is known to be right, so none is offered.
  if (match.openEnd === true) {
    const cause = openEndCause(entry.path);
    const todoFor = ambiguity === undefined ? cause : `${ambiguity}; ${cause}`;
    return {
      call: { ...base, migration: 'todo', edits: [], candidates: [], todoCause: todoFor, todoText: todoText({ ...entry, retiredKey: base.retiredKey, migration: 'todo', todoReason: todoFor }, run.asOf), pathEndUnknown: true },
      container: pathContainer(site, match),
    };
  }
  if (entry.migration !== 'rewrite') return todo(undefined);
  if (ambiguity !== undefined || !match.oneToOne) return todo(ambiguity);
  // `/api/v1/campaigns`: a proxy that forwards to the API would take the new path after its prefix, a
  // route of the app's own server (a BFF) would not have it; the code does not say which.
  if (match.prefix !== undefined) {
    const draft = todo(prefixCause(match.prefix));
    return { ...draft, call: { ...draft.call, todoText: withTodoClause(draft.call.todoText, prefixTodoEnding(match.prefix)) } };
  }
  // `http://localhost:3000/v1/campaigns`: a dev server's proxy to the API would take the new path, a
  // server of the app's own (its routes written like the API's) would not; the code does not say which.
  if (match.host !== undefined && isUnlistedLocalHost(match.host, run.hostsOf(entry), match.scheme, run.claimedOf(entry))) {
    const draft = todo(localHostCause(match.host));
    return { ...draft, call: { ...draft.call, todoText: withTodoClause(draft.call.todoText, localHostTodoEnding(match.host)) } };
  }
  const replacement = entry.replacements[0];
  if (!replacement) return todo(undefined);
  const result = editsTowards(run, site, match, replacement);
  if ('cause' in result) return todo(result.cause);
  const dropped = droppedValuesOf(run, site, match, replacement);
  return { call: { ...base, migration: 'rewrite', edits: result.edits, candidates: [], ...(dropped.length === 0 ? {} : { droppedValues: dropped }) }, container: result.container };
}

/** The values the code writes for the old path's parameters that `replacement` does not take (`${campaignId}`, `42`), as written. */
function droppedValuesOf(run: Run, site: PathSite, match: UrlMatch, replacement: Endpoint): string[] {
  const kept = new Set(templateParams(replacement.path));
  return templateParams(match.entry.path).flatMap((name) => {
    const binding = match.params[name];
    if (kept.has(name) || binding === undefined) return [];
    if (binding.kind === 'text') return [binding.value];
    const segment = site.segments[site.view.sources[binding.part]?.[0]?.segment ?? -1];
    if (segment?.kind !== 'hole' || segment.node === undefined) return [];
    const [start, end] = rangeOf(segment.node);
    const written = run.index.file.text.slice(start, end);
    return [segment.inTemplate ? `\${${written}}` : written];
  });
}

/** Why a path followed directly by a value the code does not show is left to a person. */
export const openEndCause = (path: string): string =>
  `the URL goes on right after ${path} with a value the code does not show, so the end of the path is not known: it may be a longer path that this move would break`;

/** Why a one-to-one move after a static prefix the API does not have (`/api`) is left to a person. */
export const prefixCause = (prefix: string): string =>
  `the path follows ${prefix}, which the API's own URLs do not have: through a proxy or gateway that forwards it to the API the call needs the new path after ${prefix}, but a route of your own server (a BFF) is not the API's call at all`;

/** What the TODO of such a move adds: the prefix, and the two readings of it. */
const prefixTodoEnding = (prefix: string): string => `the URL has ${prefix} before the path: a proxy's prefix (keep it before the new path) or a route of your own server (then this is not the API's call)`;

/** Why a one-to-one move of a request to a local host (`localhost:3000`, `10.0.0.5`) is left to a person. */
export const localHostCause = (host: string): string =>
  `the host ${host} is a local one, not the API's: through a dev server or proxy that forwards it to the API the call needs the new path, but a server of your own is not the API's call at all`;

/** What the TODO of such a move adds: the host, and the two readings of it. */
const localHostTodoEnding = (host: string): string =>
  `the URL's host ${host} is a local one: a proxy to the API (move to the new path) or a server of your own (then this is not the API's call: list the host under another API in sunset.config.json)`;

/** At most this many URLs are spelled out for a site whose path the code chooses among literals. */
const maxVariants = 16;

/** The URLs a site may be, one per choice of each `alternatives` hole (`permitted[index]`); undefined when there is no such hole or too many. */
function variantsOf(segments: readonly Segment[]): Segment[][] | undefined {
  if (!segments.some((segment) => segment.kind === 'hole' && segment.alternatives !== undefined)) return undefined;
  let variants: Segment[][] = [[]];
  for (const segment of segments) {
    const alternatives = segment.kind === 'hole' ? segment.alternatives : undefined;
    if (alternatives === undefined) {
      variants = variants.map((variant) => [...variant, segment]);
      continue;
    }
    variants = variants.flatMap((variant) => alternatives.map((text) => [...variant, { ...syntheticText(text), container: segment.container }]));
    if (variants.length > maxVariants) return undefined;
  }
  return variants;
}

/**
 * The URL a site is matched as: its segments, or, where the code chooses a part among literals, the
 * first choice that names a retired path, with every choice's URL text (`among`) when several do or
 * some do not. Undefined when nothing retired can be called.
 */
function chooseVariant(segments: readonly Segment[], catalog: FileIndex['options']['catalog']): ChosenVariant | undefined {
  const variants = variantsOf(segments);
  if (!variants) {
    const view = toUrlParts(segments);
    const matches = matchUrlShape(view.parts, undefined, catalog);
    return matches.length > 0 ? { segments, view, matches, among: undefined, others: [] } : undefined;
  }
  const matched = variants.map((variant) => {
    const view = toUrlParts(variant);
    return { segments: variant, view, matches: matchUrlShape(view.parts, undefined, catalog) };
  });
  const first = matched.find((variant) => variant.matches.length > 0);
  if (!first) return undefined;
  const among = matched.map((variant) => (variant.matches.length > 0 ? retiredKeyOf(variant.matches[0]!.entry, undefined) : 'a path not retired'));
  // Every choice calls the same entries (`/v1/campaigns${active ? '?active=1' : ''}`): each may keep the same move.
  const entriesOf = (variant: { readonly matches: readonly UrlMatch[] }): string => variant.matches.map((match) => match.entry.id).join(' ');
  const others = matched.every((variant) => entriesOf(variant) === entriesOf(first)) ? matched.filter((variant) => variant !== first) : [];
  return { ...first, among: [...new Set(among)], others };
}

const scratchRun = (run: Run): Run => ({ ...run, unresolvedMethod: [], otherHostCount: 0, otherHostCalls: [] });

/** The URL a site is matched as (`chooseVariant`): `others`, when every choice calls the same entries, are the other choices. */
interface ChosenVariant {
  readonly segments: readonly Segment[];
  readonly view: PartsView;
  readonly matches: UrlMatch[];
  readonly among: readonly string[] | undefined;
  readonly others: readonly { readonly segments: readonly Segment[]; readonly view: PartsView }[];
}

/**
 * The findings of a site whose path the code may choose at run time: where every choice calls the same
 * entries and gets the very same findings (the same move of the same text: `/v1/campaigns${active ?
 * '?active=1' : ''}`), those; else each finding is a TODO naming every choice (`chosenAtRunTime`).
 */
function variantFindings(run: Run, chosen: ChosenVariant, findingsOf: (segments: readonly Segment[], view: PartsView) => Draft[]): Draft[] {
  const drafts = findingsOf(chosen.segments, chosen.view);
  if (chosen.among === undefined) return drafts;
  const key = (found: readonly Draft[]): string =>
    JSON.stringify(found.map(({ call }) => [call.entry.id, call.retiredKey, call.migration, call.edits, call.todoCause ?? '', call.pathEndUnknown === true]));
  const same = chosen.others.length > 0 && chosen.others.every((other) => key(findingsOf(other.segments, other.view)) === key(drafts));
  return same ? drafts : drafts.map((draft) => chosenAtRunTime(run, draft, chosen.among));
}

/** A finding whose path the code chooses at run time: a TODO that names every choice (no rewrite of one of them). */
function chosenAtRunTime(run: Run, draft: Draft, among: readonly string[] | undefined): Draft {
  if (among === undefined) return draft;
  const cause = `the code chooses the path at run time: ${among.slice(0, -1).join(', ')}${among.length > 1 ? ' or ' : ''}${among.at(-1)!}`;
  const { call } = draft;
  const todo = todoText({ ...call.entry, retiredKey: call.retiredKey, migration: 'todo', todoReason: cause }, run.asOf);
  return { ...draft, call: { ...call, migration: 'todo', edits: [], candidates: [], todoCause: cause, todoText: todo, chosenAmong: among } };
}

function operationFinding(run: Run, entry: OperationEntry, form: CallForm, node: Node, range: readonly [number, number], soap: SoapSite, host: string | undefined): Draft {
  return {
    call: { ...baseFacts(run, entry, form, node, range), retiredKey: entry.retiredKey, method: undefined, migration: 'todo', edits: [], candidates: [], host },
    container: undefined,
    soap,
  };
}

/** Names like `GetCampaignsAsJson` are nobody's but the Label/Campaigns WCF services; `GetUsers` is anybody's. */
const isDistinctiveOperation = (match: OperationMatch): boolean => /AsJsonp?$/.test(match.entry.operation);

/**
 * A call made as node-soap's client methods are called: `client.GetUsersAsync(args)`, or
 * `client.GetUsers(args, callback)` with the callback last. An AngularJS or REST service's
 * `userService.GetUsers()` is neither.
 */
function callsLikeNodeSoap(call: SoapClientCall): boolean {
  if (call.match.name !== call.match.entry.operation && call.match.name.endsWith('Async')) return true;
  const last = call.call.arguments.at(-1);
  return call.call.arguments.length >= 2 && last !== undefined && isFunction(unwrap(last));
}

/** The file speaks of SOAP: the word, a WSDL, or a WCF or ASMX service address. */
const mentionsSoap = (index: FileIndex): boolean => index.cached('mentions-soap', () => /soap|wsdl|\.svc\b|\.asmx\b/i.test(index.file.text));

/**
 * Whether a retired operation call counts, given the evidence about its receiver. A receiver the file
 * only uses to call operation-like methods (a parameter) is a SOAP client for a distinctive name
 * (`GetAdvertiserLabelsAsJson`), or for a generic one (`GetUsers`) called as node-soap's methods are or
 * in a file that speaks of SOAP.
 */
function isSoapFinding(run: Run, call: SoapClientCall): boolean {
  if (call.evidence === 'created') return true;
  const names = run.index.scope.projectMethodNames;
  if (names.has(call.match.entry.operation) || names.has(call.match.name)) return false;
  if (isDistinctiveOperation(call.match)) return true;
  return call.evidence === 'used-as-client' && (callsLikeNodeSoap(call) || mentionsSoap(run.index));
}

/** A helper given a value: the name its call shows and how it sends (`helperMethodOf`). */
interface GivenHelper {
  readonly name: string;
  readonly method: HelperMethod;
}

/**
 * The calls outside `reported` requests, not requests themselves and not only reading a URL, that are
 * given a value written in one of `containers` (`postJson(MANAGERS, body)`): a helper this file's
 * analysis does not see into may send it. By container, those functions.
 */
function helpersGiven(index: FileIndex, containers: ReadonlySet<Node>, requests: readonly HttpCall[], reported: readonly HttpCall[]): Map<Node, GivenHelper[]> {
  const given = new Map<Node, GivenHelper[]>();
  const requestCalls = new Set<Node>(requests.map((request) => request.call));
  const inside = reported.map((request) => rangeOf(request.call));
  const context = index.evaluation();
  for (const call of index.scope.calls) {
    if (requestCalls.has(call) || call.arguments.length === 0) continue;
    const [start, end] = rangeOf(call);
    if (inside.some(([from, to]) => from <= start && end <= to)) continue;
    const name = sendingCalleeName(call);
    if (name === undefined) continue;
    const method = helperMethodOf(call, name);
    for (const value of namedArguments(call)) {
      for (const segment of evaluateExpression(value, undefined, context) ?? []) {
        const container = segment.container;
        if (container === undefined || !containers.has(container)) continue;
        // The call the value is written in builds it (`const orders = new URL(`v1/...`, base)`): no other reader.
        const [from, to] = rangeOf(container);
        if (start <= from && to <= end) continue;
        const helpers = given.get(container) ?? [];
        if (!helpers.some((helper) => helper.name === name && helper.method === method)) helpers.push({ name, method });
        given.set(container, helpers);
      }
    }
  }
  return given;
}

/** The globals (`globalThis.LIST`) each of `containers` is stored in, by container (`globalStores`). */
function storedGlobally(index: FileIndex, containers: ReadonlySet<Node>): Map<Node, string[]> {
  const stored = new Map<Node, string[]>();
  const stores = globalStores(index);
  if (stores.length === 0) return stored;
  const context = index.evaluation();
  const add = (container: Node, target: string): void => {
    const targets = stored.get(container) ?? [];
    if (!targets.includes(target)) targets.push(target);
    stored.set(container, targets);
  };
  const visit = (node: Node, target: string): void => {
    const value = unwrap(node);
    if (value.type === 'ObjectExpression' || value.type === 'ArrayExpression') {
      forEachChild(value, (child) => visit(child, target), undefined, undefined);
      return;
    }
    if (value.type === 'Property') {
      visit(value.value as Node, target);
      return;
    }
    for (const segment of evaluateExpression(value, undefined, context) ?? []) {
      if (segment.container !== undefined && containers.has(segment.container)) add(segment.container, target);
    }
  };
  for (const { target, value } of stores) visit(value, target);
  return stored;
}

/**
 * Constants used by calls that migrate differently (or not at all) are not rewritten for one of them:
 * neither for findings that migrate otherwise nor where a request of the file that reports nothing
 * (a POST the entry does not retire, another API's host) reads the same text, which a rewrite would
 * send elsewhere too; nor where the constant is also given to a function the analysis does not see
 * into (`postJson(MANAGERS, body)`: a helper that may POST it). A log line does not count.
 */
function settleSharedContainers(drafts: Draft[], index: FileIndex): void {
  const { requests } = index;
  const byContainer = new Map<Node, Draft[]>();
  for (const draft of drafts) if (draft.container) byContainer.set(draft.container, [...(byContainer.get(draft.container) ?? []), draft]);
  if (byContainer.size === 0) return;
  const reportedRequests = drafts.flatMap((draft) => (draft.request === undefined ? [] : [draft.request]));
  const reported = new Set(reportedRequests);
  const unreportedReaders = new Map<Node, number>();
  for (const request of requests) {
    if (reported.has(request)) continue;
    for (const container of new Set(request.url.flatMap((segment) => (segment.container !== undefined && byContainer.has(segment.container) ? [segment.container] : [])))) {
      unreportedReaders.set(container, (unreportedReaders.get(container) ?? 0) + 1);
    }
  }
  // Only a constant rewritten where it is written can move a helper's call.
  const rewritten = new Set([...byContainer].filter(([, group]) => group.some((draft) => draft.call.migration === 'rewrite')).map(([container]) => container));
  const helpers = rewritten.size === 0 ? new Map<Node, GivenHelper[]>() : helpersGiven(index, rewritten, requests, reportedRequests);
  // Stored in a global (`globalThis.LIST = LIST`): code no analysis sees may send it, as a helper may.
  const globals = rewritten.size === 0 ? new Map<Node, string[]>() : storedGlobally(index, rewritten);
  for (const [container, group] of byContainer) {
    const stored = globals.get(container);
    if (stored !== undefined) {
      const todoCause = `the URL is also stored in ${stored.join(', ')}, which code elsewhere may read and send; a rewrite where it is written would move that request as well`;
      for (const draft of group) if (draft.call.migration === 'rewrite') draft.call = { ...draft.call, migration: 'todo', edits: [], candidates: [], todoCause };
      continue;
    }
    const others = unreportedReaders.get(container) ?? 0;
    // Read by a request: any helper but one that GETs (`apiGet(MANAGERS)`, `call(MANAGERS, 'GET')`: the
    // same move as GETs rewritten alike) may send it elsewhere. Read by no request (a string whose method
    // the code does not show, taken for the retired one): only a helper that says it sends otherwise, by
    // its name (`postJson`) or its call (`call(MANAGERS, 'POST', body)`).
    const readByRequest = group.some((draft) => draft.request !== undefined);
    const allGets = group.every((draft) => draft.call.method === 'GET');
    const given = [
      ...new Set(
        (helpers.get(container) ?? []).filter((helper) => (readByRequest ? !(allGets && helper.method === 'get') : helper.method === 'other')).map((helper) => helper.name),
      ),
    ];
    if (group.length + others < 2 && given.length === 0) continue;
    const editKeys = new Set(group.map((draft) => (draft.call.migration === 'rewrite' ? JSON.stringify(draft.call.edits) : 'todo')));
    if (others === 0 && given.length === 0 && editKeys.size === 1 && !editKeys.has('todo')) continue;
    const todoCause =
      others === 0 && given.length > 0 && editKeys.size === 1 && !editKeys.has('todo')
        ? `the URL is also given to ${given.map((name) => `${name}()`).join(', ')}, which may send it too; a rewrite where it is written would move that call as well`
        : `the URL is written once and used by ${group.length + others} sites that do not all migrate the same way`;
    for (const draft of group) {
      if (draft.call.migration !== 'rewrite') continue;
      draft.call = { ...draft.call, migration: 'todo', edits: [], candidates: [], todoCause };
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

/** The hosts of each entry's API: the built-in API's are `apiHosts` (the rule option or the setting). */
function hostsOfEntries(index: FileIndex, apiHosts: readonly string[] | undefined): (entry: RetirementEntry) => readonly string[] | undefined {
  const { catalog } = index.options;
  return (entry) => {
    const api = catalog.apiOf(entry);
    return api.id === builtinApiId ? apiHosts : api.hosts;
  };
}

/** The hosts each entry's API leaves to the other APIs of the catalog (the built-in one's are `apiHosts`). */
function claimedElsewhere(index: FileIndex, apiHosts: readonly string[] | undefined): (entry: RetirementEntry) => readonly string[] {
  const { catalog } = index.options;
  const hostsOfApi = (id: string, hosts: readonly string[]): readonly string[] => (id === builtinApiId ? (apiHosts ?? []) : hosts);
  const byApi = new Map<string, readonly string[]>();
  return (entry) => {
    const own = catalog.apiOf(entry).id;
    let claimed = byApi.get(own);
    if (claimed === undefined) {
      claimed = [...catalog.apis.values()].flatMap((api) => (api.id === own ? [] : hostsOfApi(api.id, api.hosts))).filter((host) => host !== '*');
      byApi.set(own, claimed);
    }
    return claimed;
  };
}

/**
 * The matches whose host is their API's, or not known: the host the URL names, else one of the hosts
 * its client (a wrapper class) sends to. Counts a URL all of whose matches go to another host.
 */
function onApiHosts(run: Run, matches: readonly UrlMatch[], clientHosts?: readonly string[], sent = true): UrlMatch[] {
  const kept = matches.flatMap((match): UrlMatch[] => {
    const hosts = run.hostsOf(match.entry);
    const claimed = run.claimedOf(match.entry);
    // A string no request sends that names a local host is a page of the app's own dev server
    // (`page.goto('http://localhost:5173/…')`, `cy.visit`, `window.open`): another host's, as before
    // local hosts counted for requests.
    if (!sent && isUnlistedLocalHost(match.host, hosts, match.scheme, claimed)) return [];
    if (match.host !== undefined || clientHosts === undefined) return countsForHosts(match.host, hosts, match.scheme, claimed) ? [match] : [];
    const host = clientHosts.find((candidate) => countsForHosts(candidate, hosts, undefined, claimed));
    return host === undefined ? [] : [{ ...match, host }];
  });
  if (kept.length === 0 && matches.length > 0) run.otherHostCount += 1;
  return kept;
}

/**
 * The URL of the request that sends a string: as its body (written in the call, or the constant it
 * names: `data: envelope`) or anywhere in the call (a `SOAPAction` header of its config). Only URLs
 * that name their host are kept: the rest say nothing a string's own reading does not.
 */
function requestSending(index: FileIndex): (root: Node) => { readonly url: string; readonly call: Node } | undefined {
  const byBody = new Map<Node, { url: string; call: Node }>();
  const calls: { readonly start: number; readonly end: number; readonly url: string; readonly call: Node }[] = [];
  for (const site of index.requests) {
    const url = flatText(site.url);
    if (explicitHostOf(url) === undefined) continue;
    const [start, end] = rangeOf(site.call);
    calls.push({ start, end, url, call: site.call });
    if (site.body) {
      const body = unwrap(site.body);
      const root = body.type === 'Identifier' ? constantValueOf(index.scope.resolve(body)) : body;
      if (root) byBody.set(unwrap(root), { url, call: site.call });
    }
    // What the call sends through its arguments' constants (`soapRequest({ url, headers, xml })` over `const xml = …`).
    for (const { node } of valuesSentBy(site.call, index.evaluation())) if (!byBody.has(node)) byBody.set(node, { url, call: site.call });
  }
  return (root) => {
    const body = byBody.get(root);
    if (body !== undefined) return body;
    const [start, end] = rangeOf(root);
    return calls.find((call) => call.start <= start && end <= call.end);
  };
}

/**
 * Every call of a retired endpoint or operation in the file: HTTP requests, URL-shaped strings, SOAP
 * client calls, envelopes, action strings and WCF addresses; a SOAP request is one finding. Sorted by
 * position. `apiHosts`: the built-in API's hosts (undefined: every host); other APIs bring their own.
 */
export function findRetiredCalls(index: FileIndex, asOf: IsoDay, apiHosts: readonly string[] | undefined): RetiredCallsOfFile {
  const { catalog } = index.options;
  const run: Run = { index, asOf, hostsOf: hostsOfEntries(index, apiHosts), claimedOf: claimedElsewhere(index, apiHosts), unresolvedMethod: [], otherHostCount: 0, otherHostCalls: [] };
  const drafts: Draft[] = [];
  const consumed = new Set<Node>(index.notRequestUrls);
  // A string read through a variable that other reads see too (`shared`) is not used up by this one.
  const consume = (segments: readonly Segment[], except?: Node): void => {
    for (const segment of segments) {
      if (segment.container && segment.container !== except && segment.shared !== true) consumed.add(segment.container);
      if (segment.kind === 'hole') for (const choice of segment.choices ?? []) consumed.add(choice);
    }
  };

  for (const site of index.requests) {
    const chosen = chooseVariant(site.url, catalog);
    if (!chosen) continue;
    consume(site.url);
    // The URL expression itself (`API_BASE + PATH`, both known): reported here as the request, not again as a string.
    consumed.add(site.urlNode).add(unwrap(site.urlNode));
    const matched = matchUrlShape(chosen.view.parts, site.method.method, catalog);
    const matches = onApiHosts(run, matched, site.clientHosts);
    if (matches.length === 0 && matched.length > 0) run.otherHostCalls.push(site.call);
    if (matches.length > 0) {
      const found = variantFindings(run, chosen, (segments, view) => {
        // Another choice is only compared: what it would note goes to a scratch run.
        const into = view === chosen.view ? run : scratchRun(run);
        const variantMatches = view === chosen.view ? matches : onApiHosts(into, matchUrlShape(view.parts, site.method.method, catalog), site.clientHosts);
        return pathFindings(into, { form: site.form, node: site.urlNode, segments, view, matches: variantMatches, stated: site.method, ...(site.clientVia ? { clientVia: site.clientVia } : {}) });
      });
      // A request that is never rewritten here (`keepsTodo`): its moves are TODOs saying why.
      const cause = site.keepsTodo;
      drafts.push(
        ...found.map((draft) => ({
          ...draft,
          request: site,
          ...(cause !== undefined && draft.call.migration === 'rewrite' ? { call: { ...draft.call, migration: 'todo' as const, edits: [], candidates: [], todoCause: cause, todoText: withTodoClause(draft.call.todoText, cause) } } : {}),
        })),
      );
    }
  }
  for (const call of index.soapClientCalls) {
    if (!isSoapFinding(run, call)) continue;
    // A client made from an address on another API's host (an intranet's own WCF service) is that host's.
    if (call.address !== undefined && !isOnHost(call.address, run.hostsOf(call.match.entry), run.claimedOf(call.match.entry))) {
      run.otherHostCount += 1;
      continue;
    }
    const host = call.address === undefined ? undefined : explicitHostOf(call.address);
    drafts.push(operationFinding(run, call.match.entry, 'soap-client', call.nameNode, rangeOf(call.nameNode), { entryId: call.match.entry.id, kind: 'client', literal: undefined, call: call.call }, host));
  }
  const sentTo = index.soapStrings.length === 0 ? undefined : requestSending(index);
  const otherHostRequests = new Set<Node>();
  for (const hit of index.soapStrings) {
    // `expect(body).toContain('<GetCampaigns')`, `action === '…/GetCampaigns'`: what the code checks, not what it sends.
    if (index.testedStrings.has(hit.root)) continue;
    // nock's `.matchHeader('SOAPAction', '…/GetCampaigns')`, `.post(path, envelope)`: what a test double matches.
    if (index.serverRoutePaths.has(hit.root)) continue;
    // An envelope or an action names no host; the request that sends it does (`$.ajax({ url, data: envelope, headers })`).
    const sending = hit.urlToken === undefined ? sentTo?.(hit.root) : undefined;
    const written = hit.urlToken ?? sending?.url;
    if (written !== undefined && !isOnHost(written, run.hostsOf(hit.match.entry), run.claimedOf(hit.match.entry))) {
      // An envelope and its action sent by one request are counted once.
      if (sending === undefined || !otherHostRequests.has(sending.call)) run.otherHostCount += 1;
      if (sending !== undefined) otherHostRequests.add(sending.call);
      continue;
    }
    const kind: SoapSiteKind = hit.form === 'soap-envelope' ? 'envelope' : hit.isActionHeader ? 'action-header' : 'action';
    const range = hit.form === 'soap-envelope' ? (hit.nameRange ?? rangeOf(hit.literal)) : rangeOf(hit.literal);
    const soap: SoapSite = { entryId: hit.match.entry.id, kind, literal: hit.form === 'wcf-url' ? undefined : hit.literal, call: undefined };
    drafts.push(operationFinding(run, hit.match.entry, hit.form, hit.literal, range, soap, written === undefined ? undefined : explicitHostOf(written)));
  }

  const standalone: ({ root: Node } & ChosenVariant)[] = [];
  for (const { node, segments } of index.strings) {
    if (!segments || consumed.has(node)) continue;
    const chosen = chooseVariant(segments, catalog);
    if (chosen) standalone.push({ root: node, ...chosen });
  }
  // A constant read by a larger URL expression is reported there, not again on its own.
  for (const found of standalone) consume(found.segments, found.root);
  for (const found of standalone) {
    if (consumed.has(found.root)) continue;
    // A method written beside the URL (`{ url, method: 'PUT' }`, `client.fetch(url, { method })`) says which entry it calls.
    const stated = methodWrittenBeside(found.root, index.scope);
    const matches = onApiHosts(run, stated ? matchUrlShape(found.view.parts, stated.method, catalog) : found.matches, undefined, false);
    if (matches.length === 0) continue;
    drafts.push(
      ...variantFindings(run, found, (segments, view) => {
        const into = view === found.view ? run : scratchRun(run);
        const variantMatches = view === found.view ? matches : onApiHosts(into, matchUrlShape(view.parts, stated?.method, catalog), undefined, false);
        return pathFindings(into, { form: 'url-string', node: found.root, segments, view, matches: variantMatches, stated });
      }),
    );
  }

  settleSharedContainers(drafts, index);
  const seen = new Set<string>();
  const calls = mergeSoapRequests(run, drafts)
    .map((draft) => draft.call)
    .filter((call) => {
      const key = `${call.entry.id}@${call.range[0]}:${call.range[1]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.entry.id.localeCompare(b.entry.id));
  return { calls, unresolvedMethod: run.unresolvedMethod, otherHostCount: run.otherHostCount, otherHostCalls: run.otherHostCalls };
}
