import type { OperationEntry, OperationMatch } from '../types.js';

/** node-soap and strong-soap expose every operation `Op` also as a promise-returning `OpAsync`. */
const asyncSuffix = 'Async';

/** Matches a whole operation name (or its node-soap `Async` variant); never a prefix such as `GetCampaignsResult`. */
export function matchOperationIn(
  operations: ReadonlyMap<string, OperationEntry>,
  name: string,
): OperationMatch | undefined {
  const direct = operations.get(name);
  if (direct) return { entry: direct, name, asyncVariant: false };
  if (!name.endsWith(asyncSuffix)) return undefined;
  const base = operations.get(name.slice(0, -asyncSuffix.length));
  return base ? { entry: base, name, asyncVariant: true } : undefined;
}

/**
 * The stem a service is known by: `Campaigns service` (as the spec names it), `CampaignService` (a
 * `.svc` file), `ICampaignService` (a WCF contract in an action URI) and `CampaignServiceSoap` all give
 * `campaign`; `Service1` and `IService1` (Visual Studio's defaults) give nothing.
 */
function serviceStem(name: string): string {
  const contract = /^I[A-Z]/.test(name) ? name.slice(1) : name;
  return contract
    .toLowerCase()
    .replace(/service|soap|[^a-z]/g, '')
    .replace(/s$/, '');
}

const namedService = (entry: Pick<OperationEntry, 'service'>): boolean => / service$/i.test(entry.service);
const stemsByOperations = new WeakMap<ReadonlyMap<string, OperationEntry>, ReadonlySet<string>>();

/**
 * Whether a service name written beside an operation (the `X` of `.../X.svc/GetUsers`, the contract
 * of `http://tempuri.org/IX/GetUsers`) can be a service of the API that retires it: one of the services
 * its operations' entries name (`Campaigns service`, `Label service`, …). False for another
 * application's WCF service that happens to have an operation of that name (`Moin.svc/GetUsers`,
 * `http://tempuri.org/IService1/GetUsers`). True when the matched entry names no service (a custom
 * entry's `service` that is not "… service"): then nothing is known against it.
 */
export function mayBeServiceOf(written: string, entry: Pick<OperationEntry, 'service'>, operations: ReadonlyMap<string, OperationEntry>): boolean {
  if (!namedService(entry)) return true;
  let stems = stemsByOperations.get(operations);
  if (stems === undefined) {
    stems = new Set([...operations.values()].filter(namedService).map((operation) => serviceStem(operation.service)));
    stemsByOperations.set(operations, stems);
  }
  return stems.has(serviceStem(written));
}
