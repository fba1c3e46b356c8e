import { describe, expect, it } from 'vitest';
import { appendToCallback, parseCallback } from './callback-url.js';

describe('oauth_callback', () => {
  it.each([
    ['oob is taken in any case', 'OOB', 'oob'],
    ['an http URL is kept as sent', 'http://client.example/cb?x=1', 'http://client.example/cb?x=1'],
    ['an https URL with a port, query and fragment is kept as sent', 'HTTPS://C.example:8443/cb?a=%20#f', 'HTTPS://C.example:8443/cb?a=%20#f'],
    ['surrounding spaces are dropped', '  https://c.example/  ', 'https://c.example/'],
    ['an app scheme is refused (only http and https)', 'myapp://done', undefined],
    ['javascript: is refused', 'javascript://%0aalert(1)', undefined],
    ['vbscript: is refused', 'vbscript://x/msgbox', undefined],
    ['data: is refused', 'data:text/html,<b>x</b>', undefined],
    ['file: is refused', 'file:///etc/passwd', undefined],
    ['ftp: is refused', 'ftp://files.example/', undefined],
    ['http without a host is refused', 'http:///cb', undefined],
    ['one slash is refused', 'http:/cb', undefined],
    ['a space inside is refused', 'http://c.example/a b', undefined],
    ['a control character inside is refused', 'http://c.example/\u0000', undefined],
    ['a host the URL parser refuses is refused', 'http://exa%zzmple/', undefined],
    ['a relative path is refused', '/cb', undefined],
    ['a bare word is refused', 'callback', undefined],
    ['an empty value is refused', '', undefined],
  ])('%s', (_rule, sent, expected) => {
    expect(parseCallback(sent)).toBe(expected);
  });
});

describe('parameters appended to a callback keep its own query', () => {
  const p = [
    ['oauth_token', 'ABCDE'],
    ['oauth_verifier', '012345'],
  ] as const;
  it.each([
    ['no query: a ? starts one', 'http://c/cb', 'http://c/cb?oauth_token=ABCDE&oauth_verifier=012345'],
    ['an existing query gets an &', 'http://c/cb?state=a%20b&x=1', 'http://c/cb?state=a%20b&x=1&oauth_token=ABCDE&oauth_verifier=012345'],
    ['a trailing ? is reused', 'http://c/cb?', 'http://c/cb?oauth_token=ABCDE&oauth_verifier=012345'],
    ['a trailing & is reused', 'http://c/cb?a=1&', 'http://c/cb?a=1&oauth_token=ABCDE&oauth_verifier=012345'],
    ['a fragment stays last', 'http://c/cb?a=1#top', 'http://c/cb?a=1&oauth_token=ABCDE&oauth_verifier=012345#top'],
  ])('%s', (_rule, callback, expected) => {
    expect(appendToCallback(callback, p)).toBe(expected);
  });

  it('values are percent-encoded', () => {
    expect(appendToCallback('http://c/', [['denied', 'A B&C']])).toBe('http://c/?denied=A%20B%26C');
  });
});
