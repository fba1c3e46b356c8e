/**
 * Route patterns as testers write them for faults and journal queries: `/users/:guid/queues/*`.
 * `:name` matches one path segment, a final `*` matches the rest (nothing included), and `*` alone matches
 * every path. A trailing slash is ignored on both sides, so `/users` and `/users/` are one route.
 */
export function routeMatches(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true;
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*' && i === want.length - 1) return true;
    const g = got[i];
    if (g === undefined) return false;
    if (w.startsWith(':') ? g === '' : w !== g) return false;
  }
  return want.length === got.length;
}

/** True when a pattern is one routeMatches understands: absolute, `*` only as a whole last segment. */
export function isRoutePattern(pattern: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.startsWith('/')) return false;
  const segs = segmentsOf(pattern);
  return segs.every((s, i) => !s.includes('*') || (s === '*' && i === segs.length - 1));
}

function segmentsOf(path: string): string[] {
  const q = path.indexOf('?');
  const bare = (q === -1 ? path : path.slice(0, q)).replace(/\/+$/, '');
  return bare === '' ? [] : bare.slice(1).split('/');
}
