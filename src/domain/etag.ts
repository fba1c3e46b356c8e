// Entity tags for optimistic concurrency on queues, as the sister API had them
// (docs/reference/queues-and-lists.md#etag). The tag is a hash of the state it names, so any change to that
// state (through the API, the admin events or a reset) changes it without every writer having to remember to
// bump a counter.

/**
 * 64-bit FNV-1a over the UTF-16 code units of a text, as four 16-bit limbs, low first. Computed in limbs
 * rather than with BigInt, which cost a queue write more than its SQL (the prime is 2^40 + 0x1b3, so each
 * step is a few small multiplications).
 */
export function fnv1a64(text: string): [number, number, number, number] {
  // 0xcbf29ce484222325, low limb first.
  let h0 = 0x2325,
    h1 = 0x8422,
    h2 = 0x9ce4,
    h3 = 0xcbf2;
  for (let i = 0; i < text.length; i++) {
    h0 ^= text.charCodeAt(i);
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16);
    h3 = (h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16)) & 0xffff;
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
  }
  return [h0, h1, h2, h3];
}

/** A strong entity tag (quoted) for a canonical description of some state: its FNV-1a 64 in hex. */
export function etagOf(state: string): string {
  const [h0, h1, h2, h3] = fnv1a64(state);
  const hex = (limb: number) => limb.toString(16).padStart(4, '0');
  return `"${hex(h3)}${hex(h2)}${hex(h1)}${hex(h0)}"`;
}

/** The tags of an If-Match / If-None-Match header: `*`, or its (possibly weak) quoted tags. */
function tagsOf(header: string): '*' | string[] {
  return header.trim() === '*' ? '*' : (header.match(/(?:W\/)?"[^"]*"/g) ?? []);
}

/**
 * If-Match uses the strong comparison (RFC 9110 13.1.1): a weak tag never matches. A header that names no
 * well-formed tag at all matches nothing, so the write is refused rather than done blindly; no header, no condition.
 */
export function ifMatchHolds(header: string | undefined, current: string): boolean {
  const tags = header === undefined ? '*' : tagsOf(header);
  return tags === '*' || tags.includes(current);
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`. */
export function ifNoneMatchHits(header: string | undefined, current: string): boolean {
  const tags = header === undefined ? [] : tagsOf(header);
  return tags === '*' || tags.some((t) => t.replace(/^W\//, '') === current);
}
