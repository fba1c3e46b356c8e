import { Router } from 'express';
import { errors } from '../domain/api-error.js';
import type { JournalQuery } from '../domain/journal.js';
import type { World } from '../world/world.js';
import { adminQuery } from './admin-query.js';

/**
 * The request journal: GET /__admin/journal (newest first, filtered), GET /__admin/journal/count (for "the
 * client called X exactly once"), DELETE /__admin/journal.
 * Filters: method, path (exact or a pattern like /users/:guid/queues/*), consumer, status, rejected, after.
 */
export function journalRoutes(world: World): Router {
  const router = Router();

  router.get('/journal', (req, res) => {
    const q = adminQuery(req);
    const query = journalQueryOf(q);
    const limit = intParam(q, 'limit') ?? 100;
    res.json({
      held: world.journal.size,
      capacity: world.journal.limit,
      matched: world.journal.count(query),
      entries: world.journal.find(query, limit),
    });
  });

  router.get('/journal/count', (req, res) => {
    res.json({ count: world.journal.count(journalQueryOf(adminQuery(req))) });
  });

  router.delete('/journal', (_req, res) => {
    const cleared = world.journal.size;
    world.journal.clear();
    res.json({ cleared });
  });

  return router;
}

export function journalQueryOf(q: URLSearchParams): JournalQuery {
  const query: JournalQuery = {};
  const method = q.get('method');
  if (method) query.method = method;
  const path = q.get('path');
  if (path) query.path = path;
  const consumer = q.get('consumer');
  if (consumer) query.consumer = consumer;
  const status = intParam(q, 'status');
  if (status !== undefined) query.status = status;
  const after = intParam(q, 'after');
  if (after !== undefined) query.afterId = after;
  const rejected = q.get('rejected');
  if (rejected !== null) {
    if (rejected !== 'true' && rejected !== 'false') throw errors.badRequest('rejected: expected true or false');
    query.rejected = rejected === 'true';
  }
  return query;
}

function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^\d+$/.test(v)) throw errors.badRequest(`${name}: expected a whole number, not ${JSON.stringify(v)}`);
  return Number(v);
}

