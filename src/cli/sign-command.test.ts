import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { collectOAuthParams } from '../domain/oauth/collect-oauth-params.js';
import { verifySignature } from '../domain/oauth/verify-signature.js';
import { parseScenario } from '../scenarios/scenario-parser.js';
import { pickCredentials, signCommand } from './sign-command.js';
import { shellQuote, signRequest, signedUrl } from './signed-request.js';

const MOMENT = { nowMs: 1_795_000_000_999, nonce: 'fixednonce' };
const sign = (...args: string[]) => signCommand(args, {}, MOMENT);
const GUID = '9D48675C-096F-11DC-BF5A-88D01745CE5C';
const HOST = 'http://127.0.0.1:8080';

/** The decoded query of a printed URL, in order. */
function queryOf(url: string): Array<[string, string]> {
  const collected = collectOAuthParams({ rawQuery: new URL(url).search });
  if (!collected.ok) throw collected.error;
  return collected.params.map((p) => [p.name, p.value]);
}

describe("signing a request (the simulator's own OAuth code)", () => {
  it("signs RFC 5849 3.4.1's example to r6/TJjbCOr97/+UU0NsvSne7s5g=", () => {
    const signed = signRequest({
      method: 'POST',
      url: new URL('http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b'),
      params: [
        { name: 'c2', value: '' },
        { name: 'a3', value: '2 q' },
      ],
      paramsIn: 'body',
      consumer: { key: '9djdj82h48djs9d2', secret: 'j49sk3j29djd' },
      token: { key: 'kkk9d7dh3k39sjv7', secret: 'dh893hdasih9' },
      timestamp: 137131201,
      nonce: '7d8f3e4a',
    });
    expect(signed.oauth.at(-1)).toEqual(['oauth_signature', 'r6/TJjbCOr97/+UU0NsvSne7s5g=']);
    expect(signed.body).toBe('c2=&a3=2%20q');
  });

  it.each([
    ['a space typed as +', 'term=a+b', [['term', 'a b']]],
    ['a space typed as %20', 'term=a%20b', [['term', 'a b']]],
    [
      'a name without a value',
      'flag&x=1',
      [
        ['flag', ''],
        ['x', '1'],
      ],
    ],
    [
      'a repeated name, order kept',
      'a=2&a=1',
      [
        ['a', '2'],
        ['a', '1'],
      ],
    ],
    ['reserved characters and non-ASCII', `term=${encodeURIComponent("it's [a] {b} & c, é")}`, [['term', "it's [a] {b} & c, é"]]],
  ] as const)("reads the URL's query as the server does, and writes it back encoded: %s", (_rule, query, expected) => {
    const url = sign('GET', `${HOST}/catalog/title?${query}`).trim();
    expect(queryOf(url).filter(([n]) => !n.startsWith('oauth_'))).toEqual(expected);
    expect(url.split('?')[1]).toMatch(/^[A-Za-z0-9%=&._~-]+$/);
  });

  it.each([
    ['GET', 'catalog search', '/catalog/title?term=fire+fly', ['expand=all']],
    ['POST', 'form parameters', `/users/${GUID}/queues/every`, ['title_refs=http://x/catalog/title/10,http://x/catalog/title/1', 'priority=1']],
    ['DELETE', 'no parameters', `/users/${GUID}/queues/item/10`, []],
  ])("a signed URL (%s, %s) verifies with the server's verifier", (method, _what, path, pairs) => {
    const url = new URL(sign('--url', '--token', 'alice', method, `${HOST}${path}`, ...pairs).trim());
    const collected = collectOAuthParams({ rawQuery: url.search });
    if (!collected.ok) throw collected.error;
    const signature = collected.params.find((p) => p.name === 'oauth_signature')!.value;
    const verdict = verifySignature({
      method,
      scheme: 'http',
      host: url.host,
      path: url.pathname,
      params: collected.params,
      signatureMethod: 'HMAC-SHA1',
      signature,
      consumerSecret: 'test-consumer-secret',
      tokenSecret: 'alice-access-secret',
    });
    expect(verdict).toMatchObject({ ok: true });
  });

  it('a signed URL joins the protocol parameters with & when the URL has a query, ? when not', () => {
    const base = { method: 'GET', params: [], paramsIn: 'query' as const, consumer: { key: 'k', secret: 's' }, timestamp: 1, nonce: 'n' };
    expect(signedUrl(signRequest({ ...base, url: new URL(`${HOST}/a?x=1`) }))).toMatch(/\/a\?x=1&oauth_consumer_key=k&/);
    expect(signedUrl(signRequest({ ...base, url: new URL(`${HOST}/a`) }))).toMatch(/\/a\?oauth_consumer_key=k&/);
  });
});

describe('rentalsim sign: what it prints', () => {
  it('prints one line ending in a newline', () => {
    const out = sign('GET', `${HOST}/catalog/title`);
    expect(out.endsWith('\n')).toBe(true);
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('signs with real time in whole seconds and the nonce given, HMAC-SHA1, no oauth_version', () => {
    const oauth = Object.fromEntries(queryOf(sign('GET', `${HOST}/catalog/title`)));
    expect(oauth).toMatchObject({ oauth_timestamp: '1795000000', oauth_nonce: 'fixednonce', oauth_signature_method: 'HMAC-SHA1' });
    expect(oauth).not.toHaveProperty('oauth_version');
  });

  it("a GET is a signed URL: the request's parameters first, then the protocol parameters", () => {
    const url = sign('GET', `${HOST}/catalog/title?term=zzyzx`, 'expand=synopsis').trim();
    expect(url.startsWith(`${HOST}/catalog/title?term=zzyzx&expand=synopsis&oauth_consumer_key=test-consumer-key&`)).toBe(true);
    expect(queryOf(url).map(([n]) => n)).toEqual([
      'term',
      'expand',
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_signature',
    ]);
  });

  it('a DELETE is a signed URL too', () => {
    expect(sign('--token', 'alice', 'delete', `${HOST}/users/${GUID}/queues/item/10`)).toMatch(new RegExp(`^${HOST}/users/${GUID}/queues/item/10\\?oauth_`));
  });

  it('a POST is a curl command: -X, the header, one -d per form parameter, the URL last', () => {
    const out = sign('--token', 'alice', 'POST', `${HOST}/users/${GUID}/queues/every`, 'title_refs=http://x/catalog/title/10', 'priority=1').trim();
    expect(out).toMatch(
      /^curl -sS -X POST -H 'Authorization: OAuth oauth_consumer_key="test-consumer-key", oauth_nonce="fixednonce", .*oauth_token="alice-access-token", oauth_signature="[^"]+"' /,
    );
    expect(out.endsWith(` -d title_refs=http%3A%2F%2Fx%2Fcatalog%2Ftitle%2F10 -d priority=1 ${HOST}/users/${GUID}/queues/every`)).toBe(true);
  });

  it('a POST with --url carries its form parameters in the query', () => {
    const url = sign('--url', 'POST', `${HOST}/users/${GUID}/lists`, 'name=Mine').trim();
    expect(queryOf(url)[0]).toEqual(['name', 'Mine']);
  });

  it('--header prints the Authorization line alone', () => {
    const out = sign('--header', '--token', 'bob', 'PUT', `${HOST}/users/x/ratings/title/1`, 'rating=4').trim();
    expect(out).toMatch(
      /^Authorization: OAuth oauth_consumer_key="test-consumer-key", oauth_nonce="fixednonce", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1795000000", oauth_token="bob-access-token", oauth_signature="[A-Za-z0-9%]+"$/,
    );
  });

  it('--curl on a GET puts the parameters in the URL and sends no body', () => {
    const out = sign('--curl', 'GET', `${HOST}/catalog/title?term=it's`).trim();
    expect(out).toMatch(/^curl -sS -X GET -H 'Authorization: OAuth [^']+' 'http:\/\/127\.0\.0\.1:8080\/catalog\/title\?term=it%27s'$/);
  });

  it("--curl turns off curl's globbing when the path holds brackets", () => {
    expect(sign('--curl', 'GET', `${HOST}/catalog/[x]`)).toContain(` -g '${HOST}/catalog/[x]'`);
  });

  it('--help prints the usage', () => {
    expect(sign('--help')).toMatch(/^Usage: rentalsim sign \[options\] METHOD URL \[name=value \.\.\.\]\n/);
  });
});

describe('rentalsim sign: whose credentials', () => {
  const params = (out: string) => Object.fromEntries(queryOf(out));

  it.each([
    ["the scenario's first consumer, alone", [], 'test-consumer-key', undefined],
    ['a user by login', ['--token', 'alice'], 'test-consumer-key', 'alice-access-token'],
    ['an access token by its value', ['--token', 'bob-access-token'], 'test-consumer-key', 'bob-access-token'],
    ['another consumer of the scenario', ['--consumer', 'other-consumer-key', '--token', 'carol'], 'other-consumer-key', 'carol-access-token'],
    ['--flag=value like --flag value', ['--consumer=legacy-consumer-key'], 'legacy-consumer-key', undefined],
  ])('%s', (_rule, flags, consumer, token) => {
    const p = params(sign(...flags, 'GET', `${HOST}/catalog/title`));
    expect(p['oauth_consumer_key']).toBe(consumer);
    expect(p['oauth_token']).toBe(token);
  });

  it.each([
    ['SCENARIO from the environment', { SCENARIO: 'nope' }, [], /no scenario named "nope"; known: default, /],
    ['--scenario over SCENARIO', { SCENARIO: 'nope' }, ['--scenario', 'default'], null],
    ['an empty SCENARIO as unset', { SCENARIO: '' }, [], null],
    ['an empty SCENARIO_DIR as unset', { SCENARIO_DIR: '' }, [], null],
    ['SCENARIO_DIR from the environment', { SCENARIO_DIR: '/no/such/folder' }, [], /--scenario-dir \(SCENARIO_DIR\): no folder "\/no\/such\/folder"/],
  ] as const)('reads the scenario as the server does: %s', (_rule, env, flags, error) => {
    const run = () => signCommand([...flags, 'GET', `${HOST}/catalog/title`], env, MOMENT);
    if (error) expect(run).toThrow(error);
    else expect(params(run())['oauth_consumer_key']).toBe('test-consumer-key');
  });

  const scenario = parseScenario(
    `
name: bound
description: tokens issued to one consumer
consumers:
  - { key: first, secret: s1 }
  - { key: second, secret: s2 }
users:
  - guid: 9D48675C-096F-11DC-BF5A-88D01745CE5C
    login: dora
    password: p
    first_name: Dora
    last_name: D
    access_tokens: [{ token: dora-second, secret: t2, consumer: second }, { token: dora-any, secret: t }]
  - { guid: 2B8E3E1A-5C3D-4F7A-9E21-6A0C7D9B4F10, login: ed, password: p, first_name: Ed, last_name: E }
`,
    'bound.yaml',
  );

  it.each([
    ['a token issued to one consumer signs with that consumer', {}, { consumer: 'second', token: 'dora-second' }],
    ["--consumer picks the user's token that consumer may use", { consumer: 'first' }, { consumer: 'first', token: 'dora-any' }],
    ['--consumer and a token issued to it', { consumer: 'second' }, { consumer: 'second', token: 'dora-second' }],
  ])('%s', (_rule, wanted, expected) => {
    const picked = pickCredentials(scenario, { token: 'dora', ...wanted });
    expect({ consumer: picked.consumer.key, token: picked.token?.key }).toEqual(expected);
  });

  it.each([
    ['a user without access tokens', { token: 'ed' }, /sign: --token: ed has no access token in scenario bound$/],
    [
      'a token issued to another consumer',
      { token: 'dora-second', consumer: 'first' },
      /no access token for consumer first in scenario bound \(issued to second\)/,
    ],
  ])('refuses %s', (_rule, wanted, message) => {
    expect(() => pickCredentials(scenario, wanted)).toThrow(message);
  });

  it('refuses a scenario without consumers', () => {
    const bare = parseScenario('name: bare\ndescription: nothing\n', 'bare.yaml');
    expect(() => pickCredentials(bare, {})).toThrow(/scenario bare has no consumers to sign with/);
  });
});

describe('rentalsim sign: usage mistakes are one clear line', () => {
  it.each([
    ['no arguments', [], /METHOD and URL are required/],
    ['a URL without a method', [`${HOST}/catalog/title`], /METHOD and URL are required/],
    ['an unknown method', ['PATCH', `${HOST}/x`], /METHOD must be GET, POST, PUT or DELETE, not "PATCH"/],
    ['a relative URL', ['GET', '/catalog/title'], /URL "\/catalog\/title" is not an absolute http\(s\) URL/],
    ['a URL of another scheme', ['GET', 'ftp://example.com/x'], /not an absolute http\(s\) URL/],
    ['a URL signed already', ['GET', `${HOST}/x?oauth_signature=abc`], /is signed already \(oauth_signature\)/],
    ['a parameter without =', ['GET', `${HOST}/x`, 'term'], /"term" is not a name=value parameter/],
    ['a parameter without a name', ['GET', `${HOST}/x`, '=x'], /"=x" is not a name=value parameter/],
    ['a protocol parameter the signer writes', ['GET', `${HOST}/x`, 'oauth_nonce=1'], /oauth_nonce is written by the signer/],
    ['an unknown option', ['--tokn', 'alice', 'GET', `${HOST}/x`], /unknown option --tokn; see rentalsim sign --help/],
    ['an option without its value', ['GET', `${HOST}/x`, '--token'], /--token needs a value/],
    ['two outputs at once', ['--header', '--curl', 'GET', `${HOST}/x`], /choose one of --url, --header and --curl/],
    [
      'an unknown login or token',
      ['--token', 'dave', 'GET', `${HOST}/x`],
      /no user with login "dave" and no access token "dave" in scenario default \(logins: alice, bob, carol\)/,
    ],
    ['an unknown consumer', ['--consumer', 'nope', 'GET', `${HOST}/x`], /no consumer "nope" in scenario default \(consumers: test-consumer-key, /],
    ['an unknown scenario', ['--scenario', 'nope', 'GET', `${HOST}/x`], /no scenario named "nope"/],
  ])('%s', (_name, args, message) => {
    const run = () => sign(...args);
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    expect(() => run()).toThrow(/^sign: [^\n]+$/);
  });
});

describe('shell quoting', () => {
  it.each([
    ['a URL with ? and & goes in single quotes', 'http://h:1/a?b=c%20d&e', "'http://h:1/a?b=c%20d&e'"],
    ['a word of safe characters stays bare', 'title_refs=http%3A%2F%2Fx', 'title_refs=http%3A%2F%2Fx'],
    ['spaces and double quotes go in single quotes', 'Authorization: OAuth a="b"', `'Authorization: OAuth a="b"'`],
    ['a single quote is closed, escaped and reopened', "it's", `'it'\\''s'`],
    ['$ and backquotes are not expanded', '$HOME `id`', "'$HOME `id`'"],
    ['the empty word is kept', '', "''"],
  ])('%s', (_rule, word, quoted) => {
    expect(shellQuote(word)).toBe(quoted);
  });
});
