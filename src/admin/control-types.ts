import type { TokenState, TokenType } from '../domain/oauth/token-state.js';
import type { OverrideAnswer } from '../domain/overrides.js';

// What the library's test controls take and answer, written out here so the package's public types reach
// only rentalsim's own modules: no express, better-sqlite3 or zod types, so a consumer compiles them with
// `strict` and without skipLibCheck or any @types package. controls.ts checks the implementations against
// these (and FaultBody against the admin schema), so they cannot drift apart silently.

/** The same fields as POST /__admin/faults (see docs/reference/admin-api.md#faults); settings that do not belong to the kind are refused. */
export interface FaultBody {
  /** Route pattern such as `/users/:guid/queues/*`, or `*` for every route. */
  route: string;
  /** An HTTP method such as GET, or `*` (the default). */
  method?: string;
  /** Only requests signed by this consumer key. */
  consumer?: string;
  kind: 'latency' | 'error' | 'rate-limit' | 'drop';
  /** latency: the delay, or the low end of a range with maxMs. */
  ms?: number;
  maxMs?: number;
  /** error: the status (400-599), optional reason and details. */
  status?: number;
  reason?: string;
  details?: string;
  /** rate-limit: Retry-After seconds (default 1). */
  retryAfter?: number;
  /** Fire for the next N matching requests only. */
  times?: number;
  /** Chance a matching request is hit, 0..1 (default 1). */
  probability?: number;
  seed?: number;
}

/** The same fields as POST /__admin/overrides (see docs/reference/admin-api.md#overrides); unknown fields are refused. */
export interface OverrideBody {
  /** Which requests it answers; every field given must match. */
  match: {
    /** An HTTP method such as GET, or `*` (the default). */
    method?: string;
    /** Route pattern such as `/users/:guid/queues/*`, or `*` for every route; no query (give it as `query`). */
    path: string;
    /** Query string parameters with exactly these (decoded) values. */
    query?: Record<string, string>;
    /** Form body parameters with exactly these (decoded) values. */
    form?: Record<string, string>;
    /** Only requests whose signature verifies as this consumer key; absent: any request, signed or not. */
    consumer?: string;
  };
  answer: OverrideAnswer;
  /** Wait before answering: a duration such as `200ms` or `2s`, or milliseconds (at most 2m). */
  delay?: string | number;
  /** Answer the next N matching requests only; absent: until removed. */
  times?: number;
}

/** An access token minted by `sim.tokens.mint`, as POST /__admin/tokens answers it. */
export interface MintedToken {
  token: string;
  secret: string;
  type: TokenType;
  consumer: string | null;
  state: TokenState;
  /** YYYY-MM-DDTHH:MM:SSZ, simulator time. */
  created: string;
  user: { guid: string; login: string };
}

/** What a subscriber's three views hold after a business event, so a test can check they agree. */
export interface HomeAndQueue {
  /** The subscriber's login. */
  user: string;
  /** Title ids at home. */
  atHome: number[];
  /** Title ids queued. */
  queued: number[];
}

/** `sim.business.ship`: the discs sent, each from its sub-queue, dated with the simulator's today. */
export interface Shipment extends HomeAndQueue {
  shipped: { title: number; queue: string; priority: number; shipped: string }[];
}

/** `sim.business.returnTitle`: the rental that came back (dates YYYY-MM-DD). */
export interface Return extends HomeAndQueue {
  returned: { title: number; shipped: string; returned?: string };
}

/** One consumer's sandbox in the pool (times are real milliseconds since the epoch). */
export interface SandboxSummary {
  key: string;
  createdAt: number;
  lastUsedAt: number;
  /** Requests (and admin actions) that used it. */
  uses: number;
}
