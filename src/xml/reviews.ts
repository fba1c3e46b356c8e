import type { Page, Review } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { pagedList, type PageAddress } from './paged.js';
import { userHref } from './user.js';
import { el, formatRating, text } from './writer.js';

export const reviewHref = (ctx: XmlContext, guid: string, id: number) => `${userHref(ctx, guid)}/reviews/${id}`;

export interface ReviewView {
  review: Review & { userGuid: string };
  titleXml: string;
}

/** `review`: its id, then every field in order (docs/reference/subscriber-resources.md#routes), then the title. */
export function reviewXml(ctx: XmlContext, v: ReviewView): string {
  return reviewElement(reviewHref(ctx, v.review.userGuid, v.review.id), v.review, v.titleXml);
}

/** The `review` element; `id` is left out for reviews that have no address of their own. */
export function reviewElement(id: string | undefined, r: Review, titleXml: string): string {
  return el(
    'review',
    undefined,
    text('id', id),
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
  return pagedList(
    'reviews',
    ctx,
    addr,
    page,
    page.items.map((v) => reviewXml(ctx, v)),
  );
}
