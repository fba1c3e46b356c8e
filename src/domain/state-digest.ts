import { fnv1a64 } from './etag.js';

// A digest of a set of rows that can be kept up to date one row at a time: the sum, modulo 2^52, of a hash
// of each row. Adding a row adds its hash, removing it adds the complement, so the digest depends only on
// which rows are there, not on the order or the history of the writes that put them there: an undone
// change gives the old digest back, and a state rebuilt from an export gives the same digest.
// (docs/decisions/0010-queue-etag-and-moves.md; the queue tables keep theirs with triggers,
// src/store/queue-triggers.ts.)

/** Digests are integers below 2^52, so that sums of two stay exact both in JavaScript and in SQLite. */
export const DIGEST_MODULUS = 2 ** 52;

/**
 * The hash of one row: FNV-1a 64 over its values joined with ':', then mixed so that every bit of it
 * depends on every bit of the FNV state, keeping the low 52 bits. Without the mixing, rows whose texts
 * differ only in their last characters (a disc's position 2 and 3, another's 3 and 4) have hashes whose
 * differences cancel in a sum.
 */
export function rowDigest(values: ReadonlyArray<string | number>): number {
  const [h0, h1, h2, h3] = fnv1a64(values.join(':'));
  const lo = (h1 << 16) | h0;
  const hi = (h3 << 16) | h2;
  const a = fmix32(lo ^ Math.imul(hi, 0x9e3779b1));
  const b = fmix32(hi ^ Math.imul(a, 0x85ebca6b));
  return (b & 0xfffff) * 2 ** 32 + (fmix32(a ^ b) >>> 0);
}

/** MurmurHash3's 32-bit finaliser: a bijection in which each input bit flips each output bit about half the time. */
function fmix32(x: number): number {
  let h = x ^ (x >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The digest of a set with `row` added (`sign` 1) or removed (`sign` -1). */
export function withRow(digest: number, row: number, sign: 1 | -1): number {
  return (digest + (sign === 1 ? row : DIGEST_MODULUS - row)) % DIGEST_MODULUS;
}

/** The digest of a whole set of rows, in any order. */
export function setDigest(rows: ReadonlyArray<ReadonlyArray<string | number>>): number {
  return rows.reduce((d, r) => withRow(d, rowDigest(r), 1), 0);
}
