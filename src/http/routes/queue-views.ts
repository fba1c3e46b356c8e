import type { Request } from 'express';
import { errors } from '../../domain/api-error.js';
import type { Expansion } from '../../domain/expand.js';
import { availabilityOf, estimatedWaitOf } from '../../domain/queue-availability.js';
import { isoDate } from '../../domain/sim-clock.js';
import type { QueueItem, SubQueue, Title, User } from '../../domain/types.js';
import type { QueueItemView } from '../../xml/queue.js';
import { dataOf } from '../request-context.js';
import { titleRenderer } from './title-renderer.js';

/**
 * What each queue item shows (docs/reference/queues-and-lists.md#availability-and-wait): its sub-queue,
 * availability for this user's plan on the simulator's date, waits from the scenario's stock table or derived,
 * and its discs.
 */
export function queueItemViews(req: Request, user: User, items: readonly QueueItem[], expansion: Expansion): QueueItemView[] {
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
