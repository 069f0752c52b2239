import path from 'node:path';
import { analysisOptionsOf, type SunsetOptions } from '@sunset/config';
import {
  checks,
  indexFile,
  lineColumnAt,
  migratedByDeclarations,
  mightNeedAnalysis,
  readDirectives,
  settleSilencedShares,
  silences,
  todoOnlyForTextElsewhere,
  valuesReadBy,
  valuesSentElsewhere,
  type AnalysisOptions,
  type Declaration,
  type CrossFileResolver,
  type FileDirectives,
  type FileIndex,
  type Finding,
  type SourceFile,
} from '@sunset/analysis';
import { retirementRuleNames, type RuleName } from '@sunset/rule-data';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { moduleParserFor, parserOf, type ParseModule } from './module-parser.js';
import { createRelativeModules, type RelativeModules } from './relative-modules.js';
import { readSunsetSettings } from './settings.js';
import { createTypeAwareResolver, type IdentifierResolver } from './type-aware.js';

/** What the rules of one file share: the options from `settings.sunset`, the analysis options and the one index. */
export interface FileAnalysis {
  readonly options: SunsetOptions;
  readonly analysisOptions: AnalysisOptions;
  /** False when the needle test rules the file out: no rule has anything to do. */
  readonly needed: boolean;
  index(): FileIndex;
  /**
   * Whether `sunset fix` migrates this retirement finding by rewriting the values it reads from the
   * modules the file imports by relative path, where they are declared (`migratedByDeclarations`), as
   * `sunset check` says of the same request. False without such values.
   */
  rewrittenWhereDeclared(finding: Finding, rule: RuleName, ruleOptions: readonly unknown[]): boolean;
  /**
   * A rule's findings as it reports them: a rewrite whose edit a finding the file's eslint-disable
   * comments silence makes too (a constant both requests read) is a TODO, as `sunset fix` plans it
   * (`settleSilencedShares`). The silenced ones stay, for ESLint to silence.
   */
  settled(findings: readonly Finding[]): Finding[];
}

/**
 * Per plugin instance: validated settings per settings object, one analysis per file (keyed by
 * ESLint's SourceCode, which lives as long as the file is linted), so ten rules index a file once,
 * and the modules files import by relative path, per settings and parser.
 */
export interface AnalysisMemo {
  fileAnalysis(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): FileAnalysis;
}

/** How the plugin tells the user something is off without failing the lint run (tests pass their own). */
export type WarnFunction = (message: string, code: string) => void;

const typeScriptFile = /\.(?:[cm]?tsx?|vue|svelte|astro)$/i;

const emitProcessWarning: WarnFunction = (message, code) => process.emitWarning(message, { type: 'SunsetWarning', code });

/** Why `typeAware` did nothing for a file, and what to do; said once per plugin instance. */
export function typeAwareWithoutTypesMessage(filename: string): string {
  return (
    `settings.sunset.typeAware is on, but the parser gave no TypeScript program for ${filename} ` +
    '(sourceCode.parserServices has no program), so the rules run without type information and miss URLs built from constants of other files. ' +
    'Under ESLint, parse with @typescript-eslint/parser and set languageOptions.parserOptions.projectService: true; ' +
    'oxlint gives JS plugins no type information: set typeAware only in the ESLint config that has it.'
  );
}

export function createAnalysisMemo(warn: WarnFunction = emitProcessWarning): AnalysisMemo {
  const settingsCache = new WeakMap<object, SunsetOptions>();
  const files = new WeakMap<object, { settings: object; analysis: FileAnalysis }>();
  const modules = new WeakMap<SunsetOptions, WeakMap<object, RelativeModules | null>>();
  let warnedTypeAware = false;

  /** The relative modules read with this parser under these options (none without a parser, e.g. in oxlint). */
  const relativeModulesOf = (options: SunsetOptions, languageOptions: unknown): RelativeModules | undefined => {
    const parser = parserOf(languageOptions);
    if (parser === undefined) return undefined;
    let byParser = modules.get(options);
    if (byParser === undefined) modules.set(options, (byParser = new WeakMap()));
    let found = byParser.get(parser);
    if (found === undefined) {
      const parse = moduleParserFor(parser);
      byParser.set(parser, (found = parses(parse) ? createRelativeModules(analysisOptionsOf(options), parse, options.maxFileSize) : null));
    }
    return found ?? undefined;
  };

  const optionsOf = (settings: object): SunsetOptions => {
    let options = settingsCache.get(settings);
    if (options === undefined) settingsCache.set(settings, (options = readSunsetSettings(settings)));
    return options;
  };

  return {
    fileAnalysis(context) {
      const { sourceCode } = context;
      const cached = files.get(sourceCode);
      if (cached !== undefined && cached.settings === context.settings) return cached.analysis;
      const options = optionsOf(context.settings);
      const resolveIdentifier = options.typeAware ? createTypeAwareResolver(sourceCode.parserServices) : undefined;
      const modules = relativeModulesOf(options, context.languageOptions);
      const relative = modules?.resolverOf(context.physicalFilename, sourceCode.text, sourceCode.ast);
      const analysisOptions: AnalysisOptions = {
        ...analysisOptionsOf(options),
        ...crossFileHooks(resolveIdentifier, relative),
      };
      const needed = mightNeedAnalysis(sourceCode.text, analysisOptions);
      // Warn at the first TypeScript file (a JS file, e.g. eslint.config.js, rarely gets types) or file the rules look into.
      if (options.typeAware && resolveIdentifier === undefined && !warnedTypeAware && (needed || typeScriptFile.test(context.filename))) {
        warnedTypeAware = true;
        warn(typeAwareWithoutTypesMessage(context.filename), 'SUNSET_TYPE_AWARE_WITHOUT_TYPES');
      }
      let index: FileIndex | undefined;
      let directives: FileDirectives | undefined;
      let sentOtherwise: readonly Declaration[] | undefined;
      const positions = { position: (offset: number) => lineColumnAt(sourceCode.text, offset) };
      const analysis: FileAnalysis = {
        options,
        analysisOptions,
        needed,
        index: () => (index ??= indexFile(sourceFileOf(sourceCode), analysisOptions)),
        rewrittenWhereDeclared(finding, rule, ruleOptions) {
          const retirement = finding.retirement;
          if (modules === undefined || relative === undefined || retirement === undefined || !todoOnlyForTextElsewhere(retirement)) return false;
          const read = valuesReadBy(finding, relative.resolutions);
          // A request of this file that no retirement finding covers (a POST of the same path) also sends one of
          // them: sunset fix leaves it where it is declared, as sunset check says (it reads every file's requests).
          sentOtherwise ??= valuesSentElsewhere(analysis.index(), retirementRuleNames.flatMap((name) => checks[name].run(analysis.index(), analysisOptions, name === rule ? ruleOptions : [])), () => relative.resolutions);
          if (read.some((declaration) => sentOtherwise!.some((sent) => sent.file === declaration.file && sent.range[0] === declaration.range[0]))) return false;
          // What the rule finds where each value the finding read is declared.
          return migratedByDeclarations(retirement, read.flatMap((declaration) => modules.findingsAt(declaration, rule, ruleOptions)));
        },
        settled(findings) {
          if (findings.length < 2) return [...findings];
          const { comments } = analysis.index().file;
          if (!comments.some((comment) => comment.value.includes('eslint-disable'))) return [...findings];
          const read = (directives ??= readDirectives(comments, positions));
          return settleSilencedShares(findings, (finding) => silences(read, finding, positions));
        },
      };
      files.set(sourceCode, { settings: context.settings, analysis });
      return analysis;
    },
  };
}

/** Whether the parser parses a text given to it (oxlint's JS plugins have a `parse` that is not implemented yet). */
function parses(parse: ParseModule): boolean {
  try {
    parse('export {};\n', path.resolve('sunset-probe.js'));
    return true;
  } catch {
    return false;
  }
}

/** The analysis' hooks: the type checker's values first (with typeAware), then the relative modules' values and clients. */
function crossFileHooks(typeAware: IdentifierResolver | undefined, relative: CrossFileResolver | undefined): Pick<AnalysisOptions, 'resolveIdentifier' | 'resolveClient'> {
  if (relative === undefined) return typeAware === undefined ? {} : { resolveIdentifier: typeAware };
  // The modules read from disk first: what they resolve is recorded (`relative.resolutions`), so a value
  // rewritten where it is declared says so as it does without typeAware; the checker answers the rest.
  const resolveIdentifier = typeAware === undefined ? relative.resolveIdentifier : (node: TSESTree.Node) => relative.resolveIdentifier(node) ?? typeAware(node);
  return { resolveIdentifier, resolveClient: relative.resolveClient };
}

/** ESLint's AST and comments as the analysis reads them (TS-ESTree either way: espree or @typescript-eslint/parser). */
function sourceFileOf(sourceCode: Readonly<TSESLint.SourceCode>): SourceFile {
  const comments = sourceCode.getAllComments().map((comment: TSESTree.Comment) => ({ type: comment.type, value: comment.value, range: comment.range }));
  return { program: sourceCode.ast, text: sourceCode.text, comments };
}
