import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';
import { findOAuthProblems, type OAuthProblem, type OAuthProblemKind } from '@sunset/analysis';
import { mightContainRequestCheckTarget } from '@sunset/rule-data';
import { resolveSunsetOptions, type ResolvedSunsetOptions } from '../settings.js';
import type { SunsetRuleDocs } from './create-rule.js';
import { createRule } from './create-rule.js';
import { interpolate } from './describe-finding.js';
import type { RequestRuleId, RuleHooks } from './rule-hooks.js';

export type RequestRuleModule<MessageId extends string, Options extends readonly unknown[]> = TSESLint.RuleModule<MessageId, Options, SunsetRuleDocs> & {
  name: string;
};

/** One problem a request rule reports: where, which message, with what data. */
export interface RequestReport<MessageId extends string> {
  /** The analysis' problem kind. */
  readonly check: string;
  readonly range: readonly [number, number];
  readonly messageId: MessageId;
  readonly data: Readonly<Record<string, string>>;
}

export interface RequestRuleSpec<MessageId extends string, Options extends readonly unknown[]> {
  readonly name: RequestRuleId extends `sunset/${infer Name}` ? Name : never;
  readonly description: string;
  readonly messages: Readonly<Record<MessageId, string>>;
  readonly schema: JSONSchema4[];
  readonly defaultOptions: Options;
  /** The problems of one file; `program` is ESLint's AST (memoize through `hooks.memo`). */
  readonly check: (program: TSESTree.Program, sourceText: string, options: ResolvedSunsetOptions, ruleOptions: Options) => RequestReport<MessageId>[];
}

/**
 * Builds a rule that checks requests (report limits, OAuth usage). Like the retirement rules it skips
 * files the needle test rules out, reports through ESLint and hands every report to `onFinding`
 * with its position and message, without a retirement entry.
 */
export function createRequestRule<MessageId extends string, Options extends readonly unknown[]>(
  spec: RequestRuleSpec<MessageId, Options>,
  hooks: RuleHooks,
): RequestRuleModule<MessageId, Options> {
  const ruleId = `sunset/${spec.name}` as RequestRuleId;
  return createRule<Options, MessageId>({
    name: spec.name,
    meta: {
      type: 'problem',
      docs: { description: spec.description, recommended: true },
      messages: spec.messages,
      schema: spec.schema,
      defaultOptions: spec.defaultOptions,
    },
    create(context, ruleOptions) {
      const { sourceCode } = context;
      // Files without a reporting or identity endpoint or an OAuth name get no listener: no analysis runs.
      if (!hooks.memo.passesNeedleTest(sourceCode, mightContainRequestCheckTarget, () => mightContainRequestCheckTarget(sourceCode.text))) return {};
      const options = resolveSunsetOptions(hooks.memo.settingsOf(context.settings), {}, ruleId);
      return {
        Program(program: TSESTree.Program): void {
          for (const report of spec.check(program, sourceCode.text, options, ruleOptions as Options)) {
            const loc = { start: sourceCode.getLocFromIndex(report.range[0]), end: sourceCode.getLocFromIndex(report.range[1]) };
            context.report({ loc, messageId: report.messageId, data: report.data });
            hooks.onFinding?.({
              ruleId,
              finding: { check: report.check, range: report.range },
              line: loc.start.line,
              column: loc.start.column + 1,
              endLine: loc.end.line,
              endColumn: loc.end.column + 1,
              message: interpolate(spec.messages[report.messageId], report.data),
            });
          }
        },
        'Program:exit'(program: TSESTree.Program): void {
          hooks.memo.release(program);
        },
      };
    },
  });
}

/**
 * Hosts an identity URL must name to be checked: `apiHosts` and `identityHosts` together (the
 * identity provider usually has its own host, {auth_url}); undefined when neither is set (any host).
 */
export function identityHostsOf(options: ResolvedSunsetOptions): readonly string[] | undefined {
  if (options.apiHosts === undefined && options.identityHosts === undefined) return undefined;
  return [...(options.apiHosts ?? []), ...(options.identityHosts ?? [])];
}

/** The OAuth analysis of one file, shared by the five OAuth rules through the plugin's memo. */
export function oauthProblemsOf(hooks: RuleHooks, program: TSESTree.Program, sourceText: string, options: ResolvedSunsetOptions): readonly OAuthProblem[] {
  const identityHosts = identityHostsOf(options);
  const key = `oauth:${JSON.stringify(identityHosts ?? null)}`;
  return hooks.memo.requestChecksOf(program, key, () =>
    findOAuthProblems(program, sourceText, {
      programIndex: hooks.memo.programIndexOf(program, sourceText),
      ...(identityHosts !== undefined && { identityHosts }),
    }),
  );
}

/** The OAuth problems of the given kinds, as reports with the message id of each kind. */
export function oauthReports<MessageId extends string>(
  problems: readonly OAuthProblem[],
  messageIds: Readonly<Partial<Record<OAuthProblemKind, MessageId>>>,
  data: (problem: OAuthProblem) => Record<string, string>,
): RequestReport<MessageId>[] {
  return problems.flatMap((problem) => {
    const messageId = messageIds[problem.kind];
    return messageId === undefined ? [] : [{ check: problem.kind, range: problem.range, messageId, data: data(problem) }];
  });
}
