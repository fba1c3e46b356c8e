import type { Review } from './types.js';

/**
 * The order of a title's reviews (docs/reference/catalogue-search.md, Titles and people): newest first; with
 * `view=helpful` the most helpful first (then newest). Any other `view` is ignored, as unknown parameters are
 * (docs/reference/wire-format.md#parameters). Ties: higher id first.
 */
export function orderTitleReviews(reviews: readonly Review[], view: string | undefined): Review[] {
  const newest = (a: Review, b: Review) => b.created.localeCompare(a.created) || b.id - a.id;
  const helpful = (a: Review, b: Review) => b.helpful - a.helpful || newest(a, b);
  return [...reviews].sort(view?.trim().toLowerCase() === 'helpful' ? helpful : newest);
}
