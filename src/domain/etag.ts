// Entity tags for optimistic concurrency on queues (fidelity 6, from the sister API). The tag is a hash of
// the state it names, so any change to that state (through the API, the admin events or a reset) changes
// it without every writer having to remember to bump a counter.

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** A strong entity tag (quoted) for a canonical description of some state: 64-bit FNV-1a, hex. */
export function etagOf(state: string): string {
  let h = FNV_OFFSET;
  for (let i = 0; i < state.length; i++) {
    h ^= BigInt(state.charCodeAt(i));
    h = (h * FNV_PRIME) & MASK;
  }
  return `"${h.toString(16).padStart(16, '0')}"`;
}

/** The tags of an If-Match / If-None-Match header: `*` or a comma list of (possibly weak) quoted tags. */
export function parseEtagList(header: string): { any: boolean; tags: string[] } {
  const value = header.trim();
  if (value === '*') return { any: true, tags: [] };
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return { any: false, tags };
}

/**
 * If-Match uses the strong comparison (RFC 9110 13.1.1): a weak tag never matches. A header that names no
 * well-formed tag at all matches nothing, so the write is refused rather than done blindly.
 */
export function ifMatchHolds(header: string | undefined, current: string): boolean {
  if (header === undefined) return true;
  const { any, tags } = parseEtagList(header);
  return any || tags.includes(current);
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/"x"` matches `"x"`. */
export function ifNoneMatchHits(header: string | undefined, current: string): boolean {
  if (header === undefined) return false;
  const { any, tags } = parseEtagList(header);
  return any || tags.some((t) => t.replace(/^W\//, '') === current);
}
