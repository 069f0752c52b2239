import { describe, expect, it } from 'vitest';
import { kebabCase, uniqueEntryId } from '../src/entries/entry-ids.js';

describe('entry ids', () => {
  it('turns operationIds into kebab-case ids', () => {
    expect(['listItemsV2', 'getHTTPStatus', 'oauth-authorizations/list-grants', 'get_user_by_id', 'GET /v1/items/{itemId}', 'v1Items'].map(kebabCase)).toEqual([
      'list-items-v2',
      'get-http-status',
      'oauth-authorizations-list-grants',
      'get-user-by-id',
      'get-v1-items-item-id',
      'v1-items',
    ]);
  });

  it('adds -2, -3... to an id that is taken', () => {
    expect(uniqueEntryId('list-items', new Set(['other']))).toBe('list-items');
    expect(uniqueEntryId('list-items', new Set(['list-items', 'list-items-2']))).toBe('list-items-3');
  });
});
