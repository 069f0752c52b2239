import { describe, expect, it } from 'vitest';
import { builtinEntries, matchOperationName } from '@sunset/rule-data';

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
