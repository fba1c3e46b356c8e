import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import { parseIsoInstant } from '../domain/iso-instant.js';
import { CLOCK_RANGE, isoDateTime, signedDuration, SimClock, type ClockMode } from '../domain/sim-clock.js';
import type { World } from '../world/world.js';
import { consumerFor, adminQuery, parseBody } from './admin-request.js';

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
 *
 * A team's call (signed by its consumer), or the operator's with `?consumer=KEY`, reads and moves that
 * consumer's own clock (World.clockOf), so one team's 11 minutes expire no other team's tokens; without one,
 * the world's clock, which every consumer without its own follows.
 */
export function clockRoutes(router: Router, world: World): void {
  /**
   * Answers with the clock a call names, moved first when `move` is given: tried on a copy first, so a move that
   * would leave the clock's range is a 400 that changes nothing (and opens no sandbox); then the consumer's own
   * clock (made now if it had none) or the world's.
   */
  const answer = (req: Request, res: Response, move?: (clock: SimClock) => void) => {
    // The consumer whose clock a call names (a team's own), checked as a consumer of the scenario; undefined: the world's.
    const key = consumerFor(req, adminQuery(req).get('consumer'));
    if (key !== undefined && !world.consumer(key)) throw errors.invalidParameter('consumer', `${JSON.stringify(key)} is not a consumer of this scenario`);
    let clock = key === undefined ? world.clock : world.clockOf(key);
    if (move) {
      const trial = new SimClock(world.realNow);
      trial.set(clock.mode);
      move(trial);
      clock = key === undefined ? world.clock : world.ownClockOf(key);
      clock.set(trial.mode);
    }
    const mode = clock.mode;
    // JSON leaves out what is undefined: the consumer for the world's clock, `at` and `offsetMs` for the modes without them.
    res.json({
      consumer: key,
      mode: mode.mode,
      now: isoDateTime(clock.now()),
      at: mode.mode === 'frozen' ? isoDateTime(mode.at) : undefined,
      offsetMs: mode.mode === 'offset' ? mode.offsetMs : undefined,
    });
  };

  router.get('/clock', (req, res) => answer(req, res));

  router.put('/clock', (req, res) => {
    const body = parseBody(clockBody, req.body, 'PUT /__admin/clock');
    answer(req, res, (c) => c.set(toMode(body, c.now())));
  });

  router.post('/clock/advance', (req, res) => {
    const body = parseBody(advanceBody, req.body, 'POST /__admin/clock/advance');
    answer(req, res, (c) => c.advance(body.ms ?? signedDuration(body.by!)!));
  });
}

function toMode(body: z.output<typeof clockBody>, now: number): ClockMode {
  if (body.mode === 'frozen') return { mode: 'frozen', at: body.at === undefined ? now : parseIsoInstant(body.at)! };
  if (body.mode === 'offset') return { mode: 'offset', offsetMs: body.offsetMs ?? signedDuration(body.offset!)! };
  return { mode: 'real' };
}
