import type { Review } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { reviewXml } from './reviews.js';
import { el, formatRating, text } from './writer.js';

/**
 * A `review` of a title's reviews list (spec 2.7). A sandbox user's review is the same element as in their
 * own reviews (with its id); a review from the public catalogue has no addressable id, so it has none.
 */
export function titleReviewXml(ctx: XmlContext, r: Review, titleXml: string): string {
  if (r.userGuid !== undefined) return reviewXml(ctx, { review: { ...r, userGuid: r.userGuid }, titleXml });
  return el(
    'review',
    undefined,
    text('created', r.created),
    text('review_title', r.reviewTitle),
    text('review_text', r.reviewText),
    text('helpful', r.helpful),
    text('unhelpful', r.unhelpful),
    text('spoilers', r.spoilers),
    text('rating', formatRating(r.rating)),
    titleXml,
  );
}
