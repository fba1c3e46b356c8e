import type { Request, Router } from 'express';
import { errors } from '../domain/api-error.js';
import { inRange, parseIsoInstant } from '../domain/iso-instant.js';
import type { JournalQuery } from '../domain/journal.js';
import { CLOCK_RANGE, isoDateTime } from '../domain/sim-clock.js';
import type { World } from '../world/world.js';
import { consumerFor, teamOf, adminQuery } from './admin-request.js';

/**
 * The request journal: GET /__admin/journal (newest first, filtered), GET /__admin/journal/count (for "the
 * client called X exactly once"), DELETE /__admin/journal.
 * Filters: method, path (exact or a pattern like /users/:guid/queues/*), consumer, user (GUID or login),
 * status, since and until (ISO instants), rejected, after. An unknown one is a 400, not a filter quietly
 * ignored: a QA script misspelling `user` would otherwise read every entry as the ones it asked for.
 * A team (a call signed by its consumer) reads and clears only its own consumer's entries.
 */
export function journalRoutes(router: Router, world: World): void {
  router.get('/journal', (req, res) => {
    const query = journalQueryOf(req);
    const limit = intParam(adminQuery(req), 'limit') ?? 100;
    const team = teamOf(req);
    res.json({
      // A team learns nothing of the others' traffic: what is held of its own.
      held: team === undefined ? world.journal.size : world.journal.count({ consumer: team }),
      capacity: world.journal.limit,
      matched: world.journal.count(query),
      entries: world.journal.find(query, limit),
    });
  });

  router.get('/journal/count', (req, res) => {
    res.json({ count: world.journal.count(journalQueryOf(req)) });
  });

  router.delete('/journal', (req, res) => {
    const team = teamOf(req);
    res.json({ cleared: team === undefined ? world.journal.clear() : world.journal.clearFor(team) });
  });
}

/** The query parameters the journal's routes read. */
const KNOWN: readonly string[] = ['method', 'path', 'consumer', 'user', 'status', 'since', 'until', 'rejected', 'after', 'limit'];

/**
 * The filters of a journal call. A team reads only the entries filed under its consumer
 * (docs/reference/admin-api.md#security); naming another is a 403, reported after any 400.
 */
function journalQueryOf(req: Request): JournalQuery {
  const q = adminQuery(req);
  for (const name of q.keys()) {
    // A team's call signed as a URL carries its OAuth parameters in the query: they are the signature, not filters.
    if (!KNOWN.includes(name) && !name.startsWith('oauth_')) {
      throw errors.badRequest(
        `${JSON.stringify(name)} is not a journal filter; the filters are ${KNOWN.join(', ')} ` +
          '(path takes an exact path or a route pattern such as /users/:guid/queues/*)',
      );
    }
  }
  // Checked in this order, so of two bad filters the first named here is the one reported. Absent or empty: no filter.
  const text = (name: string) => q.get(name) || undefined;
  const query: JournalQuery = {
    method: text('method'),
    path: text('path'),
    consumer: text('consumer'),
    user: text('user'),
    status: intParam(q, 'status'),
    since: instantParam(q, 'since'),
    until: instantParam(q, 'until'),
    afterId: intParam(q, 'after'),
    rejected: flagParam(q, 'rejected'),
  };
  return { ...query, consumer: consumerFor(req, query.consumer) };
}

function flagParam(q: URLSearchParams, name: string): boolean | undefined {
  const v = q.get(name);
  if (v === null) return undefined;
  if (v !== 'true' && v !== 'false') throw errors.badRequest(`${name}: expected true or false`);
  return v === 'true';
}

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw errors.badRequest(`${name}: expected a whole number, not ${JSON.stringify(v)}`);
  return Number(v);
}

/**
 * An ISO 8601 instant with its offset (`2030-01-01T12:00:00Z`, `...:00.250+02:00`) that exists, within the
 * years an entry's `at` is written in (CLOCK_RANGE), as epoch ms.
 */
function instantParam(q: URLSearchParams, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === null || raw === '') return undefined;
  // An offset's `+` sent unencoded arrives as a space (form decoding): read it as the `+` it was.
  const ms = parseIsoInstant(raw.replace(/ (\d{2}:\d{2})$/, '+$1'));
  if (ms === undefined || !inRange(ms, CLOCK_RANGE)) {
    throw errors.badRequest(
      `${name}: expected an ISO 8601 instant with its offset from ${isoDateTime(CLOCK_RANGE.first)} to ${isoDateTime(CLOCK_RANGE.last)}, such as ` +
        `2030-01-01T12:00:00Z or 2030-01-01T12:00:00.250+02:00, not ${JSON.stringify(raw)} (journal times are real time, as each entry's "at")`,
    );
  }
  return ms;
}
