// The refinement facets of catalogue search (docs/reference/catalogue-search.md, Filters) and what each means
// over the data. Static facets are stored per title in `title_facets` (see title-facets.ts); the time and rank
// facets are computed when asked, against the simulator clock, so moving the clock moves titles in and out of
// them.

export const TITLE_FACETS = [
  'cast',
  'certificate',
  'collection',
  'collection_id',
  'coming_soon',
  'digital_purchase_type',
  'directors',
  'format',
  'genre',
  'language',
  'media',
  'most_popular',
  'new_releases',
  'production_decade',
  'purchase',
] as const;
export type TitleFacet = (typeof TITLE_FACETS)[number];

export const PERSON_FACETS = ['role'] as const;
export type PersonFacet = (typeof PERSON_FACETS)[number];

/** Facets that are a yes/no property of a title: their only value is the facet name (`f=new_releases|new_releases`). */
export const FLAG_FACETS = ['coming_soon', 'most_popular', 'new_releases'] as const;
export type FlagFacet = (typeof FLAG_FACETS)[number];

/** A title released this many days before today, or fewer, is a new release. */
export const NEW_RELEASE_DAYS = 90;

/** Values shown per facet in a refinement: the most frequent first. Enough to browse, bounded for big catalogues. */
export const MAX_REFINEMENT_VALUES = 50;

/** A facet's values among a search's results, each with how many results have it. */
export interface FacetCounts<F extends string> {
  facet: F;
  values: Counted[];
}

export interface Counted {
  value: string;
  count: number;
}

export function isFlagFacet(facet: string): facet is FlagFacet {
  return (FLAG_FACETS as readonly string[]).includes(facet);
}

/** The release-date window of a flag facet on a given day (YYYY-MM-DD); most_popular is not a date facet. */
export function releaseWindow(facet: 'coming_soon' | 'new_releases', today: string): { after?: string; from?: string; to?: string } {
  return facet === 'coming_soon' ? { after: today } : { from: addDays(today, -NEW_RELEASE_DAYS), to: today };
}

/** YYYY-MM-DD plus n days, in UTC. */
export function addDays(date: string, n: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
