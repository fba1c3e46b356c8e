import { createHmac } from 'node:crypto';
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
    expect(sign({ method: 'HMAC-SHA1', baseString: 'GET&http%3A%2F%2Fh%2F&', consumerSecret: 'c', tokenSecret: 't' }))
      .toBe('3F30/+SJ/DSxYGqFsMLbkCSPVhY=');
  });

  it('PLAINTEXT is the key itself and ignores the base string (RFC 5849 3.4.4)', () => {
    expect(sign({ method: 'PLAINTEXT', baseString: 'anything', consumerSecret: 'kd94hf93k423kf44', tokenSecret: 'hdhd0244k9j7ao03' }))
      .toBe('kd94hf93k423kf44&hdhd0244k9j7ao03');
  });

  it('a missing token secret signs with the consumer secret alone', () => {
    const base = 'GET&http%3A%2F%2Fh%2F&';
    expect(sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret: 'c' }))
      .toBe(sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret: 'c', tokenSecret: '' }));
  });
});

describe('sign: HMAC keys kept per pair of secrets', () => {
  const base = 'GET&http%3A%2F%2Fh%2F&a%3D1';
  const plain = (consumerSecret: string, tokenSecret: string) =>
    createHmac('sha1', signingKey(consumerSecret, tokenSecret)).update(base, 'utf8').digest('base64');

  it.each([
    ['plain secrets', 'cs', 'ts'],
    ['no token secret', 'cs', ''],
    ['secrets that need encoding', 'a&b=c', 'd e+f'],
    ['non-ASCII secrets', 'clé', '秘密🔑'],
    ['secrets that swap the & between them', 'a&', 'b'],
    ['the other side of the swap', 'a', '&b'],
  ])('signs as a fresh HMAC under the encoded key would, with %s, the first time and again', (_rule, consumerSecret, tokenSecret) => {
    const first = sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret, tokenSecret });
    const again = sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret, tokenSecret });
    expect([first, again]).toEqual([plain(consumerSecret, tokenSecret), plain(consumerSecret, tokenSecret)]);
  });

  it('keeps signing right past the bound on kept keys', () => {
    const wrong: number[] = [];
    for (let i = 0; i < 2100; i++) {
      const tokenSecret = `t${i % 1500}`;
      if (sign({ method: 'HMAC-SHA1', baseString: base, consumerSecret: 'cs', tokenSecret }) !== plain('cs', tokenSecret)) wrong.push(i);
    }
    expect(wrong).toEqual([]);
  });
});
