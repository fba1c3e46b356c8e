// Recommendations (the real answer was never shown, so this derivation is ours and the resource is marked
// experimental: docs/reference/subscriber-resources.md#recommendations-experimental). Pure: the handler gathers
// the user's data and the candidate titles.

/** Why a title is recommended: the terms of the recommendation_source category, listed under /categories/. */
export const RECOMMENDATION_SOURCES = ['similar_to_rated', 'popular'] as const;
export type RecommendationSource = (typeof RECOMMENDATION_SOURCES)[number];

export interface Recommendation {
  titleId: number;
  source: RecommendationSource;
}

/** What a candidate title must be to be worth recommending. */
export interface CandidateInfo {
  canRent: boolean;
  /** A disc of a multi-disc title: recommend the title, never one disc. */
  isDisc: boolean;
}

export interface RecommendInput {
  /** The user's ratings. */
  ratings: ReadonlyArray<{ titleId: number; rating: number }>;
  /** Similar titles of each title the user rated highly, in the catalogue's order. */
  similarsOf: ReadonlyMap<number, readonly number[]>;
  /** Title ids by popularity, most popular first. */
  popular: readonly number[];
  /** Titles the user queued or rented (rated ones are excluded from `ratings`). */
  excluded: ReadonlySet<number>;
  /** Facts about every candidate (similars and popular); a candidate missing here is skipped. */
  candidates: ReadonlyMap<number, CandidateInfo>;
  /** At most this many (the whole list is paged). */
  limit: number;
}

/** A rating of 4 or more counts as "liked" and seeds similar titles. */
export const LIKED_RATING = 4;

/** The titles the user liked, best rated first, then lowest id: the order similars are drawn in. */
export function likedTitles(ratings: RecommendInput['ratings']): number[] {
  return ratings
    .filter((r) => r.rating >= LIKED_RATING)
    .sort((a, b) => b.rating - a.rating || a.titleId - b.titleId)
    .map((r) => r.titleId);
}

/**
 * Similars of liked titles first, drawn round-robin (the first similar of each liked title, then the
 * second of each, ...) so one title does not fill the page; then popular titles to fill up to `limit`.
 * Never a title the user rated, queued or rented, a disc, a title that cannot be rented, or a repeat.
 */
export function recommend(input: RecommendInput): Recommendation[] {
  // Rated titles count as taken from the start.
  const taken = new Set(input.ratings.map((r) => r.titleId));
  const out: Recommendation[] = [];
  const offer = (id: number, source: RecommendationSource) => {
    if (out.length >= input.limit || taken.has(id) || input.excluded.has(id)) return;
    const info = input.candidates.get(id);
    if (!info?.canRent || info.isDisc) return;
    taken.add(id);
    out.push({ titleId: id, source });
  };

  const lists = likedTitles(input.ratings).map((id) => input.similarsOf.get(id) ?? []);
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) if (i < list.length) offer(list[i]!, 'similar_to_rated');
  }
  for (const id of input.popular) offer(id, 'popular');
  return out;
}
