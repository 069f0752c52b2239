// Types for the modules of oxc-parser 0.158 that parse-source.ts imports beside the package's main
// entry (all listed in its package.json "exports"; the package types only the main entry).

declare module 'oxc-parser/src-js/bindings' {
  import type { Comment, OxcError, ParserOptions } from 'oxc-parser';
  /** The native parse; `program` is the tree as JSON text (what `jsonParseAst` reads). */
  export function parseSync(filename: string, sourceText: string, options?: ParserOptions | null): { readonly program: string; readonly comments: Comment[]; readonly errors: OxcError[] };
}

declare module 'oxc-parser/src-js/wrap' {
  import type { Program } from 'oxc-parser';
  /** JSON.parse of the tree, with BigInt and RegExp literal values restored. */
  export function jsonParseAst(programJson: string): Program;
}

declare module 'oxc-parser/src-js/raw-transfer/common' {
  import type { ParserOptions } from 'oxc-parser';
  export function parseSyncRawImpl<T>(
    filename: string,
    sourceText: string,
    options: ParserOptions,
    convert: (buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number) => T,
  ): T;
  export function returnBufferToCache(buffer: Uint8Array): void;
  export function isJsAst(buffer: Uint8Array): boolean;
}

declare module 'oxc-parser/src-js/generated/deserialize/ts' {
  import type { Comment, OxcError, Program } from 'oxc-parser';
  export function deserialize(buffer: Uint8Array, sourceText: string, sourceStartPos: number, sourceByteLen: number): { program: Program; comments: Comment[]; errors: OxcError[] };
}

// flow-remove-types ships no types.
declare module 'flow-remove-types' {
  interface FlowRemoveTypesOptions {
    readonly all?: boolean;
    readonly pretty?: boolean;
  }
  /** The source with its Flow types replaced by spaces (`pretty: false`): every other character stays where it was. */
  function flowRemoveTypes(source: string, options?: FlowRemoveTypesOptions): { toString(): string };
  export default flowRemoveTypes;
}
