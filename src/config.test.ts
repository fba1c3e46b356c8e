import { describe, expect, it } from 'vitest';
import { ConfigError, helpText, loadConfig, SETTINGS, simulatorConfig } from './config.js';

describe('configuration', () => {
  it('has a default for start-up on port 8080 with the default scenario', () => {
    const c = loadConfig({}, []);
    expect(c.port).toBe(8080);
    expect(c.scenario).toBe('default');
    expect(c.schemaBase).toBe('http://schemas.lovefilm.com');
    expect(c.publicUrl).toBeUndefined();
  });

  it.each([
    ['a flag beats the environment', { PORT: '9000' }, ['--port', '9001'], 'port', 9001],
    ['the environment beats the default', { PORT: '9000' }, [], 'port', 9000],
    ['--flag=value works like --flag value', {}, ['--scenario=empty-catalogue'], 'scenario', 'empty-catalogue'],
    ['port 0 means any free port', {}, ['--port', '0'], 'port', 0],
    ['a bare boolean flag means true', {}, ['--allow-plaintext'], 'allowPlaintext', true],
    ['a trailing slash is dropped from URLs', { PUBLIC_URL: 'http://api.example.com/' }, [], 'publicUrl', 'http://api.example.com'],
    ['SCHEMA_BASE is read from the environment', { SCHEMA_BASE: 'http://schemas.example.com' }, [], 'schemaBase', 'http://schemas.example.com'],
    ['an empty environment variable counts as unset', { PORT: '' }, [], 'port', 8080],
    ['an empty HOST counts as unset', { HOST: '' }, [], 'host', '127.0.0.1'],
    ['an empty optional variable leaves the setting off', { ADMIN_TOKEN: '' }, [], 'adminToken', undefined],
    ['an IPv6 host', {}, ['--host', '::1'], 'host', '::1'],
    ['an IPv6 host in brackets, as in a URL', {}, ['--host', '[::1]'], 'host', '::1'],
    ['a host name', { HOST: 'sim.internal' }, [], 'host', 'sim.internal'],
    ['a bare boolean flag before another flag', {}, ['--pretty', '--port', '1'], 'prettyXml', true],
  ] as const)('%s', (_name, env, argv, key, expected) => {
    expect(loadConfig(env, argv)[key]).toBe(expected);
  });

  it.each([
    ['a port that is not a number', {}, ['--port', 'eighty'], /--port \(PORT\): "eighty" is not a port number/],
    ['a port out of range', { PORT: '70000' }, [], /PORT.*"70000"/],
    ['a public URL that is not absolute', { PUBLIC_URL: 'localhost:8080' }, [], /--public-url \(PUBLIC_URL\)/],
    ['a public URL that is not http', {}, ['--public-url', 'ftp://x'], /absolute http\(s\) URL/],
    ['an unknown option', {}, ['--prot', '1'], /unknown option --prot/],
    ['a flag without its value', {}, ['--scenario'], /--scenario needs a value/],
    ['a flag followed by another flag instead of its value', {}, ['--port', '--host', 'x'], /^--port needs a value$/],
    ['a stray argument', {}, ['serve'], /^unexpected argument "serve"/],
    ['an address that is not IPv4', {}, ['--host', '999.1.1.1'], /^--host \(HOST\): "999.1.1.1" is not an IPv4 address$/],
    ['a host that is no host name', { HOST: 'a b' }, [], /^--host \(HOST\): "a b" is not an IP address or host name$/],
    ['an empty value given on the command line', {}, ['--scenario='], /^--scenario \(SCENARIO\): "" is not a non-empty value$/],
    ['a boolean that is not one', { PRETTY_XML: 'maybe' }, [], /true or false/],
  ] as const)('stops start-up with one clear line on %s', (_name, env, argv, message) => {
    expect(() => loadConfig(env, argv)).toThrow(ConfigError);
    expect(() => loadConfig(env, argv)).toThrow(message);
  });

  it('startSimulator options take the same checks and the same line, with port 0 by default', () => {
    expect(simulatorConfig({}).port).toBe(0);
    expect(simulatorConfig({ port: 8081, allowPlaintext: true }).allowPlaintext).toBe(true);
    expect(() => simulatorConfig({ port: 'x' })).toThrow(ConfigError);
    expect(() => simulatorConfig({ port: 'x' })).toThrow(/^--port \(PORT\): "x" is not a port number from 0 to 65535$/);
    expect(() => loadConfig({}, ['--port', 'x'])).toThrow(/^--port \(PORT\): "x" is not a port number from 0 to 65535$/);
    expect(() => simulatorConfig({ maxSandboxes: 0 })).toThrow(/must be at least 1/);
    expect(() => simulatorConfig({ journalSize: -1 })).toThrow(/^--journal-size \(JOURNAL_SIZE\): -1 is not a whole number$/);
    expect(() => simulatorConfig({ scenario: ['default'] })).toThrow(/^--scenario \(SCENARIO\): \["default"\] is not a non-empty value$/);
  });

  it('--help lists every setting with its environment variable', () => {
    const help = helpText();
    for (const s of SETTINGS) {
      expect(help).toContain(s.flag);
      expect(help).toContain(s.env);
    }
  });
});
