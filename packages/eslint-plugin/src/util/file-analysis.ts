import { analysisOptionsOf, type SunsetOptions } from '@sunset/config';
import { indexFile, mightNeedAnalysis, type AnalysisOptions, type FileIndex, type SourceFile } from '@sunset/analysis';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { readSunsetSettings } from './settings.js';
import { createTypeAwareResolver } from './type-aware.js';

/** What the rules of one file share: the options from `settings.sunset`, the analysis options and the one index. */
export interface FileAnalysis {
  readonly options: SunsetOptions;
  readonly analysisOptions: AnalysisOptions;
  /** False when the needle test rules the file out: no rule has anything to do. */
  readonly needed: boolean;
  index(): FileIndex;
}

/**
 * Per plugin instance: validated settings per settings object and one analysis per file (keyed by
 * ESLint's SourceCode, which lives as long as the file is linted), so ten rules index a file once.
 */
export interface AnalysisMemo {
  fileAnalysis(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): FileAnalysis;
}

export function createAnalysisMemo(): AnalysisMemo {
  const settingsCache = new WeakMap<object, SunsetOptions>();
  const files = new WeakMap<object, { settings: object; analysis: FileAnalysis }>();

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
      const analysisOptions: AnalysisOptions = { ...analysisOptionsOf(options), ...(resolveIdentifier === undefined ? {} : { resolveIdentifier }) };
      let index: FileIndex | undefined;
      const analysis: FileAnalysis = {
        options,
        analysisOptions,
        needed: mightNeedAnalysis(sourceCode.text, analysisOptions),
        index: () => (index ??= indexFile(sourceFileOf(sourceCode), analysisOptions)),
      };
      files.set(sourceCode, { settings: context.settings, analysis });
      return analysis;
    },
  };
}

/** ESLint's AST and comments as the analysis reads them (TS-ESTree either way: espree or @typescript-eslint/parser). */
function sourceFileOf(sourceCode: Readonly<TSESLint.SourceCode>): SourceFile {
  const comments = sourceCode.getAllComments().map((comment: TSESTree.Comment) => ({ type: comment.type, value: comment.value, range: comment.range }));
  return { program: sourceCode.ast, text: sourceCode.text, comments };
}
