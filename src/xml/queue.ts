import type { Availability, EstimatedWait } from '../domain/queue-availability.js';
import type { Page, QueueItem, SubQueue } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { category } from './link.js';
import { pagedList, type PageAddress } from './paged.js';
import { queueDiscHref, queueItemHref, subQueueLink } from './queues.js';
import { categoryScheme } from './title-addresses.js';
import { el, text } from './writer.js';

/** One queued disc of a multi-disc title, with its own wait and catalog_title. */
export interface QueueDiscView {
  discId: number;
  wait: EstimatedWait;
  titleXml: string;
}

/** A queue item with everything its element shows, titles already rendered. */
export interface QueueItemView {
  item: QueueItem;
  queue: SubQueue;
  availability: Availability;
  wait: EstimatedWait;
  titleXml: string;
  discs: QueueDiscView[];
}

/**
 * `queue_item` (docs/reference/queues-and-lists.md#routes): id, priority, shipped_in_order, availability and
 * estimated_wait categories, the link to its sub-queue, the catalog_title, then a queue_disc per queued disc.
 * Also the root of GET on its id.
 */
export function queueItemXml(ctx: XmlContext, v: QueueItemView): string {
  const guid = v.item.userGuid;
  return el(
    'queue_item',
    undefined,
    text('id', queueItemHref(ctx, guid, v.item.titleId)),
    text('priority', v.item.priority),
    text('shipped_in_order', v.item.shippedInOrder),
    category(categoryScheme(ctx, 'availability'), v.availability),
    category(categoryScheme(ctx, 'estimated_wait'), v.wait),
    subQueueLink(ctx, v.queue),
    v.titleXml,
    ...v.discs.map((d) => queueDiscXml(ctx, guid, d)),
  );
}

/** `queue_disc`: its id, its own estimated_wait category, then its catalog_title; also the root of GET on that id. */
export function queueDiscXml(ctx: XmlContext, guid: string, d: QueueDiscView): string {
  return el('queue_disc', undefined, text('id', queueDiscHref(ctx, guid, d.discId)), category(categoryScheme(ctx, 'estimated_wait'), d.wait), d.titleXml);
}

/**
 * `<queue>`: the paged envelope (docs/reference/wire-format.md#paged-lists) then queue_item elements in queue
 * order.
 */
export function queueXml(ctx: XmlContext, addr: PageAddress, page: Page<QueueItemView>): string {
  return pagedList(
    'queue',
    ctx,
    addr,
    page,
    page.items.map((v) => queueItemXml(ctx, v)),
  );
}
