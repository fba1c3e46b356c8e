import { describe, expect, it } from 'vitest';
import { percentEncode } from '../percent-encode.js';
import { baseStringUri, normalizeParameters, signatureBaseString } from './base-string.js';

describe('signatureBaseString', () => {
  it('joins method, encoded URI and encoded parameters with &', () => {
    expect(
      signatureBaseString({ method: 'POST', scheme: 'https', host: 'Photos.Example.net:443', path: '/users/', params: [{ name: 'a', value: 'b c' }] }),
    ).toBe('POST&https%3A%2F%2Fphotos.example.net%2Fusers%2F&a%3Db%2520c');
  });

  // The parameters are encoded once more without building the normalized string: the same text as RFC
  // 5849's definition, encode(normalize(params)), for whatever the values hold.
  it.each([
    ['spaces', ' '.repeat(5_000)],
    ['reserved characters', "!'()*%&=+,;/?:@#[]"],
    ['text beyond ASCII', 'Amélie ☃ 𝄞'],
    ['unreserved text alone', 'abc-._~XYZ09'],
  ])('encodes parameters holding %s as encode(normalize(params))', (_rule, value) => {
    const params = [
      { name: 'note', value },
      { name: 'a b', value: `${value}!` },
      { name: 'oauth_nonce', value: 'n' },
    ];
    const base = signatureBaseString({ method: 'POST', scheme: 'http', host: 'h', path: '/r', params });
    expect(base).toBe(`POST&http%3A%2F%2Fh%2Fr&${percentEncode(normalizeParameters(params))}`);
  });

  it('upper-cases the method', () => {
    expect(signatureBaseString({ method: 'get', scheme: 'http', host: 'h', path: '/', params: [] })).toBe('GET&http%3A%2F%2Fh%2F&');
  });
});

describe('baseStringUri', () => {
  it.each([
    ['the default http port is dropped', 'http', 'example.com:80', '/r', 'http://example.com/r'],
    ['the default https port is dropped', 'https', 'example.com:443', '/r', 'https://example.com/r'],
    ['a non-default port is kept', 'http', 'example.com:8080', '/r', 'http://example.com:8080/r'],
    ['443 is kept for http', 'http', 'example.com:443', '/r', 'http://example.com:443/r'],
    ['80 is kept for https', 'https', 'example.com:80', '/r', 'https://example.com:80/r'],
    ['an upper-case host is lowered', 'http', 'EXAMPLE.COM', '/r', 'http://example.com/r'],
    ['an upper-case scheme is lowered', 'HTTPS', 'Example.com:443', '/r', 'https://example.com/r'],
    ['the path keeps its case', 'http', 'example.com', '/Users/AbC', 'http://example.com/Users/AbC'],
    ['a trailing slash is kept as sent', 'http', 'example.com', '/users/', 'http://example.com/users/'],
    ['an empty path is /', 'http', 'example.com', '', 'http://example.com/'],
    ['the path stays percent-encoded as sent', 'http', 'example.com', '/a%20b', 'http://example.com/a%20b'],
    ['a fragment left on the path is cut off', 'http', 'example.com', '/r#top', 'http://example.com/r'],
    ['a query left on the path is cut off', 'http', 'example.com', '/r?x=1', 'http://example.com/r'],
    ['an IPv6 literal keeps its brackets', 'http', '[::1]:8080', '/r', 'http://[::1]:8080/r'],
    ['an IPv6 literal without port is untouched', 'http', '[::1]', '/r', 'http://[::1]/r'],
  ])('%s', (_rule, scheme, host, path, uri) => {
    expect(baseStringUri(scheme, host, path)).toBe(uri);
  });
});

describe('normalizeParameters', () => {
  const p = (name: string, value: string) => ({ name, value });

  it.each([
    ['oauth_signature is left out', [p('oauth_signature', 's'), p('a', '1')], 'a=1'],
    ['same names sort by value', [p('a', 'z'), p('a', 'b')], 'a=b&a=z'],
    ['sorting uses the encoded bytes (upper case before lower)', [p('b', ''), p('B', ''), p('a', '')], 'B=&a=&b='],
    ['an encoded name sorts by its escape (%40 before a)', [p('a', ''), p('@', '')], '%40=&a='],
    ['names and values are RFC 3986 encoded', [p('a b', "!*'()~")], 'a%20b=%21%2A%27%28%29~'],
    ['non-ASCII is UTF-8 encoded', [p('q', 'é')], 'q=%C3%A9'],
    ['empty values keep their =', [p('c2', '')], 'c2='],
    ['no parameters give the empty string', [], ''],
  ])('%s', (_rule, params, normalized) => {
    expect(normalizeParameters(params)).toBe(normalized);
  });
});

describe('signatureBaseString: the parameters are the normalized string encoded once more', () => {
  const p = (name: string, value: string) => ({ name, value });

  it.each([
    ['none', []],
    ['plain names and values', [p('b', '2'), p('a', '1')]],
    ['escapes in names and values', [p('a b', 'c%d'), p('q', 'x=y&z')]],
    ['reserved characters and the five', [p('r', "!*'()"), p('s', ':/?#[]@$&+,;=')]],
    ['non-ASCII', [p('q', 'é千🎬'), p('é', '')]],
    ['duplicated names', [p('a', 'z'), p('a', 'b'), p('a', '')]],
    ['a name that prefixes another', [p('a-b', '1'), p('a', '2'), p('a.', '3')]],
    ['oauth_signature, left out', [p('oauth_signature', 'x%y'), p('oauth_nonce', 'n')]],
  ])('%s', (_rule, params) => {
    const base = signatureBaseString({ method: 'GET', scheme: 'http', host: 'h', path: '/', params });
    expect(base).toBe(`GET&http%3A%2F%2Fh%2F&${percentEncode(normalizeParameters(params))}`);
  });
});
