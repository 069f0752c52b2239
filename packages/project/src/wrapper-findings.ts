import { analyzeFile, indexFile, retirementNotesOf, type AnalysisOptions, type Finding } from '@sunset/analysis';
import { parseSource } from '@sunset/engine';
import { ruleMessages, type UrlPart } from '@sunset/rule-data';
import { ts } from 'ts-morph';
import type { ValueDeclaration } from './type-resolver.js';
import type { RequestSink, WrapperCall } from './wrappers.js';

/** A finding made at a wrapper's call: the analysis' own finding for the value the sink would receive. */
export interface WrapperFinding {
  readonly finding: Finding;
  readonly call: WrapperCall;
  readonly sinks: readonly RequestSink[];
  /** Where the values the call passes are declared (of every argument naming this request). */
  readonly declarations: readonly ValueDeclaration[];
}

const templateText = (parts: readonly UrlPart[]): string =>
  parts.map((part) => (part.kind === 'hole' ? '${unknown}' : part.value.replace(/[\\`]/g, '\\$&').replace(/\$\{/g, '\\${'))).join('');

/**
 * The request a sink makes with the call's value in it, written as the smallest program the
 * analysis recognises: `fetch(`…`, { method })` for a URL, a body for an envelope (a SOAP string
 * starting with `<`, or a SOAP request's whole body), a `SOAPAction` header for another SOAP string.
 */
function sinkProgram(sink: RequestSink, value: readonly UrlPart[]): string {
  const parts = sink.parts.flatMap((part) => (part.kind !== 'param' ? [part] : part.joined === true ? withoutLeadingSlashes(value) : value));
  const text = templateText(parts);
  if (sink.kind === 'soap-body') return `fetch(url, { body: \`${text}\` });\n`;
  if (sink.kind === 'soap') return text.startsWith('<') ? `fetch(url, { body: \`${text}\` });\n` : `fetch(url, { headers: { SOAPAction: \`${text}\` } });\n`;
  // A method the wrapper does not know stays unknown (an undeclared name), never fetch's default GET.
  return `fetch(\`${text}\`, { method: ${sink.method === undefined ? 'method' : `'${sink.method}'`} });\n`;
}

/** A path as a client joins it to its base: its leading slashes dropped (axios' `combineURLs`). */
function withoutLeadingSlashes(value: readonly UrlPart[]): readonly UrlPart[] {
  const [first, ...rest] = value;
  return first?.kind === 'text' ? [{ kind: 'text', value: first.value.replace(/^\/+/, '') }, ...rest] : value;
}

/** The statement (or class member) a call is written in: where a TODO comment goes. */
function statementStartOf(node: ts.Node): number {
  let current = node;
  while (current.parent !== undefined && !ts.isSourceFile(current.parent) && !ts.isBlock(current.parent) && !ts.isClassLike(current.parent) && !ts.isModuleBlock(current.parent)) {
    current = current.parent;
  }
  return current.getStart();
}

/** Where a sink names the request, from the most precise place to the least (as the analysis ranks a SOAP request's places). */
function precedenceOf(sinks: readonly RequestSink[], value: readonly UrlPart[]): number {
  return Math.min(
    ...sinks.map((sink) => {
      if (sink.kind === 'url') return 2;
      if (sink.kind === 'soap-body') return 0;
      const first = (sink.parts[0]?.kind === 'param' ? value[0] : sink.parts[0]) ?? { kind: 'hole' };
      return first.kind === 'text' && first.value.trimStart().startsWith('<') ? 0 : 1;
    }),
  );
}

const relatedMessageIds = ['relatedEnvelope', 'relatedSoapActionHeader', 'relatedActionString'] as const;

/**
 * The rewrite of a wrapper call's argument for a one-to-one move: only a string literal (no escapes)
 * that holds the whole retired path once, towards one replacement of the same method and without
 * parameters (the method, if any, is written inside the wrapper). Undefined otherwise.
 */
function literalArgumentEdit(argument: ts.Expression, retirement: NonNullable<Finding['retirement']>, sink: RequestSink): { fix?: Finding['fix']; cause?: string } {
  const { entry } = retirement;
  const replacement = entry.replacements[0];
  if (entry.kind !== 'path' || entry.migration !== 'rewrite' || entry.replacements.length !== 1 || replacement === undefined) return {};
  if (replacement.method !== entry.method || entry.path.includes('{') || replacement.path.includes('{')) return {};
  if (!ts.isStringLiteral(argument) && !ts.isNoSubstitutionTemplateLiteral(argument)) return {};
  const raw = argument.getText().slice(1, -1);
  if (raw !== argument.text) return {};
  if (raw.split(entry.path).length === 2) {
    const start = argument.getStart() + 1 + raw.indexOf(entry.path);
    return { fix: [{ range: [start, start + entry.path.length], text: replacement.path }] };
  }
  // A path a client joins to its base (`adform.get(path)`, the base `…/v1`): the part after the base is
  // rewritten, the base kept, as `sunset fix` rewrites `adform.get('/campaigns')`.
  const joined = sink.parts.findIndex((part) => part.kind === 'param' && part.joined === true);
  const before = sink.parts.slice(0, joined);
  if (sink.kind !== 'url' || joined === -1 || !before.every((part) => part.kind === 'text')) return {};
  const base = before.map((part) => (part as UrlPart & { kind: 'text' }).value).join('');
  const basePath = base.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^(?!\/)/, '/');
  const leading = raw.length - raw.replace(/^\/+/, '').length;
  const full = basePath + raw.slice(leading);
  const at = full.indexOf(entry.path);
  if (at === -1 || at !== full.lastIndexOf(entry.path)) return {};
  const rewritten = full.slice(0, at) + replacement.path + full.slice(at + entry.path.length);
  if (!rewritten.startsWith(basePath)) return { cause: `the new path does not start with the client's base (${base.replace(/\/+$/, '')}), which the wrapper's other calls share` };
  const start = argument.getStart() + 1 + leading;
  return { fix: [{ range: [start, argument.getEnd() - 1], text: rewritten.slice(basePath.length) }] };
}

/**
 * One finding per wrapper call and retired entry, at the call's argument: the analysis checks the
 * request each sink would make with the argument's value; the facts and wording are the analysis'
 * own. The analysis' rewrite edits the synthetic request, not this file: a one-to-one move is
 * rewritten here only in a string literal argument (`literalArgumentEdit`), otherwise it is a TODO
 * (or `fix --project` rewrites the constant the argument names, where it is declared).
 * One call passing the same request's operation in two arguments (`call(service, action, body)`: the
 * SOAPAction and the envelope) is one finding, at the most precise one, the other related to it.
 */
export function wrapperFindings(calls: readonly WrapperCall[], options: AnalysisOptions): WrapperFinding[] {
  const byRequest = new Map<string, { result: WrapperFinding; precedence: number; others: { result: WrapperFinding; precedence: number }[] }>();
  for (const result of wrapperFindingsOfArguments(calls, options)) {
    const key = `${result.call.file}:${result.call.call.pos}:${result.finding.retirement!.entry.id}`;
    const precedence = precedenceOf(result.sinks, result.call.value.parts);
    const known = byRequest.get(key);
    if (known === undefined) {
      byRequest.set(key, { result, precedence, others: [] });
      continue;
    }
    const [primary, other] = precedence < known.precedence ? [{ result, precedence }, { result: known.result, precedence: known.precedence }] : [known, { result, precedence }];
    byRequest.set(key, { result: primary.result, precedence: primary.precedence, others: [...known.others, other] });
  }
  return [...byRequest.values()].map(({ result, others }) => {
    if (others.length === 0) return result;
    const messages = (ruleMessages as Readonly<Record<string, Readonly<Record<string, string>>>>)[result.finding.rule] ?? {};
    const related = others
      .flatMap((other) => {
        const message = messages[relatedMessageIds[other.precedence]!];
        return message === undefined ? [] : [{ range: other.result.finding.range, message }];
      })
      .sort((a, b) => a.range[0] - b.range[0]);
    return {
      ...result,
      finding: { ...result.finding, related },
      sinks: [...result.sinks, ...others.flatMap((other) => other.result.sinks)],
      declarations: [...result.declarations, ...others.flatMap((other) => other.result.declarations)],
    };
  });
}

function wrapperFindingsOfArguments(calls: readonly WrapperCall[], options: AnalysisOptions): WrapperFinding[] {
  const results: WrapperFinding[] = [];
  for (const call of calls) {
    const byEntry = new Map<string, { finding: Finding; sinks: RequestSink[] }>();
    for (const sink of call.sinks) {
      const parsed = parseSource(sinkProgram(sink, call.value.parts), 'sink.ts');
      if (!parsed.ok) continue;
      for (const found of analyzeFile(parsed.file, options)) {
        if (found.retirement === undefined) continue;
        const edit = found.retirement.migration === 'rewrite' ? literalArgumentEdit(call.argument, found.retirement, sink) : {};
        const known = byEntry.get(found.retirement.entry.id);
        if (known !== undefined) {
          known.sinks.push(sink);
          // Sinks that would rewrite the argument differently (two bases): no rewrite.
          if (known.finding.fix !== undefined && JSON.stringify(known.finding.fix) !== JSON.stringify(edit.fix)) known.finding = { ...known.finding, fix: undefined };
          continue;
        }
        const range: [number, number] = [call.argument.getStart(), call.argument.getEnd()];
        const finding: Finding = {
          rule: found.rule,
          messageId: found.messageId,
          data: found.data,
          message: found.message,
          range,
          suggestions: [],
          related: [],
          ...(edit.fix === undefined ? {} : { fix: edit.fix }),
          retirement: {
            ...found.retirement,
            candidates: [],
            statementStart: statementStartOf(call.call),
            ...(edit.cause === undefined ? {} : { migration: 'todo' as const, todoCause: edit.cause }),
          },
        };
        byEntry.set(found.retirement.entry.id, { finding, sinks: [sink] });
      }
    }
    for (const { finding, sinks } of byEntry.values()) results.push({ finding, call, sinks, declarations: call.value.declarations });
  }
  return results;
}

/**
 * The wrapper calls whose every request goes to another API's host (`snapGet('/v1/campaigns')` over
 * `` fetch(`${SNAP}${path}`) ``, `SNAP` Snapchat's): that vendor's requests, as the analysis leaves out
 * the same request written in one file. Their arguments are no strings of ours to report.
 */
export function otherHostWrapperCalls(calls: readonly WrapperCall[], options: AnalysisOptions): WrapperCall[] {
  return calls.filter(
    (call) =>
      call.sinks.length > 0 &&
      call.sinks.every((sink) => {
        if (sink.kind !== 'url') return false;
        const parsed = parseSource(sinkProgram(sink, call.value.parts), 'sink.ts');
        return parsed.ok && retirementNotesOf(indexFile(parsed.file, options), options).otherHostCount > 0;
      }),
  );
}
