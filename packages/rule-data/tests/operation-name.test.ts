import { describe, expect, it } from 'vitest';
import { builtinCatalog, builtinEntries, createCatalog, matchOperationName, mayBeServiceOf } from '@sunset/rule-data';

describe('matchOperationName', () => {
  const operations = builtinEntries.filter((entry) => entry.kind === 'operation');

  it.each(operations.map((entry) => [entry.retiredKey, entry.id] as const))('matches %s and its node-soap Async variant', (name, id) => {
    expect(matchOperationName(name)).toEqual({ entry: expect.objectContaining({ id }), name, asyncVariant: false });
    expect(matchOperationName(`${name}Async`)).toEqual({ entry: expect.objectContaining({ id }), name: `${name}Async`, asyncVariant: true });
  });

  it.each(['GetCampaignsResult', 'GetCampaignsData', 'GetCampaign', 'getCampaigns', 'GETCAMPAIGNS', 'MyGetCampaigns', 'GetUsersAsyncResult', 'Async', ''])(
    'matches whole names only, case-sensitively: not %j',
    (name) => {
      expect(matchOperationName(name)).toBeUndefined();
    },
  );
});

describe('mayBeServiceOf', () => {
  const getUsers = matchOperationName('GetUsers')!.entry;

  // The spec's names (Campaigns service, User service, Advertiser service, Label service) as a .svc file or a WCF contract may write them.
  it.each(['UserService', 'IUserService', 'UserServiceSoap', 'usersService', 'CampaignService', 'ICampaignService', 'LabelService', 'AdvertiserService', 'UserService2'])(
    'takes %s for a service of the API that retires GetUsers',
    (written) => {
      expect(mayBeServiceOf(written, getUsers, builtinCatalog.operations)).toBe(true);
    },
  );

  // Another application's WCF service with an operation of the same name: Visual Studio's defaults, other names.
  it.each(['Service1', 'IService1', 'Moin', 'Reports', 'Engine', 'CommunicationService', 'IUserManagementService', ''])('takes %j for another application\'s service', (written) => {
    expect(mayBeServiceOf(written, getUsers, builtinCatalog.operations)).toBe(false);
  });

  it('knows nothing against a custom entry whose service is not named "… service"', () => {
    const catalog = createCatalog([{ id: 'billing-get-invoices', retired: 'GetInvoicesAsJson', gaEnds: '2027-01-01', supportEnds: '2027-12-31', reason: 'billing moves to REST' }]);
    const entry = matchOperationName('GetInvoicesAsJson', catalog)!.entry;
    expect(mayBeServiceOf('Service1', entry, catalog.operations)).toBe(true);
    const named = createCatalog([{ id: 'billing-get-invoices', retired: 'GetInvoicesAsJson', gaEnds: '2027-01-01', supportEnds: '2027-12-31', reason: 'billing moves to REST', service: 'Billing service' }]);
    const billing = matchOperationName('GetInvoicesAsJson', named)!.entry;
    expect(mayBeServiceOf('BillingService', billing, named.operations)).toBe(true);
    expect(mayBeServiceOf('Service1', billing, named.operations)).toBe(false);
  });
});
