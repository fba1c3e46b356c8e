import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.js';

describe('utf8Bytes', () => {
  it.each([
    ['ASCII', '<title full="Alien"/>'],
    ['empty', ''],
    ['Latin-1 beyond ASCII (one byte in a string, two in UTF-8)', 'Amélie ÿ'],
    ['a character whose low byte is ASCII (Ł is U+0141)', 'Łódź'],
    ['outside the BMP', 'film 🎬'],
    ['a lone surrogate (encoded as U+FFFD)', 'a\ud800b'],
    ['NUL and DEL', '\u0000\u007f'],
  ])('%s: the UTF-8 encoding', (_what, text) => {
    expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('is the UTF-8 encoding of any text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }), fc.string()), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
