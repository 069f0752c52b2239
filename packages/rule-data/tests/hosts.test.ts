import { describe, expect, it } from 'vitest';
import { isListedHost } from '../src/match/hosts.js';

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
