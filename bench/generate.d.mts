// Types for bench/generate.mjs (plain ESM so the bench needs no build step).

export declare const MANIFEST_NAME: string;
export declare const DEFAULT_SHARE: number;
export declare const DEFAULT_SEED: number;
export declare const RETIRED_FORM_IDS: readonly string[];

export interface GenerateOptions {
  readonly files: number;
  readonly seed?: number;
  readonly share?: number;
}

export interface GeneratedFile {
  readonly path: string;
  readonly ext: 'ts' | 'tsx' | 'js' | 'mjs';
  readonly content: string;
  readonly retired: boolean;
  /** Ids of the retired call forms the file contains (empty for a clean file). */
  readonly forms: readonly string[];
}

export interface RepoManifest {
  readonly generator: string;
  readonly files: number;
  readonly seed: number;
  readonly share: number;
  readonly bytes: number;
  readonly retiredFiles: readonly { readonly path: string; readonly forms: readonly string[] }[];
  readonly extensions: Readonly<Record<string, number>>;
}

export declare function mulberry32(seed: number): () => number;
export declare function generateFile(seed: number, index: number, retiredOrdinal?: number): GeneratedFile;
export declare function retiredIndexes(seed: number, files: number, share: number): number[];
export declare function generateRepoFiles(options: GenerateOptions): Generator<GeneratedFile, void, undefined>;
export declare function ignoredFiles(): { readonly path: string; readonly content: string }[];
export declare function writeRepo(outDir: string, options: GenerateOptions): RepoManifest;
export declare function validateOptions(options: { files: number; seed: number; share: number }): void;
