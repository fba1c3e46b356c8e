import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SelfWritten } from '../xml/writer.js';
import { utf8Bytes } from './send-xml.js';

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

  it('writes parts one after another: the UTF-8 encoding of their join, ASCII or not (property)', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }), fc.string());
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), (parts) => {
        expect(utf8Bytes(...parts).equals(Buffer.from(parts.join(''), 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(utf8Bytes('<?xml?>', '<a>Amélie</a>', '', 'ok').toString('utf8')).toBe('<?xml?><a>Amélie</a>ok');
  });

  it('is the UTF-8 encoding of any text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii' }), fc.string()), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('lets a part that writes itself write its bytes between the others', () => {
    const text = '<a>Łódź 🎬</a>';
    const utf8 = Buffer.from(text, 'utf8');
    const self: SelfWritten = { utf8Length: utf8.length, writeUtf8: (bytes, at) => at + utf8.copy(bytes, at), text: () => text };
    expect(utf8Bytes('<r>', self, 'é', self, '</r>').equals(Buffer.from(`<r>${text}é${text}</r>`, 'utf8'))).toBe(true);
  });
});
