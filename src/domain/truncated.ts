import { flattenRope } from './flatten-rope.js';

/** Room kept for the marker, so a truncated string stays within its budget: `…[truncated 9,999,999,999 bytes]` is 36 bytes. */
const MARKER_ROOM = 40;

/**
 * A string held to `maxBytes` of UTF-8: itself when it fits, otherwise its first bytes (never half a
 * character) and a visible marker saying how much went, `…[truncated 327,680 bytes]`; the two together
 * stay within `maxBytes` (a budget under 40 bytes keeps the marker alone).
 *
 * A truncated string is a fresh copy. A slice of a string in V8 points into the whole original, so
 * keeping `s.slice(0, n)` of a 330 KB base string would keep all 330 KB alive.
 */
export function truncated(s: string, maxBytes: number): string {
  // Three UTF-8 bytes at most per UTF-16 unit (a surrogate pair is four for two): most strings stop here.
  if (s.length * 3 <= maxBytes) return s;
  const total = Buffer.byteLength(s, 'utf8');
  if (total <= maxBytes) return s;
  const room = Math.max(0, maxBytes - MARKER_ROOM);
  let bytes = 0;
  let end = 0;
  while (end < s.length) {
    const c = s.charCodeAt(end);
    // A high surrogate then a low one (past the end charCodeAt is NaN, which is neither).
    const pair = (c & 0xfc00) === 0xd800 && (s.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > room) break;
    bytes += size;
    end += pair ? 2 : 1;
  }
  return flattenRope(`${s.slice(0, end)}…[truncated ${thousands(total - bytes)} bytes]`);
}

/**
 * UTF-8 bytes as text held to `maxBytes`, as `truncated` does for a string: all of it when it fits,
 * otherwise its first bytes (never half a character) and the marker. Only the bytes kept are decoded, so
 * a 300 KB answer costs the decoding of 4 KiB; the result is a new string, holding nothing else alive.
 */
export function truncatedUtf8(bytes: Uint8Array, maxBytes: number): string {
  return utf8WithMarker(bytes.subarray(0, utf8Kept(bytes, maxBytes)), bytes.length);
}

/** How many of the bytes truncatedUtf8 keeps: all when they fit, else up to a character's start within the budget. */
export function utf8Kept(bytes: Uint8Array, maxBytes: number): number {
  if (bytes.length <= maxBytes) return bytes.length;
  let end = Math.max(0, maxBytes - MARKER_ROOM);
  // Back to the start of the character the cut falls in: continuation bytes are 10xxxxxx.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return end;
}

/** The text of `kept`, the first bytes of `total`, with the marker when some went (truncatedUtf8's answer). */
export function utf8WithMarker(kept: Uint8Array, total: number): string {
  const text = Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength).toString('utf8');
  return kept.length === total ? text : flattenRope(`${text}…[truncated ${thousands(total - kept.length)} bytes]`);
}

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
