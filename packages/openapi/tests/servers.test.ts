import { describe, expect, it } from 'vitest';
import { expandServer } from '../src/description/servers.js';

describe('expandServer', () => {
  it('lists every combination of enum values, with host and path', () => {
    const server = { url: 'https://{region}.example.com:8443/{base}/', variables: { region: { enum: ['eu', 'us'], default: 'eu' }, base: { enum: ['api'], default: 'api' } } };
    expect(expandServer(server, '#/servers/0')).toEqual({
      urls: [
        { url: 'https://eu.example.com:8443/api/', host: 'eu.example.com', path: '/api' },
        { url: 'https://us.example.com:8443/api/', host: 'us.example.com', path: '/api' },
      ],
      defaultHosts: [],
      problems: [],
    });
  });

  it('uses the default of a variable without enum, and notes a host that comes from it', () => {
    const server = { url: '{protocol}://{hostname}/api/v3', variables: { hostname: { default: 'HOSTNAME' }, protocol: { default: 'http' } } };
    expect(expandServer(server, '#/servers/0')).toEqual({
      urls: [{ url: 'http://HOSTNAME/api/v3', host: 'hostname', path: '/api/v3' }],
      defaultHosts: [{ host: 'hostname', variable: 'hostname', value: 'HOSTNAME', pointer: '#/servers/0/variables/hostname/default' }],
      problems: [],
    });
  });

  it('reads a relative server URL as a path without host', () => {
    expect(expandServer({ url: '/api/' }, '#/servers/0').urls).toEqual([{ url: '/api/', host: undefined, path: '/api' }]);
    expect(expandServer({ url: '/' }, '#/servers/0').urls).toEqual([{ url: '/', host: undefined, path: '' }]);
  });

  it('names the URL of a server whose variable has no value', () => {
    expect(expandServer({ url: 'https://{tenant}.example.com' }, '#/servers/1').problems).toEqual([
      { pointer: '#/servers/1/url', message: 'the variable {tenant} has no enum and no default under variables.' },
    ]);
  });
});
