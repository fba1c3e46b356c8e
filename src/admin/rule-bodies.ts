import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import { FAULT_LIMITS, faultSize, type FaultAction, type FaultSpec } from '../domain/faults.js';
import { BODILESS_STATUSES, headerBytes, headerProblem, OVERRIDE_LIMITS, type OverrideSpec } from '../domain/overrides.js';
import { isRoutePattern } from '../domain/route-pattern.js';
import { parseDuration } from '../domain/sim-clock.js';
import { parseBody } from './admin-request.js';

// What POST /__admin/faults and /__admin/overrides (and the library's sim.faults.add and sim.overrides.add)
// take, checked and turned into the domain's rule specs.

/** A rule's route pattern (faults, overrides); `noQuery` says what to do instead of writing a query into it. */
const routePattern = (noQuery: string) =>
  z
    .string()
    // A route pattern is matched on the path alone: a query written into it was ignored without a word.
    .refine((p) => !p.includes('?'), noQuery)
    .refine(isRoutePattern, 'expected a route pattern like /users/:guid/queues/* or * for every route');

/** A rule's HTTP method, or `*` (the default) for any. */
const ruleMethod = z
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
  // The consumer and the trigger (times, probability, seed) as given: zod keeps no key the body left out.
  const { route, method, kind, ms, maxMs, status, reason, details, retryAfter, ...trigger } = b;
  const spec: FaultSpec = { route, method, action: toAction(b), ...trigger };
  const size = faultSize(spec);
  if (size > FAULT_LIMITS.bytes) {
    throw errors.badRequest(
      `POST /__admin/faults: the fault is ${size} bytes as listed, over the ${FAULT_LIMITS.bytes} one may take; shorten its route, reason or details`,
    );
  }
  return spec;
}

/** The settings each kind of fault takes; one that does not belong to the kind is refused, not ignored. */
const KIND_SETTINGS: Readonly<Record<FaultAction['kind'], readonly string[]>> = {
  latency: ['ms', 'maxMs'],
  error: ['status', 'reason', 'details'],
  'rate-limit': ['retryAfter'],
  drop: [],
};

function toAction(b: z.output<typeof faultBody>): FaultAction {
  const extra = (['ms', 'maxMs', 'status', 'reason', 'details', 'retryAfter'] as const).filter((k) => b[k] !== undefined && !KIND_SETTINGS[b.kind].includes(k));
  if (extra.length > 0) throw errors.badRequest(`POST /__admin/faults: ${extra.join(', ')} does not apply to a ${b.kind} fault`);
  switch (b.kind) {
    case 'latency': {
      if (b.ms === undefined) throw errors.badRequest('POST /__admin/faults: a latency fault needs ms (and maxMs for a range)');
      if (b.maxMs !== undefined && b.maxMs < b.ms) throw errors.badRequest('POST /__admin/faults: maxMs must not be below ms');
      return b.maxMs === undefined ? { kind: 'latency', ms: b.ms } : { kind: 'latency', ms: b.ms, maxMs: b.maxMs };
    }
    case 'error': {
      if (b.status === undefined) throw errors.badRequest('POST /__admin/faults: an error fault needs status (400-599)');
      const { reason, details } = b;
      return { kind: 'error', status: b.status, ...(reason === undefined ? {} : { reason }), ...(details === undefined ? {} : { details }) };
    }
    case 'rate-limit':
      return { kind: 'rate-limit', retryAfterSeconds: b.retryAfter ?? 1 };
    case 'drop':
      return { kind: 'drop' };
  }
}

/** Longest delay an override may wait, as for a latency fault: two minutes. */
const MAX_DELAY_MS = 120_000;

/** Canonical base64 (RFC 4648 section 4, padded): what node would otherwise read leniently, skipping stray characters. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const params = z.record(z.string().min(1, 'a parameter name cannot be empty'), z.string());

// What POST /__admin/overrides and the library's sim.overrides.add take: which requests (the scope faults
// use, plus parameters), what they are answered, and when. Unknown fields are refused at every level.
export const overrideBody = z.strictObject({
  match: z.strictObject({
    method: ruleMethod,
    path: routePattern('a route pattern holds no query; give the parameters to match as match.query ({"name": "value"})'),
    query: params.optional(),
    form: params.optional(),
    consumer: z.string().min(1).optional(),
  }),
  answer: z.strictObject({
    status: z.number().int().min(200, 'expected a final status, 200-599').max(599, 'expected a final status, 200-599'),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.string().optional(),
    bodyBase64: z.string().regex(BASE64, 'expected standard base64 (A-Z a-z 0-9 + /, padded with =)').optional(),
    contentType: z.string().min(1).optional(),
  }),
  /** A duration such as `200ms` or `2s`, or milliseconds. */
  delay: z.union([z.string(), z.number()]).optional(),
  times: z.number().int().min(1).optional(),
});

/** An admin body as a domain override (`route` names the call in a 400); what the schema cannot say (headers, body and status together) is checked here. */
export function toOverrideSpec(body: unknown, route: string): OverrideSpec {
  const b = parseBody(overrideBody, body, route);
  function refuse(why: string): never {
    throw errors.badRequest(`${route}: ${why}`);
  }
  const { answer } = b;
  for (const [name, value] of Object.entries(answer.headers ?? {})) {
    const problem = headerProblem(name, value);
    if (problem) refuse(`answer.headers: ${problem}`);
  }
  const names = Object.keys(answer.headers ?? {}).map((n) => n.toLowerCase());
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) refuse(`answer.headers: ${twice} is given twice (header names are case-insensitive)`);
  if (answer.contentType !== undefined) {
    if (names.includes('content-type')) refuse(`answer: give the content type as contentType or in headers, not both`);
    const problem = headerProblem('Content-Type', answer.contentType);
    if (problem) refuse(`answer.contentType: ${problem}`);
  }
  if (answer.body !== undefined && answer.bodyBase64 !== undefined) refuse(`answer: give body (text) or bodyBase64 (any bytes), not both`);
  if ((answer.body !== undefined || answer.bodyBase64 !== undefined) && BODILESS_STATUSES.includes(answer.status)) {
    refuse(`answer: a ${answer.status} answer carries no body; leave body and bodyBase64 out`);
  }
  const sent = headerBytes([
    ...Object.entries(answer.headers ?? {}),
    ...(answer.contentType === undefined ? [] : [['Content-Type', answer.contentType] as const]),
  ]);
  if (sent > OVERRIDE_LIMITS.headerBytes) {
    refuse(`answer.headers: ${sent} bytes as sent (with contentType), over the ${OVERRIDE_LIMITS.headerBytes} an override may send`);
  }
  const bodyBytes = answer.bodyBase64 !== undefined ? Buffer.byteLength(answer.bodyBase64, 'base64') : Buffer.byteLength(answer.body ?? '');
  if (bodyBytes > OVERRIDE_LIMITS.bodyBytes) refuse(`answer: the body is ${bodyBytes} bytes, over the ${OVERRIDE_LIMITS.bodyBytes} an override may send`);
  const spec: OverrideSpec = { match: { ...b.match, method: b.match.method.toUpperCase() }, answer };
  if (b.delay !== undefined) {
    const ms = typeof b.delay === 'number' ? b.delay : parseDuration(b.delay);
    if (ms === undefined || !Number.isInteger(ms) || ms < 0 || ms > MAX_DELAY_MS)
      refuse('delay: expected a duration such as 200ms or 2s (or milliseconds), at most 2m');
    spec.delayMs = ms;
  }
  if (b.times !== undefined) spec.times = b.times;
  return spec;
}
