import { builtinApiHostsOf, ruleOptionsMeta, type RetirementRuleOptions } from '@sunset/config';
import { daysBetween, describeEndpoint, describePhase, mightContainRetiredCall, phaseLabel, type Endpoint, type Family, type IsoDay, type Phase, type RetirementEntry } from '@sunset/rule-data';
import type { Node } from '../ast/nodes.js';
import type { FileIndex } from '../file-index/file-index.js';
import { findRetiredCalls, type RetiredCall, type RetiredCallsOfFile } from '../retirement/find-retired-calls.js';
import { todoCommentEdit } from '../todo/comment-edit.js';
import { hasTodoAbove, todoMarkerAbove } from '../todo/markers.js';
import { hasCrossFileHook, type AnalysisOptions, type Finding, type RelatedLocation, type RetirementFacts, type Suggestion } from '../types.js';
import { byRange, messageOf, type Check } from './check.js';

/** `use GET /v1/buyer/campaigns`, `use one of A, B or C`, or `GetCampaignCategories has no replacement`. */
function replacementAdvice(entry: RetirementEntry, replacements: readonly Endpoint[]): string {
  const names = replacements.map(describeEndpoint);
  if (names.length === 0) return `${entry.retiredKey} has no replacement`;
  if (names.length === 1) return `use ${names[0]}`;
  return `use one of ${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The message data of an entry: its key, phase, schedule and replacements (shared with `no-sunset-todo`). */
export function retirementData(entry: RetirementEntry, retiredKey: string, phase: Phase, replacements: readonly Endpoint[], asOf: IsoDay): Record<string, string> {
  return { retiredKey, phase: phaseLabel(phase), schedule: describePhase(entry, asOf), replacements: replacementAdvice(entry, replacements) };
}

/** Deprecated and retired entries are always reported; scheduled ones only when asked and near enough. */
export function isReportable(call: RetiredCall, asOf: IsoDay, reportScheduled: boolean, scheduledWithinDays: number): boolean {
  if (call.phase !== 'scheduled') return true;
  return reportScheduled && daysBetween(asOf, call.entry.schedule.gaEnds) <= scheduledWithinDays;
}

function suggestion(rule: RetirementRule, messageId: 'insertTodo' | 'switchToCandidate', data: Record<string, string>, edits: Suggestion['edits']): Suggestion {
  return { messageId, data, message: messageOf(rule, messageId, data), edits };
}

/** A TODO comment above the statement (unless one is there), then a switch to each bindable candidate. */
function suggestionsFor(rule: RetirementRule, call: RetiredCall, text: string): Suggestion[] {
  const rewrite = call.migration === 'rewrite' && call.edits.length > 0 ? [{ replacement: call.replacements[0]!, edits: call.edits }] : [];
  const candidates = [...rewrite, ...call.candidates]
    .filter((candidate) => candidate.edits.length > 0)
    .map((candidate) => suggestion(rule, 'switchToCandidate', { replacement: describeEndpoint(candidate.replacement) }, candidate.edits));
  if (hasTodoAbove(text, call.statementStart, call.entry.id)) return candidates;
  return [suggestion(rule, 'insertTodo', { entryId: call.entry.id }, [todoCommentEdit(text, call.statementStart, call.todoText)]), ...candidates];
}

const relatedMessageIds = {
  envelope: 'relatedEnvelope',
  'action-header': 'relatedSoapActionHeader',
  action: 'relatedActionString',
  client: 'relatedClientCall',
} as const;

type RetirementRule = 'no-legacy-rest-path' | 'no-retired-soap-operation' | 'no-sync-reporting';

/** `GET or PATCH`, `GET, PUT or DELETE` */
const listMethods = (methods: readonly string[]): string => (methods.length < 2 ? methods.join('') : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)}`);

function findingOf(rule: RetirementRule, call: RetiredCall, index: FileIndex, asOf: IsoDay): Finding {
  const methodsKey = call.methods === undefined ? call.retiredKey : `${call.retiredKey} (${listMethods(call.methods)})`;
  const openKey = call.pathEndUnknown === true ? `${methodsKey}…, the end of the path not known,` : methodsKey;
  const shownKey = call.chosenAmong === undefined ? openKey : `${openKey}, one of ${listMethods(call.chosenAmong)} chosen at run time,`;
  const data = retirementData(call.entry, shownKey, call.phase, call.replacements, asOf);
  const rewrite = call.migration === 'rewrite' && call.edits.length > 0;
  const messageId = rewrite ? 'retiredRewrite' : 'retiredTodo';
  const { entry, retiredKey, method, replacements, phase, migration, form, todoText, statementStart, todoCause, candidates, methods, entries, chosenAmong, pathEndUnknown, host, clientVia, droppedValues } = call;
  const retirement: RetirementFacts = {
    entry,
    retiredKey,
    method,
    replacements,
    phase,
    migration,
    form,
    todoText,
    statementStart,
    ...(todoCause === undefined ? {} : { todoCause }),
    candidates,
    ...(methods === undefined ? {} : { methods }),
    ...(entries === undefined ? {} : { entries }),
    ...(chosenAmong === undefined ? {} : { chosenAmong }),
    ...(pathEndUnknown === undefined ? {} : { pathEndUnknown }),
    host,
    ...(clientVia === undefined ? {} : { clientVia }),
    ...(droppedValues === undefined ? {} : { droppedValues }),
  };
  return {
    rule,
    messageId,
    data,
    message: messageOf(rule, messageId, data),
    range: call.range,
    ...(rewrite ? { fix: call.edits } : {}),
    suggestions: rewrite ? [] : suggestionsFor(rule, call, index.file.text),
    related: [
      ...call.related.map((site) => ({ range: site.range, message: messageOf(rule, relatedMessageIds[site.kind], {}) })),
      ...todoMarkerOf(rule, call, index),
    ],
    retirement,
  };
}

/** The `TODO(sunset:<id>)` marker `fix` left above the call: the same finding's other place, not a second finding. */
function todoMarkerOf(rule: RetirementRule, call: RetiredCall, index: FileIndex): RelatedLocation[] {
  const start = todoMarkerAbove(index.file.text, call.statementStart, call.entry.id);
  const marker = start === undefined ? undefined : index.todoMarkers.find((candidate) => candidate.range[0] === start);
  return marker ? [{ range: marker.range, message: messageOf(rule, 'relatedTodoMarker', { entryId: call.entry.id }) }] : [];
}

/** The retired calls of a file for one day and host list, found once per index. */
export function retiredCallsOf(index: FileIndex, asOf: IsoDay, apiHosts: readonly string[] | undefined): RetiredCallsOfFile {
  return index.cached(retiredCallsKey(asOf, apiHosts), () => findRetiredCalls(index, asOf, apiHosts));
}

/** The cache keys of `retiredCallsOf` by host list and day: written once, not for each of the five askers of every file. */
const retiredCallsKeys = new WeakMap<readonly string[], Map<string, string>>();
const noHostListKeys = new Map<string, string>();

function retiredCallsKey(asOf: IsoDay, apiHosts: readonly string[] | undefined): string {
  let keys = apiHosts === undefined ? noHostListKeys : retiredCallsKeys.get(apiHosts);
  if (keys === undefined) retiredCallsKeys.set(apiHosts!, (keys = new Map()));
  let key = keys.get(asOf);
  if (key === undefined) keys.set(asOf, (key = `retired-calls:${JSON.stringify([asOf, apiHosts ?? null])}`));
  return key;
}

/** What the retirement checks leave unreported in a file, for the faces to say: see `RetiredCallsOfFile`. */
export interface RetirementNotes {
  readonly unresolvedMethod: RetiredCallsOfFile['unresolvedMethod'];
  readonly otherHostCount: number;
}

/** The file's retirement notes at the options' day and hosts (empty where no retired call can be). */
export function retirementNotesOf(index: FileIndex, options: AnalysisOptions): RetirementNotes {
  if (!mightHoldRetiredCall(index)) return { unresolvedMethod: [], otherHostCount: 0 };
  const { unresolvedMethod, otherHostCount } = retiredCallsOf(index, options.asOf, options.apiHosts);
  return { unresolvedMethod, otherHostCount };
}

/** The HTTP requests of the file left out because the host they name is another API's (at the options' day and hosts). */
export function otherHostCallsOf(index: FileIndex, options: AnalysisOptions): readonly Node[] {
  if (!mightHoldRetiredCall(index)) return [];
  return retiredCallsOf(index, options.asOf, options.apiHosts).otherHostCalls;
}

/**
 * The markers that stand for a call the retirement rules report (at the settings' day and hosts):
 * reported there as the call's related place, not again by `no-sunset-todo`.
 */
export function markersOfReportedCalls(index: FileIndex, options: AnalysisOptions): ReadonlySet<number> {
  if (index.todoMarkers.length === 0 || !mightHoldRetiredCall(index)) return new Set();
  const { asOf, apiHosts, reportScheduled, scheduledWithinDays } = options;
  const starts = retiredCallsOf(index, asOf, apiHosts)
    .calls.filter((call) => isReportable(call, asOf, reportScheduled, scheduledWithinDays))
    .map((call) => todoMarkerAbove(index.file.text, call.statementStart, call.entry.id))
    .filter((start): start is number => start !== undefined);
  return new Set(starts);
}

/**
 * The retirement checks look at a file only when its text may hold a retired call (the prefilter's
 * test: a needle, or a path split at it) or a type-aware / cross-file resolver may bring one in from another file.
 * A file is often analysed for the request rules alone (it calls the token endpoint); without this
 * gate such a file would be searched for retired calls that a file without that call never is, so
 * the same code would be reported or not depending on an unrelated line.
 */
function mightHoldRetiredCall(index: FileIndex): boolean {
  return hasCrossFileHook(index.options) || index.cached('retired-needle', () => mightContainRetiredCall(index.file.text, index.options.catalog));
}

/**
 * One of the three retirement checks: they share the finder and differ in the family of entries they
 * report. `fixable` says whether the family's built-in entries can be rewritten in place (a SOAP call
 * or the synchronous report workflow never can); a face that cannot autofix offers `fix` as a suggestion.
 */
export function retirementCheck(rule: RetirementRule, family: Family, description: string, fixable: boolean): Check<readonly [RetirementRuleOptions?]> {
  return {
    meta: {
      name: rule,
      type: 'problem',
      description,
      recommended: true,
      fixable,
      hasSuggestions: true,
      optionsSchema: ruleOptionsMeta[rule].schema,
      defaultOptions: ruleOptionsMeta[rule].defaultOptions,
    },
    run(index, options, [ruleOptions = {}]) {
      const asOf = ruleOptions.asOf ?? options.asOf;
      const apiHosts = ruleOptions.apiHosts === undefined ? options.apiHosts : builtinApiHostsOf(ruleOptions.apiHosts);
      const reportScheduled = ruleOptions.reportScheduled ?? options.reportScheduled;
      const scheduledWithinDays = ruleOptions.scheduledWithinDays ?? options.scheduledWithinDays;
      if (!mightHoldRetiredCall(index)) return [];
      return retiredCallsOf(index, asOf, apiHosts)
        .calls
        .filter((call) => call.entry.family === family && isReportable(call, asOf, reportScheduled, scheduledWithinDays))
        .map((call) => findingOf(rule, call, index, asOf))
        .sort(byRange);
    },
  };
}
