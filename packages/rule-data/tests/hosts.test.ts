import { describe, expect, it } from 'vitest';
import { isListedHost, isUnlistedLocalHost, localHostKind } from '../src/match/hosts.js';

describe('isListedHost', () => {
  it('matches an entry with port 443 or 80 to the host written without a port (the scheme’s default)', () => {
    const hosts = ['gw.example.com:443', 'legacy.example.com:80', '[::1]:443', 'proxy.example.com:8443'];
    const asked = ['gw.example.com', 'gw.example.com:443', 'gw.example.com:8443', 'legacy.example.com', '[::1]', 'proxy.example.com', 'proxy.example.com:8443', 'other.example.com'];
    expect(asked.filter((host) => isListedHost(host, hosts))).toEqual(['gw.example.com', 'gw.example.com:443', 'legacy.example.com', '[::1]', 'proxy.example.com:8443']);
  });

  it('puts a host written without a port on the port its scheme implies: https on 443, http on 80, either without a scheme', () => {
    const hosts = ['gw.example.com:80', 'secure.example.com:443'];
    const asked: [string, string | undefined][] = [
      ['gw.example.com', 'http:'],
      ['gw.example.com', 'https:'],
      ['gw.example.com', 'HTTPS:'],
      ['gw.example.com', 'ws:'],
      ['gw.example.com', undefined],
      ['secure.example.com', 'https:'],
      ['secure.example.com', 'wss:'],
      ['secure.example.com', 'http:'],
      ['secure.example.com', 'ftp:'],
      ['secure.example.com:443', 'http:'],
    ];
    expect(asked.filter(([host, scheme]) => isListedHost(host, hosts, scheme))).toEqual([
      ['gw.example.com', 'http:'],
      ['gw.example.com', 'ws:'],
      ['gw.example.com', undefined],
      ['secure.example.com', 'https:'],
      ['secure.example.com', 'wss:'],
      ['secure.example.com', 'ftp:'],
      ['secure.example.com:443', 'http:'],
    ]);
  });

  it('keeps a host entry without a port matching every port under any scheme', () => {
    expect([undefined, 'http:', 'https:'].filter((scheme) => isListedHost('gw.example.com', ['gw.example.com'], scheme))).toEqual([undefined, 'http:', 'https:']);
  });

  it('keeps a host entry without a port matching every port, and *.domain every subdomain', () => {
    const asked = ['gw.example.com', 'gw.example.com:8443', 'a.b.example.com:443', 'example.com', 'notexample.com'];
    expect(asked.filter((host) => isListedHost(host, ['gw.example.com', '*.example.com']))).toEqual(['gw.example.com', 'gw.example.com:8443', 'a.b.example.com:443']);
  });
});

describe('localHostKind', () => {
  it('names loopback hosts and private-network addresses, with or without a port', () => {
    const hosts = ['localhost', 'localhost:3000', 'app.localhost', 'a.b.localhost:8080', '127.0.0.1', '127.255.0.9:80', '[::1]', '[::1]:4200', '0.0.0.0:5000', '[::]:8080'];
    const privateAddresses = ['10.0.0.5', '10.255.255.255:8080', '172.16.0.1', '172.31.9.9:3000', '192.168.1.20:3000', '[fd00::1]', '[fc12:3456::2]:8443'];
    expect(hosts.map(localHostKind)).toEqual(hosts.map(() => 'loopback'));
    expect(privateAddresses.map(localHostKind)).toEqual(privateAddresses.map(() => 'private'));
  });

  it('names no look-alike, no public address and no host name of a service', () => {
    const others = [
      'localhost.example.com',
      'mylocalhost',
      'localhostx:3000',
      '127.0.0.1.nip.io',
      '10.0.0.5.example.com',
      '127.0.0.256',
      '128.0.0.1',
      '172.15.0.1',
      '172.32.0.1',
      '192.169.0.1',
      '11.0.0.1',
      '[::2]',
      '[fe80::1]',
      '[2001:db8::1]',
      'api:8080',
      'orders.internal',
      'campaigns.default.svc.cluster.local',
      'api.adform.com',
    ];
    expect(others.filter((host) => localHostKind(host) !== undefined)).toEqual([]);
  });
});

describe('isUnlistedLocalHost', () => {
  const apiHosts = ['api.adform.com', 'localhost:8080'];

  it('is a local host or private address that neither the API nor another API (claimed) lists', () => {
    const asked = ['localhost:3000', '127.0.0.1', '192.168.1.20:3000', 'localhost:8080', 'localhost:4000', 'api.adform.com', 'orders.internal', '10.0.0.5.example.com'];
    expect(asked.filter((host) => isUnlistedLocalHost(host, apiHosts, undefined, ['localhost:4000']))).toEqual(['localhost:3000', '127.0.0.1', '192.168.1.20:3000']);
  });

  it('is false with no host, with no host list (every host counts), and for a listed host on its scheme\'s port', () => {
    expect(isUnlistedLocalHost(undefined, apiHosts)).toBe(false);
    expect(isUnlistedLocalHost('localhost:3000', undefined)).toBe(false);
    expect(isUnlistedLocalHost('localhost', ['localhost:80'], 'http:')).toBe(false);
    expect(isUnlistedLocalHost('localhost', ['localhost:80'], 'https:')).toBe(true);
  });
});
