import { Router, type Request, type Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { etagOf, ifMatchHolds, ifNoneMatchHits } from '../../domain/etag.js';
import { type Expansion, parseExpand } from '../../domain/expand.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { pathId } from '../../domain/ids.js';
import { planQueueAdds } from '../../domain/queue-add.js';
import { availabilityOf, estimatedWaitOf } from '../../domain/queue-availability.js';
import { DEFAULT_PRIORITY, parsePriority, parseQueueRef } from '../../domain/queue-order.js';
import { isoDate } from '../../domain/sim-clock.js';
import { parseTitleRefs } from '../../domain/title-ref.js';
import type { QueueItem, SubQueue, Title, User } from '../../domain/types.js';
import { statusXml } from '../../xml/write-response.js';
import { queueDiscXml, queueItemHref, type QueueItemView, queueItemXml, queuesXml, queueXml } from '../../xml/queues-and-lists.js';
import { titleRenderer } from './title-renderer.js';
import { type CatalogFacts, postTitleRefs } from './post-title-refs.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { answersJson, sendRememberedXml, sendXml } from '../send-xml.js';
import { byPathId, ownDataOf, ownUserGuards, pageRequestOf, userListAddress } from './route-params.js';

/** Rental queues with sub-queues (docs/reference/queues-and-lists.md). */
export function queueRoutes(): Router {
  const router = Router();

  resource(router, '/users/:guid/queues', ownUserGuards, {
    GET: (req, res) => {
      const { stores, user } = ownDataOf(req);
      if (answeredNotModified(req, res, queueEtag(req, user))) return;
      sendRememberedXml(req, res, () => queuesXml(ctxOf(req).xml, user.guid, stores.queues.subQueues(user.guid), stores.queues.countsByQueue(user.guid)));
    },
  });

  // Declared before /queues/:queue_id so that `item` and `disc` are never read as sub-queue ids.
  resource(router, '/users/:guid/queues/item/:id', ownUserGuards, {
    // Every id can be followed (docs/reference/wire-format.md#addresses-and-ids): the one queue_item, as in
    // the queue, under the queues' ETag.
    GET: (req, res) => {
      const { ctx, user } = ownDataOf(req);
      const item = queuedItem(req, user);
      const expansion = parseExpand(ctx.params.get('expand'));
      if (answeredNotModified(req, res, queueEtag(req, user))) return;
      sendXml(res, 200, queueItemXml(ctx.xml, queueItemViews(req, user, [item], expansion)[0]!));
    },
    PUT: (req, res) => {
      const { stores, user } = ownDataOf(req);
      const item = queuedItem(req, user);
      const change = requestedChange(req, user);
      requireCurrentQueue(req, user);
      const queue = change.queue ?? stores.queues.subQueue(user.guid, item.queueId)!;
      const priority = change.priority ?? item.priority;
      // The item keeps its seq: see movedItem in domain/queue-order.ts. One statement (its triggers
      // included) is all or nothing by itself, so it needs no transaction around it.
      stores.queues.update(user.guid, item.titleId, priority, queue.id);
      res.set('ETag', queueEtag(req, user));
      sendXml(res, 200, statusXml(200, `title ${item.titleId} is now priority ${priority} in the sub-queue ${JSON.stringify(queue.name)}`));
    },
    DELETE: (req, res) => {
      const { stores, user } = ownDataOf(req);
      const item = queuedItem(req, user);
      requireCurrentQueue(req, user);
      // One statement: the discs go by trigger, all or nothing without a transaction.
      stores.queues.remove(user.guid, item.titleId);
      res.set('ETag', queueEtag(req, user));
      const discs = item.discIds.length > 0 ? ` and its ${item.discIds.length} queued disc(s)` : '';
      sendXml(res, 200, statusXml(200, `title ${item.titleId}${discs} removed from the queue`));
    },
  });

  // PUT on a disc is not supported (docs/reference/queues-and-lists.md#routes): resource() answers 405 with
  // Allow: GET, DELETE, HEAD.
  resource(router, '/users/:guid/queues/disc/:id', ownUserGuards, {
    // The one queue_disc, as in its title's queue_item (docs/reference/wire-format.md#addresses-and-ids),
    // under the queues' ETag.
    GET: (req, res) => {
      const { ctx, user } = ownDataOf(req);
      const { discId, item } = queuedDisc(req, user);
      const expansion = parseExpand(ctx.params.get('expand'));
      if (answeredNotModified(req, res, queueEtag(req, user))) return;
      const disc = queueItemViews(req, user, [item], expansion)[0]!.discs.find((d) => d.discId === discId)!;
      sendXml(res, 200, queueDiscXml(ctx.xml, user.guid, disc));
    },
    DELETE: (req, res) => {
      const { stores, user } = ownDataOf(req);
      const { discId, item } = queuedDisc(req, user);
      requireCurrentQueue(req, user);
      const last = item.discIds.length === 1;
      // The last disc takes its title with it: a multi-disc item with no discs would ship nothing. Either is
      // one statement (its triggers included), all or nothing without a transaction.
      if (last) stores.queues.remove(user.guid, item.titleId);
      else stores.queues.removeDisc(user.guid, discId);
      res.set('ETag', queueEtag(req, user));
      const said = last
        ? `disc ${discId} was the last queued disc of title ${item.titleId}; the title left the queue with it`
        : `disc ${discId} of title ${item.titleId} removed from the queue`;
      sendXml(res, 200, statusXml(200, said));
    },
  });

  resource(router, '/users/:guid/queues/:queue_id', ownUserGuards, {
    GET: (req, res) => {
      const { ctx, stores, user } = ownDataOf(req);
      const queue = queueOfPath(req, user);
      const pageReq = pageRequestOf(req, USER_PAGING);
      const expansion = parseExpand(ctx.params.get('expand'));
      const wanted = titleFilter(ctx.params.get('title_refs'));
      if (answeredNotModified(req, res, queueEtag(req, user))) return;
      sendRememberedXml(req, res, () => {
        const items = stores.queues.items(user.guid).filter((i) => (queue === 'every' || i.queueId === queue.id) && (!wanted || wanted.has(i.titleId)));
        const page = pageOf(items, pageReq);
        const address = userListAddress(req, user.guid, `queues/${queue === 'every' ? 'every' : queue.id}`);
        return queueXml(ctx.xml, address, { ...page, items: queueItemViews(req, user, page.items, expansion) });
      });
    },
    POST: (req, res) => {
      const { ctx, stores, user } = ownDataOf(req);
      const queue = queueOfPath(req, user);
      const add = (refs: string[], catalog: CatalogFacts) => {
        const priority = parsePriority(ctx.params.get('priority')) ?? DEFAULT_PRIORITY;
        requireCurrentQueue(req, user);
        const target = { userGuid: user.guid, queue, defaultQueueId: () => stores.queues.defaultQueue(user.guid)!.id, priority };
        const plan = planQueueAdds(refs, target, {
          ...catalog,
          isQueued: (id) => stores.queues.item(user.guid, id) !== undefined,
          queuedCount: stores.queues.countItems(user.guid),
          cap: ctx.world.scenario.definition.settings.queue_cap,
        });
        const addAll = () => plan.items.forEach((item) => stores.queues.add(item));
        if (plan.oneStatement) addAll();
        else ctx.sandbox.write(addAll);
        res.set('ETag', queueEtag(req, user));
        return plan.decisions;
      };
      postTitleRefs(req, res, 'queue_item', add, (titleId) => queueItemHref(ctx.xml, user.guid, titleId));
    },
  });

  return router;
}

/**
 * What each queue item shows (docs/reference/queues-and-lists.md#availability-and-wait): its sub-queue,
 * availability for this user's plan on the simulator's date, waits from the scenario's stock table or derived,
 * and its discs.
 */
function queueItemViews(req: Request, user: User, items: readonly QueueItem[], expansion: Expansion): QueueItemView[] {
  const { stores, catalog, now } = dataOf(req);
  const today = isoDate(now);
  const queues = new Map<number, SubQueue>(stores.queues.subQueues(user.guid).map((q) => [q.id, q]));
  const render = titleRenderer(req, expansion);
  const titleOf = (id: number): Title => {
    const t = catalog.title(id);
    if (!t) throw errors.internal(`title ${id} is queued but missing from the catalogue`);
    return t;
  };
  return items.map((item) => {
    const t = titleOf(item.titleId);
    const queue = queues.get(item.queueId);
    if (!queue) throw errors.internal(`title ${item.titleId} is queued in sub-queue ${item.queueId}, which does not exist`);
    return {
      item,
      queue,
      availability: availabilityOf(t, user.plan, today),
      wait: estimatedWaitOf(t, stores.stock.waitOf(t.id), today),
      titleXml: render(t),
      discs: item.discIds.map((discId) => {
        const d = titleOf(discId);
        return { discId, wait: estimatedWaitOf(d, stores.stock.waitOf(discId), today), titleXml: render(d) };
      }),
    };
  });
}

/** `every` or one of the user's sub-queues; anything else -> 404. */
function queueOfPath(req: Request, user: User): 'every' | SubQueue {
  if (String(req.params['queue_id']).toLowerCase() === 'every') return 'every';
  const notFound = (raw: string) => errors.notFound(`no sub-queue ${JSON.stringify(raw)}; use a queue link from GET /users/${user.guid}/queues, or every`);
  return byPathId(req, 'queue_id', (id) => dataOf(req).stores.queues.subQueue(user.guid, id), notFound);
}

/** The queued title a /queues/item/<id> path names; a disc id or a title not queued -> 404 that says so. */
function queuedItem(req: Request, user: User): QueueItem {
  const { stores } = dataOf(req);
  const id = pathId(req.params['id']);
  const item = id === undefined ? undefined : stores.queues.item(user.guid, id);
  if (item) return item;
  const owner = id === undefined ? undefined : stores.queues.titleOfDisc(user.guid, id);
  if (owner !== undefined) {
    throw errors.notFound(
      `${id} is a disc of the queued title ${owner}; change or remove the whole title at /users/${user.guid}/queues/item/${owner}, or remove the disc with DELETE /users/${user.guid}/queues/disc/${id}`,
    );
  }
  throw errors.notFound(`title ${JSON.stringify(req.params['id'])} is not in the queue; use a queue_item id from GET /users/${user.guid}/queues/every`);
}

/** The queued disc a /queues/disc/<id> path names, with its title; a queued title's id or anything else -> 404 that says so. */
function queuedDisc(req: Request, user: User): { discId: number; item: QueueItem } {
  const { stores } = dataOf(req);
  const discId = pathId(req.params['id']);
  const titleId = discId === undefined ? undefined : stores.queues.titleOfDisc(user.guid, discId);
  if (discId !== undefined && titleId !== undefined) return { discId, item: stores.queues.item(user.guid, titleId)! };
  if (discId !== undefined && stores.queues.item(user.guid, discId)) {
    throw errors.notFound(`${discId} is a queued title, not one of its discs; it is at /users/${user.guid}/queues/item/${discId}`);
  }
  throw errors.notFound(`no disc ${JSON.stringify(req.params['id'])} in the queue; use a queue_disc id from GET /users/${user.guid}/queues/every`);
}

/**
 * A PUT's `priority` and `queue_ref` (the every-queue means the default sub-queue,
 * docs/reference/queues-and-lists.md#routes).
 */
function requestedChange(req: Request, user: User): { priority?: number; queue?: SubQueue } {
  const params = ctxOf(req).params;
  const priority = parsePriority(params.get('priority'));
  const raw = params.get('queue_ref')?.trim();
  if (priority === undefined && !raw) throw errors.missingParameter('priority', 'send priority (1 to 3) and/or queue_ref (a sub-queue URI)');
  if (!raw) return { priority };
  const { stores } = dataOf(req);
  const ref = parseQueueRef(raw);
  const queue =
    ref?.guid !== user.guid ? undefined : ref.queue === 'every' ? stores.queues.defaultQueue(user.guid) : stores.queues.subQueue(user.guid, ref.queue);
  if (!queue)
    throw errors.invalidParameter(
      'queue_ref',
      `${JSON.stringify(raw)} is not one of this user's sub-queues; use a queue link from GET /users/${user.guid}/queues or the every_queue link`,
    );
  return { priority, queue };
}

/** The title ids `title_refs` asks for, or undefined (absent or blank) for no filter; malformed refs match nothing. */
function titleFilter(value: string | undefined): Set<number> | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return new Set(parseTitleRefs(value).flatMap((r) => (r.id === undefined ? [] : [r.id])));
}

const DAY_MS = 86_400_000;

/**
 * The ETag of a user's queues (docs/reference/queues-and-lists.md#etag): one tag for the queues list and every
 * queue read, naming the sub-queues, the items with their order and discs (the user's queue digest), the user's
 * plan and the simulator's date (availability and waits follow the last two). Any queue write changes it, and
 * undoing it gives the old tag back. Catalogue facts embedded in the titles, such as rating counts, are not
 * part of it.
 */
const queueEtag = (req: Request, user: User): string => asSent(req, stateEtag(req, user));

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
function requireCurrentQueue(req: Request, user: User): void {
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
function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  res.set('ETag', etag);
  if (!ifNoneMatchHits(req.get('If-None-Match'), etag)) return false;
  res.status(304).end();
  return true;
}
