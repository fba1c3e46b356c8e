// Queues and collections (docs/reference/queues-and-lists.md#routes): a user's sub-queues and their items,
// and their lists and the titles in them.
import type { Availability, EstimatedWait } from '../domain/queue-availability.js';
import type { ListEntry, Page, QueueItem, SubQueue, UserList } from '../domain/types.js';
import { type XmlContext, rel, userHref } from './addresses.js';
import { pagedList, type PageAddress, type WithTitleXml } from './paged.js';
import { category, el, link, text } from './writer.js';

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
  const every = link(queueHref(ctx, guid, 'every'), rel(ctx, 'every_queue'), 'every queue');
  return el('queues', undefined, every, ...queues.map((q) => subQueueXml(ctx, q, counts.get(q.id) ?? 0)));
}

/** A `queue` of `<queues>`: name, allocation, default, its item count, then its link. */
function subQueueXml(ctx: XmlContext, q: SubQueue, count: number): string {
  return el(
    'queue',
    undefined,
    text('name', q.name),
    text('allocation', q.allocation),
    text('default', q.isDefault),
    text('count', count),
    subQueueLink(ctx, q),
  );
}

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
    category(ctx, 'availability', v.availability),
    category(ctx, 'estimated_wait', v.wait),
    subQueueLink(ctx, v.queue),
    v.titleXml,
    ...v.discs.map((d) => queueDiscXml(ctx, guid, d)),
  );
}

/** `queue_disc`: its id, its own estimated_wait category, then its catalog_title; also the root of GET on that id. */
export function queueDiscXml(ctx: XmlContext, guid: string, d: QueueDiscView): string {
  return el('queue_disc', undefined, text('id', queueDiscHref(ctx, guid, d.discId)), category(ctx, 'estimated_wait', d.wait), d.titleXml);
}

/**
 * `<queue>`: the paged envelope (docs/reference/wire-format.md#paged-lists) then queue_item elements in queue
 * order.
 */
export function queueXml(ctx: XmlContext, addr: PageAddress, page: Page<QueueItemView>): string {
  return pagedList('queue', ctx, addr, page, (v) => queueItemXml(ctx, v));
}

export const listHref = (ctx: XmlContext, guid: string, listId: number) => `${userHref(ctx, guid)}/lists/${listId}`;
export const listItemHref = (ctx: XmlContext, guid: string, listId: number, titleId: number) => `${listHref(ctx, guid, listId)}/${titleId}`;

/** The link to a collection, titled with its name: in `list` elements and in the create answer. */
export function listLink(ctx: XmlContext, l: Pick<UserList, 'id' | 'userGuid' | 'name'>): string {
  return link(listHref(ctx, l.userGuid, l.id), rel(ctx, 'list'), l.name);
}

/**
 * `list` (docs/reference/queues-and-lists.md#routes): name, description, author, anonymous, location, public,
 * created, updated, link.
 */
export function listXml(ctx: XmlContext, l: UserList): string {
  return el(
    'list',
    undefined,
    text('name', l.name),
    text('description', l.description),
    text('author', l.author),
    text('anonymous', l.anonymous),
    text('location', l.location),
    text('public', l.isPublic),
    text('created', l.created),
    text('updated', l.updated),
    listLink(ctx, l),
  );
}

/** `<lists>`: every collection of the user, oldest first, not paged (docs/reference/queues-and-lists.md#routes). */
export function listsXml(ctx: XmlContext, lists: readonly UserList[]): string {
  return el('lists', undefined, ...lists.map((l) => listXml(ctx, l)));
}

/** `list_item` (docs/reference/queues-and-lists.md#routes): id, comment, created, updated, then the catalog_title. */
export function listItemXml(ctx: XmlContext, guid: string, v: WithTitleXml<'entry', ListEntry>): string {
  return el(
    'list_item',
    undefined,
    text('id', listItemHref(ctx, guid, v.entry.listId, v.entry.titleId)),
    text('comment', v.entry.comment),
    text('created', v.entry.created),
    text('updated', v.entry.updated),
    v.titleXml,
  );
}

/**
 * The entries of one collection: root `list_items` (a paged root is named after what it lists,
 * docs/reference/wire-format.md#paged-lists; `list` is already the element of one collection in `lists`), the
 * paged envelope, then list_item elements in the order titles were added.
 */
export function listItemsXml(ctx: XmlContext, guid: string, addr: PageAddress, page: Page<WithTitleXml<'entry', ListEntry>>): string {
  return pagedList('list_items', ctx, addr, page, (v) => listItemXml(ctx, guid, v));
}
