import { errors } from './api-error.js';
import type { TitleRef } from './title-ref.js';
import type { UserRating } from './types.js';

/** Ratings run from 0.0 (worst) to 5.0 (best) (docs/reference/subscriber-resources.md#routes). */
export const MIN_RATING = 0;
export const MAX_RATING = 5;

// A plain decimal: no exponent, no sign other than the missing one, no hex; `4`, `4.5`, `.5`, `3.`.
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The `rating` parameter of a rating write: required, a decimal between 0.0 and 5.0. Kept to one decimal
 * place because that is all the answers show (formatRating), so what a client reads back is what it stored.
 */
export function parseRating(value: string | undefined): number {
  const s = value?.trim();
  if (!s) throw errors.missingParameter('rating', `send rating as a number from ${MIN_RATING}.0 to ${MAX_RATING}.0, e.g. rating=4.5`);
  const n = Number(s);
  if (!DECIMAL.test(s) || !Number.isFinite(n) || n < MIN_RATING || n > MAX_RATING) {
    throw errors.invalidParameter('rating', `${JSON.stringify(value)} is not a number from ${MIN_RATING}.0 to ${MAX_RATING}.0; send e.g. rating=4.5`);
  }
  return Math.round(n * 10) / 10;
}

/**
 * The rated titles among the references a client asked about (`title_refs`,
 * docs/reference/subscriber-resources.md#routes): in the order asked, each title once, with the reference
 * echoed as sent. A reference that names no title cannot have been rated, so it is simply not listed, like an
 * unrated one.
 */
export function ratedAmong(refs: readonly TitleRef[], ratingOf: (titleId: number) => UserRating | undefined): Array<{ rating: UserRating; titleRef: string }> {
  const seen = new Set<number>();
  return refs.flatMap(({ ref, id }) => {
    if (id === undefined || seen.has(id)) return [];
    seen.add(id);
    const rating = ratingOf(id);
    return rating ? [{ rating, titleRef: ref }] : [];
  });
}
