import type { Page, Review } from '../domain/types.js';
import { type XmlContext, userHref } from './addresses.js';
import { pagedList, type PageAddress } from './paged.js';
import { el, formatRating, text } from './writer.js';

export const reviewHref = (ctx: XmlContext, guid: string, id: number) => `${userHref(ctx, guid)}/reviews/${id}`;

export interface ReviewView {
  review: Review;
  titleXml: string;
}

/**
 * `review`: its id, then every field in order (docs/reference/subscriber-resources.md#routes), then the title.
 * A sandbox user's review is the same element in their own reviews and in a title's; a review from the public
 * catalogue has no addressable id, so it has none.
 */
export function reviewXml(ctx: XmlContext, { review: r, titleXml }: ReviewView): string {
  return el(
    'review',
    undefined,
    text('id', r.userGuid !== undefined ? reviewHref(ctx, r.userGuid, r.id) : undefined),
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

/** `<reviews>`: the paged envelope then review elements (docs/reference/subscriber-resources.md#routes). */
export function reviewsXml(ctx: XmlContext, addr: PageAddress, page: Page<ReviewView>): string {
  return pagedList('reviews', ctx, addr, page, (v) => reviewXml(ctx, v));
}
