import { STATUS_CODES } from 'node:http';
import { inScope, type HeldRule, type ScopedRequest, ScopedRules } from './scoped-rules.js';
import { SeededRandom } from './seeded-random.js';

// Injected faults (design: admin): what a tester adds so a client meets slow answers, gateway errors,
// rate limits and dropped connections on demand. Pure: the caller passes each request in and acts on the
// decision; the only randomness is each fault's own seeded generator, so a test run is repeatable.

export type FaultAction =
  /** Delays the answer by `ms`, or by a draw from [ms, maxMs] when maxMs is given. */
  | { kind: 'latency'; ms: number; maxMs?: number }
  /** Answers with this status and the real-looking `<error>`; reason and details default per status. */
  | { kind: 'error'; status: number; reason?: string; details?: string }
  /** The gateway's 403 Account Over Queries Per Second Limit with Retry-After. */
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  /** Closes the connection without an answer. */
  | { kind: 'drop' };

export interface FaultSpec {
  /** Route pattern (`/users/:guid/queues/*`, `*` for every route). */
  route: string;
  /** HTTP method, or `*` for any. */
  method: string;
  /** Only requests whose signature verifies as this consumer key; absent = every request, signed or not. */
  consumer?: string;
  action: FaultAction;
  /** Fire for the next N matching requests only; absent = no limit. */
  times?: number;
  /** Chance a matching request is hit, 0..1 (default 1), drawn from the fault's seeded generator. */
  probability?: number;
  /** Seed of that generator (default 1). */
  seed?: number;
}

export interface Fault extends FaultSpec, HeldRule {
  /** Requests that matched the route, method and consumer. */
  matched: number;
  /** Requests the fault acted on. */
  fired: number;
}

/** What to do to one request: wait, then possibly answer with a terminal fault instead of the API. */
export interface FaultDecision {
  delayMs: number;
  terminal?: { faultId: number; action: Exclude<FaultAction, { kind: 'latency' }> };
  /** Every fault that fired, for the journal. */
  firedIds: number[];
}

/**
 * What the faults may hold (docs/reference/admin-api.md#faults): so many, each so large as listed (its route, consumer, reason
 * and details are the tester's text), so all of them together are bounded too, and list in one answer.
 * The faults scoped to one consumer hold a share of that (decision 0061).
 */
export const FAULT_LIMITS = {
  count: 1000,
  /** One fault as GET /__admin/faults lists it (JSON, UTF-8). */
  bytes: 4096,
  /** Faults scoped to one consumer, whoever added them; their bytes are bounded by this times `bytes`. */
  perConsumer: 100,
} as const;

/** The faults, each with its own seeded generator. */
export class FaultRules extends ScopedRules<FaultSpec, Fault, SeededRandom> {
  constructor() {
    // Each fault's size is the caller's check (faultSize).
    super(
      'fault',
      FAULT_LIMITS,
      (f) => f.consumer,
      (spec, consumer) => ({ ...spec, consumer }),
      (spec, id) => ({ ...structuredClone(spec), method: spec.method.toUpperCase(), id, matched: 0, fired: 0 }),
      (f) => new SeededRandom(f.seed ?? 1),
    );
  }

  /**
   * Every matching latency fault adds its delay; the first matching error, rate-limit or drop fault (in
   * the order added) that fires ends the request. Later terminal faults are not consulted, so they keep
   * their remaining count and their random sequence.
   */
  decide(req: ScopedRequest): FaultDecision {
    const decision: FaultDecision = { delayMs: 0, firedIds: [] };
    for (const { rule: f, state: rng } of this.held) {
      const terminal = f.action.kind !== 'latency';
      if (terminal && decision.terminal) continue;
      if (f.remaining === 0 || !inScope(f.method, f.route, f.consumer, req)) continue;
      f.matched++;
      if (f.probability !== undefined && f.probability < 1 && !(rng.next() < f.probability)) continue;
      f.fired++;
      if (f.remaining !== undefined) f.remaining--;
      decision.firedIds.push(f.id);
      if (f.action.kind === 'latency') {
        const { ms, maxMs } = f.action;
        decision.delayMs += maxMs !== undefined && maxMs > ms ? rng.int(ms, maxMs) : ms;
      } else {
        decision.terminal = { faultId: f.id, action: f.action };
      }
    }
    return decision;
  }
}

/** A fault's size as listed: its JSON in UTF-8, with the counters it will carry. */
export function faultSize(spec: FaultSpec): number {
  return Buffer.byteLength(JSON.stringify({ ...spec, id: Number.MAX_SAFE_INTEGER, matched: Number.MAX_SAFE_INTEGER, fired: Number.MAX_SAFE_INTEGER }));
}

/** The statuses an injected error is named by its own reason phrase; any other by its class's. */
const NAMED: readonly number[] = [400, 401, 403, 404, 408, 409, 429, 500, 502, 503, 504];

/** The reason phrase an injected error shows when the tester gave none. */
export function defaultReason(status: number): string {
  return STATUS_CODES[NAMED.includes(status) ? status : status >= 500 ? 500 : 400]!;
}

/** Details in the voice of the gateway, saying what a client should do. */
export function defaultDetails(status: number): string {
  return status >= 500 ? 'the service could not answer this request just now; retry it later' : 'the request was refused; check it and send it again';
}
