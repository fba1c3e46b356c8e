import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacSha1Key, hmacSha1Base64, sha1 } from './hmac-sha1.js';

const hex = (s: string) => Buffer.from(s, 'hex');
const b64ToHex = (s: string) => Buffer.from(s, 'base64').toString('hex');
const node = (key: Uint8Array, message: string) => createHmac('sha1', key).update(message, 'utf8').digest('base64');

describe('hmacSha1Base64', () => {
  // RFC 2202 section 3 (the cases whose data is text; 5's truncated output is compared in full).
  it.each<[string, Buffer, string, string]>([
    ['1: 20-byte key', hex('0b'.repeat(20)), 'Hi There', 'b617318655057264e28bc0b6fb378c8ef146be00'],
    ['2: short key', Buffer.from('Jefe'), 'what do ya want for nothing?', 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79'],
    ['5: 20-byte key', hex('0c'.repeat(20)), 'Test With Truncation', '4c1a03424b55e07fe7f27be1d58bb9324a9a5a04'],
    ['6: 80-byte key (hashed first)', hex('aa'.repeat(80)), 'Test Using Larger Than Block-Size Key - Hash Key First', 'aa4ae5e15272d00e95705637ce8a3b55ed402112'],
    ['7: 80-byte key, 73-byte data', hex('aa'.repeat(80)), 'Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data', 'e8e99d0f45237d786d6bbaa7965c7808bbff1a91'],
  ])('RFC 2202 case %s', (_case, key, data, expected) => {
    expect(b64ToHex(hmacSha1Base64(new HmacSha1Key(key), data))).toBe(expected);
  });

  it('equals node\'s createHmac for every message length across the padding boundaries (0 to 300 bytes)', () => {
    const key = new HmacSha1Key(Buffer.from('consumer%20secret&token-secret'));
    for (let n = 0; n <= 300; n++) {
      const message = 'POST&'.concat('a'.repeat(n)).slice(0, n);
      expect(hmacSha1Base64(key, message), `length ${n}`).toBe(node(Buffer.from('consumer%20secret&token-secret'), message));
    }
  });

  it('equals node\'s createHmac for any key bytes and any text (UTF-8), long ones included', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 150 }),
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 50 }), fc.string({ maxLength: 3000 })),
        (key, message) => hmacSha1Base64(new HmacSha1Key(key), message) === node(key, message),
      ),
      { numRuns: 500 },
    );
  });

  it('gives the same answer again after a longer message grew its scratch buffer', () => {
    const key = new HmacSha1Key(Buffer.from('k&'));
    const short = hmacSha1Base64(key, 'short');
    expect(hmacSha1Base64(key, 'x'.repeat(50_000))).toBe(node(Buffer.from('k&'), 'x'.repeat(50_000)));
    expect(hmacSha1Base64(key, 'short')).toBe(short);
  });
});

describe('sha1', () => {
  it.each(['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(1000)])('equals node\'s for %j', (text) => {
    expect(sha1(Buffer.from(text)).toString('hex')).toBe(createHash('sha1').update(text).digest('hex'));
  });
});
