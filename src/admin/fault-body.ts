import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import { FAULT_LIMITS, faultSize, type FaultAction, type FaultSpec } from '../domain/faults.js';
import { isRoutePattern } from '../domain/route-pattern.js';
import { parseBody } from './admin-request.js';

/** A rule's route pattern (faults, overrides); `noQuery` says what to do instead of writing a query into it. */
export const routePattern = (noQuery: string) =>
  z
    .string()
    // A route pattern is matched on the path alone: a query written into it was ignored without a word.
    .refine((p) => !p.includes('?'), noQuery)
    .refine(isRoutePattern, 'expected a route pattern like /users/:guid/queues/* or * for every route');

/** A rule's HTTP method, or `*` (the default) for any. */
export const ruleMethod = z
  .string()
  .regex(/^([A-Za-z]+|\*)$/, 'expected an HTTP method such as GET, or *')
  .default('*');

// What POST /__admin/faults and the library's sim.faults.add take: one flat JSON shape per fault, easy to
// write with curl: the scope, the kind and its settings, the trigger.
export const faultBody = z.strictObject({
  route: routePattern('a route pattern holds no query, and a fault matches none; leave it out'),
  method: ruleMethod,
  consumer: z.string().min(1).optional(),
  kind: z.enum(['latency', 'error', 'rate-limit', 'drop']),
  /** latency: the delay, or the low end of a range with maxMs. */
  ms: z.number().int().min(0).max(120_000).optional(),
  maxMs: z.number().int().min(0).max(120_000).optional(),
  /** error: the status (400-599), optional reason and details. */
  status: z.number().int().min(400).max(599).optional(),
  reason: z.string().min(1).optional(),
  details: z.string().min(1).optional(),
  /** rate-limit: Retry-After seconds (default 1). */
  retryAfter: z.number().int().min(0).optional(),
  times: z.number().int().min(1).optional(),
  probability: z.number().min(0).max(1).optional(),
  seed: z.number().int().optional(),
});

/** An admin body as a domain fault (`where` names the call in a 400); settings that do not belong to the kind are refused, not ignored. */
export function toSpec(body: unknown, where: string): FaultSpec {
  const b = parseBody(faultBody, body, where);
  const spec: FaultSpec = { route: b.route, method: b.method, action: toAction(b) };
  if (b.consumer !== undefined) spec.consumer = b.consumer;
  if (b.times !== undefined) spec.times = b.times;
  if (b.probability !== undefined) spec.probability = b.probability;
  if (b.seed !== undefined) spec.seed = b.seed;
  const size = faultSize(spec);
  if (size > FAULT_LIMITS.bytes) {
    throw errors.badRequest(
      `POST /__admin/faults: the fault is ${size} bytes as listed, over the ${FAULT_LIMITS.bytes} one may take; shorten its route, reason or details`,
    );
  }
  return spec;
}

function toAction(b: z.output<typeof faultBody>): FaultAction {
  const only = (allowed: string[]) => {
    const extra = (['ms', 'maxMs', 'status', 'reason', 'details', 'retryAfter'] as const).filter((k) => b[k] !== undefined && !allowed.includes(k));
    if (extra.length > 0) throw errors.badRequest(`POST /__admin/faults: ${extra.join(', ')} does not apply to a ${b.kind} fault`);
  };
  switch (b.kind) {
    case 'latency': {
      only(['ms', 'maxMs']);
      if (b.ms === undefined) throw errors.badRequest('POST /__admin/faults: a latency fault needs ms (and maxMs for a range)');
      if (b.maxMs !== undefined && b.maxMs < b.ms) throw errors.badRequest('POST /__admin/faults: maxMs must not be below ms');
      return b.maxMs === undefined ? { kind: 'latency', ms: b.ms } : { kind: 'latency', ms: b.ms, maxMs: b.maxMs };
    }
    case 'error': {
      only(['status', 'reason', 'details']);
      if (b.status === undefined) throw errors.badRequest('POST /__admin/faults: an error fault needs status (400-599)');
      const action: FaultAction = { kind: 'error', status: b.status };
      if (b.reason !== undefined) action.reason = b.reason;
      if (b.details !== undefined) action.details = b.details;
      return action;
    }
    case 'rate-limit':
      only(['retryAfter']);
      return { kind: 'rate-limit', retryAfterSeconds: b.retryAfter ?? 1 };
    case 'drop':
      only([]);
      return { kind: 'drop' };
  }
}
