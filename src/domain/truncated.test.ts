import { describe, expect, it } from 'vitest';
import { truncated, truncatedUtf8 } from './truncated.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const MARKER = /…\[truncated ([\d,]+) bytes\]$/;
const droppedOf = (s: string) => Number(MARKER.exec(s)![1]!.replace(/,/g, ''));
const keptOf = (s: string) => s.replace(MARKER, '');

describe('truncated: a string held to a UTF-8 byte budget', () => {
  it('a string that fits comes back as it is', () => {
    const s = 'é'.repeat(100);
    expect(truncated(s, 200)).toBe(s);
    expect(truncated('', 0)).toBe('');
  });

  it('a longer one keeps its start within the budget and says how many bytes went, with thousands separated', () => {
    const s = 'a'.repeat(4056 + 327_680);
    const t = truncated(s, 4096);
    expect(t.endsWith('…[truncated 327,680 bytes]')).toBe(true);
    expect(keptOf(t)).toBe('a'.repeat(4056));
    expect(bytes(t)).toBeLessThanOrEqual(4096);
  });

  it.each([
    ['two-byte characters', 'é'],
    ['three-byte characters', '€'],
    ['surrogate pairs', '😀'],
    ['a mix', 'aé€😀'],
  ])('never cuts a character in half (%s), and kept plus dropped is the whole', (_kind, unit) => {
    const s = unit.repeat(3000);
    for (const max of [100, 101, 102, 103, 4096]) {
      const t = truncated(s, max);
      expect(bytes(t)).toBeLessThanOrEqual(max);
      const kept = keptOf(t);
      expect(s.startsWith(kept)).toBe(true);
      expect(Buffer.from(kept, 'utf8').toString('utf8')).toBe(kept); // no lone surrogate at the cut
      expect(bytes(kept) + droppedOf(t)).toBe(bytes(s));
    }
  });

  it('a budget smaller than the marker keeps none of the text but still says what went', () => {
    expect(truncated('abcdefghijklmnopqrstuvwxyz'.repeat(10), 20)).toBe('…[truncated 260 bytes]');
  });
});

describe('truncatedUtf8: bytes as text held to a budget', () => {
  it('bytes that fit are all decoded', () => {
    expect(truncatedUtf8(Buffer.from('<a>é</a>', 'utf8'), 100)).toBe('<a>é</a>');
    expect(truncatedUtf8(new Uint8Array([0x68, 0x69]), 2)).toBe('hi');
  });

  it('more keep their first bytes, never half a character, and the marker counts the bytes that went', () => {
    for (const text of ['x'.repeat(10_000), 'é'.repeat(5_000), '😀'.repeat(3_000), 'aé😀'.repeat(1_000)]) {
      const buf = Buffer.from(text, 'utf8');
      const t = truncatedUtf8(buf, 4096);
      expect(bytes(t)).toBeLessThanOrEqual(4096);
      expect(text.startsWith(keptOf(t))).toBe(true);
      expect(bytes(keptOf(t)) + droppedOf(t)).toBe(buf.length);
      expect(keptOf(t)).not.toContain('\uFFFD');
    }
  });
});
