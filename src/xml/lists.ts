import type { ListEntry, Page, UserList } from '../domain/types.js';
import { type XmlContext, rel, userHref } from './addresses.js';
import { pagedList, type PageAddress } from './paged.js';
import { el, text, link } from './writer.js';

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

export interface ListEntryView {
  entry: ListEntry;
  titleXml: string;
}

/** `list_item` (docs/reference/queues-and-lists.md#routes): id, comment, created, updated, then the catalog_title. */
export function listItemXml(ctx: XmlContext, guid: string, v: ListEntryView): string {
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
export function listItemsXml(ctx: XmlContext, guid: string, addr: PageAddress, page: Page<ListEntryView>): string {
  return pagedList('list_items', ctx, addr, page, (v) => listItemXml(ctx, guid, v));
}
