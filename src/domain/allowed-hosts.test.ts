import { describe, expect, it } from 'vitest';
import { allowedHosts, hostnameOf, isAllowedHost } from './allowed-hosts.js';

describe('hostnameOf', () => {
  it.each([
    ['localhost:8080', 'localhost'],
    ['Rentalsim.Test', 'rentalsim.test'],
    ['[::1]:8080', '::1'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['127.0.0.1:80', '127.0.0.1'],
  ])('%s is the name %s', (authority, name) => {
    expect(hostnameOf(authority)).toBe(name);
  });
});

describe('isAllowedHost', () => {
  const none = allowedHosts({});
  it.each([
    ['loopback names', ['localhost', 'localhost:8080', 'app.localhost:5173', 'localhost.']],
    ['IP addresses in Host, which cannot be rebound', ['127.0.0.1:8080', '127.255.0.1', '[::1]:8080', '10.0.0.5', '[fe80::1]']],
    ['no Host at all (HTTP/1.0 tools; browsers always send one)', [undefined]],
  ])('passes %s unlisted', (_rule, hosts) => {
    for (const h of hosts) expect(isAllowedHost(none, h), String(h)).toBe(true);
  });

  it.each([
    ['a name nobody listed', 'evil.example'],
    ['a name that only starts like a loopback name', 'localhost.evil.example'],
    ['a service name nobody listed', 'rentalsim:8080'],
    ['an empty Host', ''],
  ])('refuses %s', (_rule, host) => {
    expect(isAllowedHost(none, host)).toBe(false);
  });

  it('through a proxy (absolute-form), only loopback addresses pass unlisted', () => {
    expect(isAllowedHost(none, '127.0.0.1:8080', true)).toBe(true);
    expect(isAllowedHost(none, '[::1]', true)).toBe(true);
    expect(isAllowedHost(none, '203.0.113.9', true)).toBe(false);
    expect(isAllowedHost(allowedHosts({ allowedHosts: '203.0.113.9' }), '203.0.113.9', true)).toBe(true);
  });

  it('passes the --public-url host, the --host name, and --allowed-hosts names and .domains', () => {
    const list = allowedHosts({ publicUrl: 'https://Sim.Example.com:8443', listenHost: 'rentalsim', allowedHosts: ' qa-box , .CI.example,' });
    for (const h of ['sim.example.com', 'rentalsim:8080', 'qa-box', 'ci.example', 'a.b.ci.example:80']) expect(isAllowedHost(list, h), h).toBe(true);
    for (const h of ['example.com', 'xci.example', 'ci.example.evil']) expect(isAllowedHost(list, h), h).toBe(false);
  });

  it.each(['all', '*', 'ALL', 'rentalsim,all'])('%s turns the check off', (value) => {
    expect(isAllowedHost(allowedHosts({ allowedHosts: value }), 'anything.example')).toBe(true);
  });

  it.each(['http://rentalsim', 'rentalsim:8080', 'a b', 'rentalsim/'])('%s is not an entry --allowed-hosts takes', (value) => {
    expect(() => allowedHosts({ allowedHosts: value })).toThrow(/is not a host name/);
  });
});
