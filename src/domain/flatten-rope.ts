/**
 * The same string, made flat: a string built by `+` or a template is a rope with a node per piece, and one
 * kept for long (a cached fragment, a remembered nonce) keeps every node alive for each garbage collection
 * to walk, at several times the memory of its text, and every answer that joins it copies it piece by
 * piece again. A regular expression match makes V8 flatten its subject in place. For strings that stay:
 * flattened, many long-lived ropes take a fraction of their memory (docs/decisions/0008-request-cost.md).
 *
 * Not `s.charCodeAt(0)`, which this once was: its result went unused, and once this function was hot, Node
 * 24's optimising compiler dropped the read, flattening and all, so cached fragments stayed ropes (a test in
 * flatten-rope.test.ts holds this). A match is never dropped: it has effects (RegExp's last match).
 */
export function flattenRope(s: string): string {
  ANY.test(s);
  return s;
}

/**
 * Any pattern will do: V8 flattens the subject before it looks for the pattern, and `<`, which most cached
 * texts start with, ends the search at once. Without the g or y flag, so it keeps no lastIndex.
 */
const ANY = /</;
