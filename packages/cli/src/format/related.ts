import { crossFileMessages } from '@sunset/rule-data';
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

/** How `crossFileMessages.valueRewritten` ends: what a related place says when `sunset fix` rewrites the value there. */
const rewrittenHere = crossFileMessages.valueRewritten.split('{{name}}')[1]!;

/** Whether the finding is migrated where a value it reads is declared, in another file (`sunset fix` rewrites it there). */
export function rewrittenElsewhere(finding: Finding): boolean {
  return relatedElsewhere(finding).some((place) => place.message.endsWith(rewrittenHere));
}
