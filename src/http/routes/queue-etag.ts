import type { Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { etagOf, ifMatchHolds, ifNoneMatchHits } from '../../domain/etag.js';
import type { User } from '../../domain/types.js';
import { dataOf } from '../request-context.js';
import { answersJson } from '../send-xml.js';

const DAY_MS = 86_400_000;

/**
 * The ETag of a user's queues (docs/reference/queues-and-lists.md#etag): one tag for the queues list and every
 * queue read, naming the sub-queues, the items with their order and discs (the user's queue digest), the user's
 * plan and the simulator's date (availability and waits follow the last two). Any queue write changes it, and
 * undoing it gives the old tag back. Catalogue facts embedded in the titles, such as rating counts, are not
 * part of it.
 */
export const queueEtag = (req: Request, user: User): string => asSent(req, stateEtag(req, user));

const jsonEtag = (tag: string) => `${tag.slice(0, -1)}-json"`;
// The JSON answer is another representation: another tag, so a cache never serves one for the other.
const asSent = (req: Request, tag: string) => (answersJson(req) ? jsonEtag(tag) : tag);

function stateEtag(req: Request, user: User): string {
  // One row read (the digest the queue tables' triggers keep), so nothing is worth keeping between requests.
  // The day is the UTC day number: the same as the ISO date, without formatting one.
  const { stores, now } = dataOf(req);
  return etagOf(`${Math.floor(now / DAY_MS)}|${user.plan}|${stores.queues.stateDigest(user.guid)}`);
}

/** A write carrying a stale If-Match is refused with 412 before anything changes. */
export function requireCurrentQueue(req: Request, user: User): void {
  const header = req.get('If-Match');
  if (header === undefined) return;
  // Both formats' tags name the same state, and a write changes it whichever was read.
  const state = stateEtag(req, user);
  if (ifMatchHolds(header, state) || ifMatchHolds(header, jsonEtag(state))) return;
  throw errors.preconditionFailed(
    `the queue changed since ETag ${header} was read (now ${asSent(req, state)}); GET the queue again and retry with the new ETag`,
  );
}

/** Answers 304 without a body when If-None-Match names the current tag; true when it did. */
export function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  res.set('ETag', etag);
  if (!ifNoneMatchHits(req.get('If-None-Match'), etag)) return false;
  res.status(304).end();
  return true;
}
