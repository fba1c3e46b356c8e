import type { Review } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { reviewElement, reviewHref } from './reviews.js';

/**
 * A `review` of a title's reviews list (docs/reference/subscriber-resources.md#routes). A sandbox user's review
 * is the same element as in their own reviews (with its id); a review from the public catalogue has no
 * addressable id, so it has none.
 */
export function titleReviewXml(ctx: XmlContext, r: Review, titleXml: string): string {
  return reviewElement(r.userGuid !== undefined ? reviewHref(ctx, r.userGuid, r.id) : undefined, r, titleXml);
}
