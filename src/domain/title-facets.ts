import type { Person, Title } from './types.js';

/**
 * The static facet values of a title, as stored for search filters and refinements
 * (docs/reference/catalogue-search.md, Filters). Facets that depend on the simulator clock (coming_soon,
 * new_releases) or on rank (most_popular) are computed at query time from release_date and popularity_rank
 * instead.
 *
 * Meanings (documented in docs/reference/catalogue-search.md, Filters):
 * - genre: each genre; format: the disc or console format; certificate: bbfc or pegi value;
 * - purchase and digital_purchase_type: each digital purchase type;
 * - language: each main language; cast: each actor's name; directors: each director's name;
 * - collection: each collection name; collection_id: each collection id;
 * - media: `DVD`, `Blu-ray` or `Games` (the physical medium family);
 * - production_decade: the decade of production_year, e.g. `1990`.
 */
export function titleFacets(title: Title, people: ReadonlyMap<number, Person>): Array<[facet: string, value: string]> {
  const out: Array<[string, string]> = [];
  for (const g of title.genres) out.push(['genre', g]);
  out.push(['format', title.format]);
  out.push(['certificate', title.certificate]);
  for (const p of title.purchase) {
    out.push(['purchase', p]);
    out.push(['digital_purchase_type', p]);
  }
  for (const l of title.languages.main) out.push(['language', l]);
  for (const id of title.actorIds) {
    const name = people.get(id)?.name;
    if (name) out.push(['cast', name]);
  }
  for (const id of title.directorIds) {
    const name = people.get(id)?.name;
    if (name) out.push(['directors', name]);
  }
  for (const c of title.collections) {
    out.push(['collection', c.name]);
    out.push(['collection_id', String(c.id)]);
  }
  out.push(['media', mediaOf(title)]);
  if (title.productionYear !== undefined) out.push(['production_decade', String(Math.floor(title.productionYear / 10) * 10)]);
  // A title can list the same value twice (two genres collapsing case-insensitively); keep one.
  const seen = new Set<string>();
  return out.filter(([f, v]) => {
    const key = `${f}\u0000${v.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The physical medium family of a title. */
export function mediaOf(title: Pick<Title, 'kind' | 'format'>): 'DVD' | 'Blu-ray' | 'Games' {
  if (title.kind === 'game') return 'Games';
  return /blu-?ray/i.test(title.format) ? 'Blu-ray' : 'DVD';
}
