import { describe, expect, it } from 'vitest';
import { ConfigError, helpText, loadConfig, SETTINGS } from './config.js';

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
    ['a boolean that is not one', { PRETTY_XML: 'maybe' }, [], /true or false/],
  ] as const)('stops start-up with one clear line on %s', (_name, env, argv, message) => {
    expect(() => loadConfig(env, argv)).toThrow(ConfigError);
    expect(() => loadConfig(env, argv)).toThrow(message);
  });

  it('--help lists every setting with its environment variable', () => {
    const help = helpText();
    for (const s of SETTINGS) {
      expect(help).toContain(s.flag);
      expect(help).toContain(s.env);
    }
  });
});
