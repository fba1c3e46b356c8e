import { routeMatches } from './route-pattern.js';

// Which requests a tester's rule meets: a fault (faults.ts) and an override (overrides.ts) share this, so
// both read a route pattern, a method and a consumer alike.

/** The part of a request every rule is matched on. */
export interface ScopedRequest {
  method: string;
  /** Absolute path as sent, without the query. */
  path: string;
  /** The consumer whose signature the request verified; undefined when it is nobody's. */
  consumer?: string | undefined;
}

/**
 * True when a request falls in a rule's scope: `method` is upper case or `*`; `pattern` a route pattern
 * (route-pattern.ts); `consumer`, when given, must be the consumer the request's signature verified as, so
 * an unsigned, forged or replayed request naming a key is nobody's and never meets a rule scoped to it.
 */
export function inScope(method: string, pattern: string, consumer: string | undefined, req: ScopedRequest): boolean {
  if (method !== '*' && method !== req.method.toUpperCase()) return false;
  if (consumer !== undefined && consumer !== req.consumer) return false;
  return routeMatches(pattern, req.path);
}
