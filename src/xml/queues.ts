import type { SubQueue } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { link } from './link.js';
import { rel } from './title-addresses.js';
import { userHref } from './user.js';
import { el, text } from './writer.js';

// Queue addresses: a sub-queue href ends in its id (docs/reference/wire-format.md#addresses-and-ids).
export const queuesHref = (ctx: XmlContext, guid: string) => `${userHref(ctx, guid)}/queues`;
export const queueHref = (ctx: XmlContext, guid: string, queue: number | 'every') => `${queuesHref(ctx, guid)}/${queue}`;
export const queueItemHref = (ctx: XmlContext, guid: string, titleId: number) => `${queuesHref(ctx, guid)}/item/${titleId}`;
export const queueDiscHref = (ctx: XmlContext, guid: string, discId: number) => `${queuesHref(ctx, guid)}/disc/${discId}`;

/** The link to a sub-queue, titled with its name (docs/reference/queues-and-lists.md#routes). */
export function subQueueLink(ctx: XmlContext, q: Pick<SubQueue, 'id' | 'userGuid' | 'name'>): string {
  return link(queueHref(ctx, q.userGuid, q.id), rel(ctx, 'queue'), q.name);
}

/**
 * `<queues>`: the every_queue link first, then each sub-queue with its item count
 * (docs/reference/queues-and-lists.md#routes).
 */
export function queuesXml(ctx: XmlContext, guid: string, queues: readonly SubQueue[], counts: ReadonlyMap<number, number>): string {
  return el(
    'queues',
    undefined,
    link(queueHref(ctx, guid, 'every'), rel(ctx, 'every_queue'), 'every queue'),
    ...queues.map((q) =>
      el(
        'queue',
        undefined,
        text('name', q.name),
        text('allocation', q.allocation),
        text('default', q.isDefault),
        text('count', counts.get(q.id) ?? 0),
        subQueueLink(ctx, q),
      ),
    ),
  );
}
