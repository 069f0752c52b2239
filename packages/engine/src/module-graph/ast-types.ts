import type { AnalysisOptions } from '../analysis-contract.js';

/** TS-ESTree node types, as the analysis contract gives them (the engine names no AST package of its own). */
export type Node = Parameters<NonNullable<AnalysisOptions['resolveIdentifier']>>[0];
/** The node whose `type` is spelled `T` (the contract's types are an enum; this takes its string). */
export type NodeOf<T extends string> = Node extends infer N ? (N extends { type: infer K } ? (`${K & string}` extends T ? N : never) : never) : never;
