import { type Endpoint, type HttpMethod, type IsoDay, type Migration } from '@sunset/rule-data';
import type { DescribedOperation } from '../description/description.js';

/** The GA end when the description gives none and no flag does: the day the import first saw it. */
export const importDay = 'import-day';

/** An entry before its id is made unique and the day of the import is known. */
export interface EntryDraft {
  /** The operation the entry retires (in the previous description for a removed one). */
  readonly operation: DescribedOperation;
  /** The retired endpoint and its replacements as the entry writes them (see `entryEndpoints`). */
  readonly retired: Endpoint;
  /** How the entry came about: deprecated in the description, or removed since `--previous`. */
  readonly cause: 'deprecated' | 'removed';
  readonly replacements: readonly Endpoint[];
  /** The other methods of the same path that stay available (see `liveMethodsOf`). */
  readonly liveMethods: readonly HttpMethod[];
  /** More specific paths of the description that a URL matches before the retired one (see `shadowingPathsOf`). */
  readonly shadowedBy: readonly string[];
  readonly gaEnds: IsoDay | typeof importDay;
  readonly supportEnds: IsoDay;
  readonly migration: Migration;
  /** Why a person must decide; exactly when `migration` is `todo`. */
  readonly reason: string | undefined;
}

