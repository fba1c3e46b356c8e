import { Router } from 'express';
import { z } from 'zod';
import { parseIsoInstant } from '../domain/iso-instant.js';
import { CLOCK_RANGE, isoDateTime, signedDuration, type ClockMode, type SimClock } from '../domain/sim-clock.js';
import { parseBody } from './parse-body.js';

const instant = z
  .string()
  .refine(
    (s) => parseIsoInstant(s) !== undefined,
    `expected an instant like 2024-05-01T12:00:00Z (ISO 8601, a day and time that exist, from ${isoDateTime(CLOCK_RANGE.first)} to ${isoDateTime(CLOCK_RANGE.last)})`,
  );
const duration = z.string().refine((s) => signedDuration(s) !== undefined, 'expected a duration like 11m, 2h, -1d, 30s or 500ms');

const clockBody = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('real') }),
  /** Frozen at `at`, or at the clock's current instant when `at` is left out. */
  z.strictObject({ mode: z.literal('frozen'), at: instant.optional() }),
  z
    .strictObject({ mode: z.literal('offset'), offset: duration.optional(), offsetMs: z.number().int().optional() })
    .refine((b) => (b.offset === undefined) !== (b.offsetMs === undefined), 'send exactly one of offset (e.g. "2h") or offsetMs'),
]);

const advanceBody = z
  .strictObject({ by: duration.optional(), ms: z.number().int().optional() })
  .refine((b) => (b.by === undefined) !== (b.ms === undefined), 'send exactly one of by (e.g. "11m") or ms');

/**
 * The simulator clock (design: State): GET /__admin/clock, PUT /__admin/clock (real, frozen at an instant,
 * or offset from real time), POST /__admin/clock/advance. Token lifetimes and the dates the API shows follow
 * it; OAuth timestamp checks keep using real time.
 */
export function clockRoutes(clock: SimClock): Router {
  const router = Router();

  router.get('/clock', (_req, res) => {
    res.json(clockJson(clock));
  });

  router.put('/clock', (req, res) => {
    const body = parseBody(clockBody, req.body, 'PUT /__admin/clock');
    clock.set(toMode(body, clock.now()));
    res.json(clockJson(clock));
  });

  router.post('/clock/advance', (req, res) => {
    const body = parseBody(advanceBody, req.body, 'POST /__admin/clock/advance');
    clock.advance(body.ms ?? signedDuration(body.by!)!);
    res.json(clockJson(clock));
  });

  return router;
}

export function clockJson(clock: SimClock): Record<string, unknown> {
  const mode = clock.mode;
  return {
    mode: mode.mode,
    now: isoDateTime(clock.now()),
    ...(mode.mode === 'frozen' ? { at: isoDateTime(mode.at) } : {}),
    ...(mode.mode === 'offset' ? { offsetMs: mode.offsetMs } : {}),
  };
}

function toMode(body: z.output<typeof clockBody>, now: number): ClockMode {
  switch (body.mode) {
    case 'real':
      return { mode: 'real' };
    case 'frozen':
      return { mode: 'frozen', at: body.at === undefined ? now : parseIsoInstant(body.at)! };
    case 'offset':
      return { mode: 'offset', offsetMs: body.offsetMs ?? signedDuration(body.offset!)! };
  }
}
