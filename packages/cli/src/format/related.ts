import { crossFileMessageName } from '@sunset/rule-data';
import type { Finding, RelatedLocation } from '../check/types.js';

/** A related place in another file than the finding's (the declaration of an imported constant). */
export type RelatedElsewhere = RelatedLocation & { readonly file: string };

/** The finding's related places in other files, in report order (`--project` names the file of a place in the finding's own file too). */
export function relatedElsewhere(finding: Finding): RelatedElsewhere[] {
  return (finding.related ?? []).filter((related): related is RelatedElsewhere => related.file !== undefined && related.file !== finding.file);
}

/** `src/api/paths.ts:3:33: The value is declared here as LEGACY_CAMPAIGNS.` */
export function describeRelatedPlace(place: RelatedElsewhere): string {
  return `${place.file}:${place.line}:${place.column}: ${place.message}`;
}

/** Whether the finding is migrated where a value it reads is declared, in another file: a related place says `crossFileMessages.valueRewritten`. */
export function rewrittenElsewhere(finding: Finding): boolean {
  return relatedElsewhere(finding).some((place) => crossFileMessageName('valueRewritten', place.message) !== undefined);
}
