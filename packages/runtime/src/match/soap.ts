/** The last name of an action URI: `http://example.com/api/ICampaignService/GetCampaigns` → `GetCampaigns`. */
function lastName(action: string): string | undefined {
  const trimmed = action.trim().replace(/^"|"$/g, '');
  const name = /([A-Za-z_][A-Za-z0-9_]*)$/.exec(trimmed);
  return name?.[1];
}

/** The operation a `SOAPAction` header names (SOAP 1.1). */
export function operationFromSoapAction(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : lastName(value);
}

/** The operation of a SOAP 1.2 `Content-Type: application/soap+xml; action="..."`. */
export function operationFromContentType(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const action = /;\s*action\s*=\s*("[^"]*"|[^;\s]+)/i.exec(value);
  return action ? lastName(action[1]!) : undefined;
}

const envelopeOperation = /<(?:[A-Za-z_][\w.-]*:)?Body\b[^>]*>(?:\s|<!--[\s\S]*?-->)*<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/;

/** The first element inside the envelope's `Body`: the operation of a hand-written SOAP request. */
export function operationFromEnvelope(body: string): string | undefined {
  if (!body.includes('Envelope')) return undefined;
  return envelopeOperation.exec(body)?.[1];
}

/** The operation of a WCF JSON(P) URL: `/LabelService.svc/AddAdvertiserLabelsAsJsonp`. */
export function operationFromWcfPath(path: string): string | undefined {
  const service = path.indexOf('.svc/');
  if (service === -1) return undefined;
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(service + 5))?.[0];
}
