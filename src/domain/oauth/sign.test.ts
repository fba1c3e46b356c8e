import { describe, expect, it } from 'vitest';
import { sign, signingKey } from './sign.js';

describe('signingKey', () => {
  it.each([
    ['secrets are joined by &', 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00', 'kd94hf93k423kf44&pfkkdhi9sl3r4s00'],
    ['the & stays when there is no token secret', 'kd94hf93k423kf44', '', 'kd94hf93k423kf44&'],
    ['both secrets are percent-encoded', 'a&b', 'c d', 'a%26b&c%20d'],
  ])('%s', (_rule, consumerSecret, tokenSecret, key) => {
    expect(signingKey(consumerSecret, tokenSecret)).toBe(key);
  });
});

describe('sign', () => {
  it('HMAC-SHA1 is the base64 HMAC of the base string under the key', () => {
    // Independent value: printf %s 'GET&http%3A%2F%2Fh%2F&' | openssl dgst -sha1 -hmac 'c&t' -binary | base64
    expect(sign({ method: 'HMAC-SHA1', baseString: 'GET&http%3A%2F%2Fh%2F&', consumerSecret: 'c', tokenSecret: 't' })).toBe('3F30/+SJ/DSxYGqFsMLbkCSPVhY=');
  });

  it('PLAINTEXT is the key itself and ignores the base string (RFC 5849 3.4.4)', () => {
    expect(sign({ method: 'PLAINTEXT', baseString: 'anything', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'hdhd0244k9j7ao03' })).toBe(
      'kd94hf93k423kf44&hdhd0244k9j7ao03',
    );
  });

  it('a missing token secret signs with the consumer secret alone', () => {
    const base = 'GET&http%3A%2F%2Fh%2F&';
    expect(sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret: 'c' })).toBe(
      sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret: 'c', tokenSecret: '' }),
    );
  });
});

describe('sign: the key is made of the encoded secrets', () => {
  const base = 'GET&http%3A%2F%2Fh%2F&a%3D1';

  // Independent values: printf %s "$base" | openssl dgst -sha1 -hmac "$key" -binary | base64
  it.each([
    ['non-ASCII secrets are encoded as UTF-8', 'clé', '秘密🔑', '3w0tXzX19ejuNIIy2mDWOr6lzMI='],
    ['an & in the consumer secret is encoded, not taken for the separator', 'a&', 'b', 'QZciAJ0UQSZqgjzXwXSv2lElWBA='],
    ['the same & in the token secret makes another key', 'a', '&b', 'pPAy8cOGb4Dlr50WRy4iW2JgdvA='],
  ])('%s', (_rule, consumerSecret, tokenSecret, signature) => {
    expect(sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret, tokenSecret })).toBe(signature);
  });
});
