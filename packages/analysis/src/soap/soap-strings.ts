import { matchOperationName, type Catalog, type OperationMatch } from '@sunset/rule-data';
import type { AnyNode, CallForm } from '../types.js';
import { flatText, type Segment } from '../url/segments.js';

export interface SoapStringHit {
  readonly match: OperationMatch;
  readonly form: Extract<CallForm, 'soap-envelope' | 'soap-action' | 'wcf-url'>;
  /** The string or template literal the operation name is written in. */
  readonly literal: AnyNode;
  /** The URL token holding a WCF address (for the API host check). */
  readonly urlToken: string | undefined;
}

const wordPattern = /[A-Za-z_][A-Za-z0-9_]*/g;
/** `<GetCampaigns ` / `<tns:GetCampaigns>` / `<GetCampaigns/>`: an opening element, never a closing one. */
const elementOpening = /<(?:[A-Za-z_][\w.-]*:)?$/;
const afterElementName = /^[\s>/]/;
const afterUrlName = /^(?:$|[?#/"'\s&<\0])/;
const afterActionName = /^(?:$|["'\s<\0])/;
/** The URL-ish token the name ends: no whitespace, quotes or tags. */
const trailingToken = /[^\s"'<>\0]*$/;

function tokenBefore(text: string, index: number): string {
  return trailingToken.exec(text.slice(0, index))![0];
}

/** Is `token` (ending in `/`) an action URI: absolute, a URN, or `.../ICampaignService/`? */
const isActionPrefix = (token: string): boolean => /:\/\//.test(token) || /^urn:/i.test(token) || /(Service|Soap)\/$/i.test(token);

/**
 * Retired operation names written as SOAP/WCF strings: hand-written envelope elements, action
 * URIs (`http://.../ICampaignService/GetCampaigns`), WCF JSON(P) addresses (`.../LabelService.svc/Op`)
 * and, where the string is a `SOAPAction` value, a bare quoted name. Prose never matches.
 */
export function findSoapStrings(segments: readonly Segment[], catalog: Catalog | undefined, isActionValue: boolean): SoapStringHit[] {
  const text = flatText(segments);
  const starts: number[] = [];
  let offset = 0;
  for (const segment of segments) {
    starts.push(offset);
    offset += segment.kind === 'text' ? segment.value.length : 1;
  }
  const literalAt = (index: number): AnyNode | undefined => {
    let found = 0;
    starts.forEach((start, segmentIndex) => {
      if (start <= index) found = segmentIndex;
    });
    const segment = segments[found];
    return segment?.kind === 'text' ? segment.literal : undefined;
  };
  const hits: SoapStringHit[] = [];
  for (const word of text.matchAll(wordPattern)) {
    const name = word[0];
    const match = matchOperationName(name, catalog);
    if (!match || match.asyncVariant) continue;
    const index = word.index;
    const before = text.slice(0, index);
    const after = text.slice(index + name.length);
    const literal = literalAt(index);
    if (!literal) continue;
    let form: SoapStringHit['form'] | undefined;
    let urlToken: string | undefined;
    if (elementOpening.test(before) && afterElementName.test(after)) form = 'soap-envelope';
    else if (/\.svc\/$/i.test(before) && afterUrlName.test(after)) {
      form = 'wcf-url';
      urlToken = tokenBefore(text, index);
    } else if (before.endsWith('/') && afterActionName.test(after) && isActionPrefix(tokenBefore(text, index))) form = 'soap-action';
    else if (isActionValue && text.replace(/["'\s]/g, '') === name) form = 'soap-action';
    if (form) hits.push({ match, form, literal, urlToken });
  }
  return hits;
}
