import { errors } from './api-error.js';
import { commaList } from './search-term.js';

/** Detail links of a title, in the order they appear (docs/reference/wire-format.md#the-catalog_title). */
export const TITLE_LINKS = ['actors', 'directors', 'synopsis', 'histogram', 'languages', 'collections', 'artworks', 'similars', 'reviews'] as const;
export type TitleLink = (typeof TITLE_LINKS)[number];

/**
 * Links whose data can be carried inline; similars and reviews are never expanded
 * (docs/reference/wire-format.md#the-catalog_title).
 */
export const EXPANDABLE: readonly TitleLink[] = ['actors', 'directors', 'synopsis', 'histogram', 'languages', 'collections', 'artworks'];

/**
 * What to embed in each catalog_title: `none` shrinks titles to id and title; otherwise the set of links
 * whose data is carried as the link's child.
 */
export type Expansion = { none: true } | { none: false; links: ReadonlySet<TitleLink> };

export const NO_EXPANSION: Readonly<Expansion> = { none: false, links: new Set() };

/**
 * Parses `expand` (docs/reference/wire-format.md#the-catalog_title): a comma list of link names, `all`, or
 * `none`. Unknown names -> 400 that lists the allowed ones. `similars` and `reviews` are accepted but stay
 * links.
 */
export function parseExpand(value: string | undefined): Expansion {
  if (value === undefined || value.trim() === '') return NO_EXPANSION;
  const names = commaList(value).map((s) => s.toLowerCase());
  if (names.length === 1 && names[0] === 'none') return { none: true };
  const links = new Set<TitleLink>();
  for (const name of names) {
    if (name !== 'all' && !(TITLE_LINKS as readonly string[]).includes(name)) {
      throw errors.invalidParameter('expand', `${JSON.stringify(name)} is not a title link; use a comma list of ${TITLE_LINKS.join(', ')}, or all, or none`);
    }
    for (const l of EXPANDABLE) if (name === 'all' || name === l) links.add(l);
  }
  return { none: false, links };
}

/** A stable key for caches. Asked once per title of a page, so the usual case (nothing expanded) makes nothing. */
export function expansionKey(e: Expansion): string {
  if (e.none) return 'none';
  return e.links.size === 0 ? '' : [...e.links].sort().join(',');
}
