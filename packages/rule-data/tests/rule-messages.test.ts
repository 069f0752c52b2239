import { crossFileMessageName, crossFileMessages, interpolate, ruleMessages, ruleNames } from '@sunset/rule-data';
import { describe, expect, it } from 'vitest';

describe('ruleNames', () => {
  it('lists the ten rules alphabetically, each once', () => {
    expect(ruleNames).toEqual([...ruleNames].sort());
    expect(new Set(ruleNames).size).toBe(10);
  });

  it('has the messages of exactly these rules', () => {
    expect(Object.keys(ruleMessages).sort()).toEqual([...ruleNames]);
  });
});

describe('ruleMessages', () => {
  it('gives the three retirement rules the same report and suggestion texts', () => {
    const { relatedEnvelope, relatedSoapActionHeader, relatedActionString, relatedClientCall, ...soap } = ruleMessages['no-retired-soap-operation'];
    expect(soap).toEqual(ruleMessages['no-legacy-rest-path']);
    expect(ruleMessages['no-sync-reporting']).toEqual(ruleMessages['no-legacy-rest-path']);
    expect([relatedEnvelope, relatedSoapActionHeader, relatedActionString, relatedClientCall]).toEqual([
      "the same SOAP request's envelope",
      "the same SOAP request's SOAPAction header",
      "the same SOAP request's action string",
      "the same SOAP request's client call",
    ]);
  });

  it('keeps the wording the plugin used', () => {
    expect(ruleMessages['no-legacy-rest-path'].retiredTodo).toBe(
      '{{retiredKey}} is {{phase}} ({{schedule}}): {{replacements}}; this call needs a manual migration.',
    );
    expect(ruleMessages['reporting-request-limits'].pageLimitTooLarge).toBe(
      'The {{workflow}} reporting workflow ({{endpoint}}) allows at most {{limit}} rows per page; paging.limit is {{actual}}.{{hint}}',
    );
  });
});

describe('interpolate', () => {
  it('fills placeholders with or without inner spaces, like ESLint', () => {
    expect(interpolate('{{a}} and {{ b }}.', { a: 'x', b: 'y' })).toBe('x and y.');
  });

  it('keeps a placeholder that has no data, and does not read inherited properties', () => {
    expect(interpolate('{{missing}} {{toString}}', {})).toBe('{{missing}} {{toString}}');
  });

  it('inserts values literally, even when they contain $ patterns or braces', () => {
    expect(interpolate('{{a}}', { a: "$& {{b}} $'" })).toBe("$& {{b}} $'");
  });
});

describe('crossFileMessageName', () => {
  it('reads back the name a sentence was made with, of its own kind only', () => {
    const value = interpolate(crossFileMessages.value, { name: 'API.campaigns' });
    const rewritten = interpolate(crossFileMessages.valueRewritten, { name: 'MANAGERS' });
    expect(crossFileMessageName('value', value)).toBe('API.campaigns');
    expect(crossFileMessageName('valueRewritten', rewritten)).toBe('MANAGERS');
    expect(crossFileMessageName('valueRewritten', value)).toBeUndefined();
    expect(crossFileMessageName('client', value)).toBeUndefined();
    expect(crossFileMessageName('clientMadeBy', interpolate(crossFileMessages.clientMadeBy, { name: 'createClient' }))).toBe('createClient');
  });
});
