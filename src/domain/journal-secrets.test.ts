import { describe, expect, it } from 'vitest';
import { REDACTED, withoutSecrets, type JournalledRequest } from './journal-secrets.js';

const plain: JournalledRequest = {
  url: '/catalog/title?term=a&oauth_signature=abc',
  rawHeaders: ['Host', 'x', 'Authorization', 'OAuth oauth_signature_method="HMAC-SHA1", oauth_signature="abc%3D"'],
  params: [['term', 'a']],
  body: undefined,
};

describe('the journal keeps no secret', () => {
  it('keeps an HMAC-SHA1 request as it is, the same object', () => {
    expect(withoutSecrets(plain)).toBe(plain);
  });

  it.each([
    ['in the header', 'OAuth oauth_consumer_key="k", oauth_signature_method="PLAINTEXT", oauth_signature="sec%26tok"', []],
    ['in the header, unquoted and in another case', 'oauth oauth_signature_method=plaintext,oauth_signature=sec%26tok', []],
  ] as const)('redacts a PLAINTEXT signature %s', (_where, header, params) => {
    const out = withoutSecrets({ url: '/x', rawHeaders: ['authorization', header], params, body: undefined });
    expect(out.rawHeaders[1]).not.toContain('sec%26tok');
    expect(out.rawHeaders[1]).toContain(`oauth_signature="${REDACTED}"`);
    expect(out.rawHeaders[1]).toMatch(/oauth_signature_method=/i);
  });

  it('redacts a PLAINTEXT signature sent in the query and the form body, raw and decoded', () => {
    const out = withoutSecrets({
      url: '/x?oauth_signature_method=PLAINTEXT&oauth_signature=sec%26tok&term=a',
      rawHeaders: [],
      params: [
        ['oauth_signature_method', 'PLAINTEXT'],
        ['oauth_signature', 'sec&tok'],
        ['term', 'a'],
      ],
      body: 'oauth_signature=sec%26tok&b=2',
    });
    expect(out.url).toBe(`/x?oauth_signature_method=PLAINTEXT&oauth_signature=${REDACTED}&term=a`);
    expect(out.params).toEqual([
      ['oauth_signature_method', 'PLAINTEXT'],
      ['oauth_signature', REDACTED],
      ['term', 'a'],
    ]);
    expect(out.body).toBe(`oauth_signature=${REDACTED}&b=2`);
  });

  it('redacts a password, whatever the signature method, and only its value', () => {
    const out = withoutSecrets({
      url: '/oauth/login',
      rawHeaders: [],
      params: [
        ['login', 'alice'],
        ['password', 'p&w'],
      ],
      body: 'login=alice&password=p%26w',
    });
    expect(out.params).toEqual([
      ['login', 'alice'],
      ['password', REDACTED],
    ]);
    expect(out.body).toBe(`login=alice&password=${REDACTED}`);
  });
});
