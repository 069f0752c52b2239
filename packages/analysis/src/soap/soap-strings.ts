import { matchOperationName, mayBeServiceOf, type Catalog, type OperationMatch } from '@sunset/rule-data';
import type { Node } from '../ast/nodes.js';
import { flatText, type Segment } from '../url/segments.js';

export interface SoapStringHit {
  readonly match: OperationMatch;
  readonly form: 'soap-envelope' | 'soap-action' | 'wcf-url';
  /** The string or template literal the operation name is written in. */
  readonly literal: Node;
  /** Where the operation name itself is written, when its text maps one-to-one to the source. */
  readonly nameRange: readonly [number, number] | undefined;
  /** The URL token holding a WCF address (for the API host check). */
  readonly urlToken: string | undefined;
}

/** An XML builder's element methods: xmlbuilder's `ele`/`element`/`node`, xmlbuilder2's `ele`. */
export const xmlElementMethods = /^(?:ele|element|node)$/;

const wordPattern = /[A-Za-z_][A-Za-z0-9_]*/g;
/** `<GetCampaigns ` / `<tns:GetCampaigns>` / `<GetCampaigns/>`: an opening element, never a closing one. */
const elementOpening = /<(?:[A-Za-z_][\w.-]*:)?$/;
const afterElementName = /^[\s>/]/;
const afterUrlName = /^(?:$|[?#/"'\s&<\0])/;
const afterActionName = /^(?:$|["'\s<\0])/;
/** The URL-ish token the name ends: no whitespace, quotes or tags. */
const trailingToken = /[^\s"'<>\0]*$/;

const tokenBefore = (text: string, index: number): string => trailingToken.exec(text.slice(0, index))![0];

/** Is `token` (ending in `/`) an action URI: absolute, a URN, or `.../ICampaignService/`? */
const isActionPrefix = (token: string): boolean => /:\/\//.test(token) || /^urn:/i.test(token) || /(Service|Soap)\/$/i.test(token);
/**
 * A WCF address right before the name: `.../CampaignService.svc/`, or with the endpoint's relative
 * address (`.../SecurityService.svc/JSON/`); the service's file name is group 1.
 */
const wcfAddress = /([\w.-]*)\.svc\/(?:[A-Za-z][\w-]*\/)?$/i;
/**
 * The WCF contract an action URI ends in, where it names one: `ICampaignService`, `IService1`,
 * `CampaignServiceSoap`; undefined for `.../api/2010/06/` or a route such as `.../Services/`.
 */
const actionContract = (token: string): string | undefined => {
  const segment = /([^/]+)\/$/.exec(token)?.[1];
  return segment !== undefined && (/^I[A-Z]\w*$/.test(segment) || /^\w+(?:Service|Soap)$/i.test(segment)) ? segment : undefined;
};

/** The segment holding flat offset `index`, and the offset inside it. */
function segmentAt(segments: readonly Segment[], index: number): { segment: Segment; offset: number } | undefined {
  let start = 0;
  for (const segment of segments) {
    const length = segment.kind === 'text' ? segment.value.length : 1;
    if (index < start + length) return { segment, offset: index - start };
    start += length;
  }
  return undefined;
}

/**
 * Retired operation names written as SOAP/WCF strings: hand-written envelope elements, action
 * URIs (`http://.../ICampaignService/GetCampaigns`), WCF JSON(P) addresses (`.../LabelService.svc/Op`,
 * `.../LabelService.svc/json/Op`) and, where the string is a `SOAPAction` value, a bare quoted name;
 * where it names the element an XML builder adds to a SOAP body (`isBodyElement`), the bare name.
 * Prose never matches, nor an address or contract that names another service (`Moin.svc/GetUsers`,
 * `http://tempuri.org/IService1/GetUsers`: `mayBeServiceOf`).
 */
export function findSoapStrings(segments: readonly Segment[], catalog: Catalog, isActionValue: boolean, isBodyElement = false): SoapStringHit[] {
  const text = flatText(segments);
  // A hit is a word that is an operation name, and every operation name holds one of the catalog's
  // needles: a string without one (most strings) has no word worth a match object.
  if (!catalog.needlePattern.test(text)) return [];
  const hits: SoapStringHit[] = [];
  for (const word of text.matchAll(wordPattern)) {
    const name = word[0];
    const match = matchOperationName(name, catalog);
    if (!match || match.asyncVariant) continue;
    const at = segmentAt(segments, word.index);
    const literal = at?.segment.kind === 'text' ? at.segment.literal : undefined;
    if (!at || !literal) continue;
    const before = text.slice(0, word.index);
    const after = text.slice(word.index + name.length);
    let form: SoapStringHit['form'] | undefined;
    let urlToken: string | undefined;
    // The service the string addresses, where it names one: another application's service with an operation of the same name is not this API's.
    let service: string | undefined;
    const address = wcfAddress.exec(before);
    if (elementOpening.test(before) && afterElementName.test(after)) form = 'soap-envelope';
    else if (address !== null && afterUrlName.test(after)) {
      form = 'wcf-url';
      urlToken = tokenBefore(text, word.index);
      service = address[1];
    } else if (before.endsWith('/') && afterActionName.test(after) && isActionPrefix(tokenBefore(text, word.index))) {
      form = 'soap-action';
      service = actionContract(tokenBefore(text, word.index));
    } else if (isActionValue && text.replace(/["'\s]/g, '') === name) form = 'soap-action';
    else if (isBodyElement && after === '' && /^(?:[A-Za-z_][\w.-]*:)?$/.test(before)) form = 'soap-envelope';
    if (!form || (service !== undefined && !mayBeServiceOf(service, match.entry, catalog.operations))) continue;
    const { segment, offset } = at;
    const mapped = segment.kind === 'text' && segment.sourceStart !== undefined && offset + name.length <= segment.mappedLength;
    const nameRange = mapped ? ([segment.sourceStart! + offset, segment.sourceStart! + offset + name.length] as const) : undefined;
    hits.push({ match, form, literal, nameRange, urlToken });
  }
  return hits;
}
