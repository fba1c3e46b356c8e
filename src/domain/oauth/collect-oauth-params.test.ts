import { describe, expect, it } from 'vitest';
import type { RequestParam } from './authorization-header.js';
import { collectOAuthParams } from './collect-oauth-params.js';

const pairs = (params: RequestParam[]) => params.map((p) => [p.name, p.value]);

function collected(parts: Parameters<typeof collectOAuthParams>[0]) {
  const result = collectOAuthParams(parts);
  if (!result.ok) throw new Error(`expected ok, got ${result.error.message}`);
  return result;
}

describe('collectOAuthParams: the Authorization header', () => {
  const expected = [
    ['oauth_consumer_key', 'key'],
    ['oauth_nonce', 'n1'],
  ];

  it.each([
    ['realm and ", " separators', 'OAuth realm="Photos", oauth_consumer_key="key", oauth_nonce="n1"'],
    ['no realm', 'OAuth oauth_consumer_key="key", oauth_nonce="n1"'],
    ['"," without spaces', 'OAuth realm="x",oauth_consumer_key="key",oauth_nonce="n1"'],
    ['spaces around = and commas', 'OAuth   oauth_consumer_key = "key" ,  oauth_nonce= "n1"  '],
    ['a trailing comma', 'OAuth oauth_consumer_key="key", oauth_nonce="n1",'],
    ['folded lines', 'OAuth realm="x",\r\n   oauth_consumer_key="key",\r\n   oauth_nonce="n1"'],
    ['whitespace alone between pairs', 'OAuth oauth_consumer_key="key" oauth_nonce="n1"'],
    ['unquoted values', 'OAuth oauth_consumer_key=key, oauth_nonce=n1'],
    ['the scheme name in another case', 'oauth oauth_consumer_key="key", oauth_nonce="n1"'],
  ])('reads a header with %s', (_rule, authorization) => {
    expect(pairs(collected({ authorization }).params)).toEqual(expected);
  });

  it('keeps realm out of the parameters but reports it', () => {
    const result = collected({ authorization: 'OAuth realm="Photos", oauth_consumer_key="key"' });
    expect(result.realm).toBe('Photos');
    expect(result.params.map((p) => p.name)).toEqual(['oauth_consumer_key']);
  });

  it('percent-decodes names and values but keeps + as +', () => {
    const result = collected({ authorization: 'OAuth oauth_callback="http%3A%2F%2Fprinter.example.com%2Fready", oauth_signature="a+b%2F%3D"' });
    expect(pairs(result.params)).toEqual([
      ['oauth_callback', 'http://printer.example.com/ready'],
      ['oauth_signature', 'a+b/='],
    ]);
  });

  it('keeps an empty value', () => {
    expect(pairs(collected({ authorization: 'OAuth oauth_token="", oauth_consumer_key="k"' }).params)).toEqual([
      ['oauth_token', ''],
      ['oauth_consumer_key', 'k'],
    ]);
  });

  it.each([
    ['no header at all', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a scheme that merely starts with OAuth', 'OAuthX oauth_consumer_key="k"'],
    ['the bare scheme name', 'OAuth'],
    ['only a realm', 'OAuth realm="Photos"'],
  ])('finds no header parameters in %s', (_rule, authorization) => {
    expect(collected({ authorization }).params).toEqual([]);
  });

  it.each([
    ['an unterminated quote', 'OAuth oauth_consumer_key="key'],
    ['a name without a value', 'OAuth oauth_consumer_key'],
    ['junk after the pairs', 'OAuth oauth_consumer_key="key", junk'],
    ['pairs run together', 'OAuth a="1"b="2"'],
    ['a quote inside an unquoted value', 'OAuth a=x"y"'],
  ])('rejects a header with %s as a 400', (_rule, authorization) => {
    const result = collectOAuthParams({ authorization });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.status).toBe(400);
    expect(result.error.details).toMatch(/Authorization header/);
  });
});

describe('collectOAuthParams: query string and form body', () => {
  it.each([
    ['a leading ? is ignored', '?a=1', [['a', '1']]],
    ['+ is a space', 'q=2+q', [['q', '2 q']]],
    [
      'escapes decode, %20 and %2B included',
      'a2=r%20b&p=%2B',
      [
        ['a2', 'r b'],
        ['p', '+'],
      ],
    ],
    [
      'a name without = has the empty value',
      'c2&c%40=',
      [
        ['c2', ''],
        ['c@', ''],
      ],
    ],
    [
      'empty pieces are skipped',
      'a=1&&b=2&',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    ['only the first = splits', 'a==b=', [['a', '=b=']]],
    [
      'duplicates are kept in order',
      'a=2&a=1',
      [
        ['a', '2'],
        ['a', '1'],
      ],
    ],
    ['an invalid escape is kept raw', 'term=100%', [['term', '100%']]],
  ])('%s', (_rule, rawQuery, expected) => {
    expect(pairs(collected({ rawQuery }).params)).toEqual(expected);
    expect(pairs(collected({ formBody: rawQuery.replace(/^\?/, '') }).params)).toEqual(expected);
  });

  it('lists header, then query, then body parameters, each with its source', () => {
    const result = collected({ authorization: 'OAuth oauth_nonce="n"', rawQuery: 'oauth_nonce=n', formBody: 'x=1' });
    expect(result.params).toEqual([
      { name: 'oauth_nonce', value: 'n', source: 'header' },
      { name: 'oauth_nonce', value: 'n', source: 'query' },
      { name: 'x', value: '1', source: 'body' },
    ]);
  });

  it('treats realm in the query as an ordinary parameter', () => {
    expect(pairs(collected({ rawQuery: 'realm=x' }).params)).toEqual([['realm', 'x']]);
  });
});
