import { lastPageStart, nextPageStart } from '../domain/paging.js';
import { encodePairs } from '../domain/percent-encode.js';
import type { Page } from '../domain/types.js';
import type { XmlContext } from './addresses.js';
import { link, text, type XmlParts } from './writer.js';

/** An item of a user's list (a rating, review, rental, list entry, recommendation) under `K`, with its catalog_title already rendered. */
export type WithTitleXml<K extends string, T> = Record<K, T> & { titleXml: string };

/** A page's place in its list, without its items. */
export type PageInfo = Omit<Page<unknown>, 'items'>;

/**
 * Where this list lives and which parameters the client sent (page links repeat them,
 * docs/reference/wire-format.md#paged-lists).
 */
export interface PageAddress {
  path: string;
  params: ReadonlyArray<readonly [string, string]>;
}

/** The URL of the page starting at `start`: every parameter except oauth_* and the paging pair, then those. */
export function pageHref(ctx: XmlContext, addr: PageAddress, start: number, size: number): string {
  const kept = addr.params.filter(([k]) => !k.startsWith('oauth_') && k !== 'start_index' && k !== 'items_per_page');
  return `${ctx.baseUrl}${addr.path}?${encodePairs([...kept, ['start_index', String(start)], ['items_per_page', String(size)]])}`;
}

/**
 * The paged envelope (docs/reference/wire-format.md#paged-lists): totals, paging links, anything extra, then
 * the page's items, each written by `item`.
 */
export function pagedList<T>(root: string, ctx: XmlContext, addr: PageAddress, page: Page<T>, item: (v: T) => string, extra = ''): string {
  return pagedListParts(root, ctx, addr, page, page.items.map(item), extra).join('');
}

/**
 * pagedList as parts (XmlParts): the envelope up to the first item, each item, the end tag. The envelope
 * always holds total_results, so the root is never the empty `<root/>`.
 */
export function pagedListParts(root: string, ctx: XmlContext, addr: PageAddress, page: PageInfo, items: XmlParts, extra = ''): XmlParts {
  const size = page.itemsPerPage;
  const next = nextPageStart(page);
  const head =
    `<${root}>` +
    text('total_results', page.total) +
    text('items_per_page', page.itemsPerPage) +
    text('start_index', page.startIndex) +
    // self, next (only when more follow) and last; not prefixed with the schema base
    // (docs/reference/wire-format.md#addresses-and-ids).
    link(pageHref(ctx, addr, page.startIndex, size), 'self', 'self') +
    (next !== undefined ? link(pageHref(ctx, addr, next, size), 'next', 'next') : '') +
    link(pageHref(ctx, addr, lastPageStart(page.total, size), size), 'last', 'last') +
    extra;
  return [head, ...items, `</${root}>`];
}
