/**
 * The same string, made flat: a string built by `+` or a template is a rope with a node per piece, and one
 * kept for long (a cached fragment, a remembered nonce) keeps every node alive for each garbage collection
 * to walk, at several times the memory of its text. Reading a character makes V8 flatten a rope in place.
 * For strings that stay: flattened, many long-lived ropes take a fraction of their memory
 * (docs/decisions/0008-request-cost.md).
 */
export function flattenRope(s: string): string {
  s.charCodeAt(0);
  return s;
}
