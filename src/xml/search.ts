import type { XmlContext } from './addresses.js';
import { pagedList, pagedListParts, type PageAddress, type PageInfo } from './paged.js';
import { refinementsXml, type Refinement } from './search-refinements.js';
import { text, type XmlParts } from './writer.js';

/**
 * A catalogue search answer (docs/reference/catalogue-search.md): root `search`, the paged envelope
 * (docs/reference/wire-format.md#paged-lists), the refinement links after the paging links, then the items
 * (`catalog_title` or `person` elements, already serialized, or cached titles that write their own bytes).
 * As parts (XmlParts): a page of titles is sent without being joined into one string.
 */
export function searchXml(ctx: XmlContext, addr: PageAddress, page: PageInfo, items: XmlParts, refinements: readonly Refinement[] = []): XmlParts {
  return pagedListParts('search', ctx, addr, page, items, refinementsXml(ctx, addr, refinements));
}

/**
 * `/catalog/collections/<id>` [chosen]: root `collection`, the paged envelope, the collection's `name` and
 * `id`, then its titles in rank order.
 */
export function collectionXml(ctx: XmlContext, addr: PageAddress, page: PageInfo, c: { id: string; name: string }, items: string[]): string {
  return pagedList('collection', ctx, addr, page, items, text('name', c.name) + text('id', c.id));
}
