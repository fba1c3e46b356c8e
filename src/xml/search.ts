// The catalogue's answers besides the catalog_title itself (docs/reference/catalogue-search.md): search results,
// collections, category schemes and people.
import { encodePairs, percentEncode } from '../domain/percent-encode.js';
import type { FacetCounts } from '../domain/search-facets.js';
import type { Page, Person } from '../domain/types.js';
import { type XmlContext, personHref, rel, TITLE_IMAGE_SIZES } from './addresses.js';
import { artworkXml } from './catalog-title.js';
import { pagedList, pagedListParts, type PageAddress, type PageInfo } from './paged.js';
import { category, el, link, text, type XmlParts } from './writer.js';

/**
 * A catalogue search answer (docs/reference/catalogue-search.md): root `search`, the paged envelope
 * (docs/reference/wire-format.md#paged-lists), the refinement links after the paging links, then the items
 * (`catalog_title` or `person` elements, already serialized, or cached titles that write their own bytes).
 * As parts (XmlParts): a page of titles is sent without being joined into one string.
 */
export function searchXml(ctx: XmlContext, addr: PageAddress, page: PageInfo, items: XmlParts, refinements: readonly FacetCounts<string>[] = []): XmlParts {
  return pagedListParts('search', ctx, addr, page, items, refinementsXml(ctx, addr, refinements));
}

/**
 * `/catalog/collections/<id>` [chosen]: root `collection`, the paged envelope, the collection's `name` and
 * `id`, then its titles in rank order.
 */
export function collectionXml<T>(ctx: XmlContext, addr: PageAddress, page: Page<T>, c: { id: string; name: string }, item: (v: T) => string): string {
  return pagedList('collection', ctx, addr, page, item, text('name', c.name) + text('id', c.id));
}

/**
 * Refinement links (docs/reference/catalogue-search.md, Refinements: the layout is our choice, the real one is
 * unknown): after the paging links, one `link rel={schema_base}/refinement title=<facet>` per asked facet,
 * whose href is this search refined by that facet alone, holding one child
 * `link rel={schema_base}/refinement_value title=<value>` per value, whose href is this search with
 * `f=<facet>|<value>` added. Following a child gives exactly the narrowed result, from its first page.
 */
export function refinementsXml(ctx: XmlContext, addr: PageAddress, refinements: readonly FacetCounts<string>[]): string {
  const kept = addr.params.filter(([k]) => !k.startsWith('oauth_') && k !== 'start_index');
  const href = (pairs: ReadonlyArray<readonly [string, string]>) => `${ctx.baseUrl}${addr.path}?${encodePairs(pairs)}`;
  // Every value link is this search plus one `f` pair: the search's part is encoded once, not per value
  // (a refine=all answer has up to 600 value links).
  const search = href(kept);
  const plusF = kept.length > 0 ? `${search}&f=` : `${search}f=`;
  const valueRel = rel(ctx, 'refinement_value');
  return refinements
    .map((r) => {
      const values = r.values.map(({ value }) => {
        const f = `${r.facet}|${value}`;
        const already = kept.some(([k, v]) => k === 'f' && v === f);
        return link(already ? search : plusF + percentEncode(f), valueRel, value);
      });
      const facetOnly = [...kept.filter(([k]) => k !== 'refine'), ['refine', r.facet] as const];
      return link(href(facetOnly), rel(ctx, 'refinement'), r.facet, ...values);
    })
    .join('');
}

/**
 * `/categories/<scheme>`: `<category_scheme><category_items><term>..</term>...</category_items></category_scheme>`,
 * the shape docs/reference/catalogue-search.md gives under Categories (no capture of the real answer is known).
 * A term here is the `term` of `category` elements with scheme `{base_url}/categories/<scheme>`.
 */
export function categorySchemeXml(terms: readonly string[]): string {
  return el('category_scheme', undefined, el('category_items', undefined, ...terms.map((t) => text('term', t))));
}

/** The detail links of a person, in order (docs/reference/catalogue-search.md, Titles and people). */
export const PERSON_LINKS = ['artworks', 'biography', 'filmography'] as const;

/**
 * `person` (docs/reference/catalogue-search.md, Titles and people): name, id, one roles category per role, then
 * the artworks, biography and filmography links.
 */
export function personXml(ctx: XmlContext, p: Person): string {
  return el(
    'person',
    undefined,
    text('name', p.name),
    text('id', personHref(ctx, p.id)),
    ...p.roles.map((r) => category(ctx, 'roles', r)),
    ...PERSON_LINKS.map((name) => link(`${personHref(ctx, p.id)}/${name}`, rel(ctx, name), name)),
  );
}

/** `/catalog/person/<id>/biography`: shaped like a title's synopsis [chosen]. */
export function biographyXml(p: Person): string {
  return el('biography', undefined, text('biography_text', p.biography));
}

/**
 * `/catalog/person/<id>/artworks`: portraits in the title artwork sizes, under
 * `.../lovefilm/images/people/<last digit of id>/<id>-<size>.jpg` [chosen, modelled on title images].
 */
export function personArtworksXml(ctx: XmlContext, id: number): string {
  return `<artworks>${artworkXml(ctx, 'person', 'people', id, TITLE_IMAGE_SIZES)}</artworks>`;
}
