import type { Page, UserRating } from '../domain/types.js';
import { type XmlContext, rel, userHref } from './addresses.js';
import { pagedList, type PageAddress } from './paged.js';
import { el, formatRating, text, link } from './writer.js';

export const ratingHref = (ctx: XmlContext, guid: string, titleId: number) => `${userHref(ctx, guid)}/ratings/title/${titleId}`;

/** One rated title with what to show beside it. */
export interface RatingView {
  rating: UserRating;
  /** The catalog_title element, already rendered. */
  titleXml: string;
  /** The reference the client asked about, echoed as sent (only with `title_refs`). */
  titleRef?: string;
}

/** GET /users/{guid}/ratings: the title_ratings link (docs/reference/subscriber-resources.md#routes). */
export function titleRatingsLink(ctx: XmlContext, guid: string): string {
  return link(`${userHref(ctx, guid)}/ratings/title`, rel(ctx, 'title_ratings'), 'title ratings');
}

/** The link a rating POST answers with (docs/reference/wire-format.md#write-answers). */
export function titleRatingLink(ctx: XmlContext, guid: string, titleId: number): string {
  return link(ratingHref(ctx, guid, titleId), rel(ctx, 'title_rating'), 'title rating');
}

/**
 * `rating_item`: the user's rating comes before the embedded catalog_title
 * (docs/reference/wire-format.md#the-catalog_title).
 */
export function ratingItemXml(ctx: XmlContext, v: RatingView): string {
  return el(
    'rating_item',
    undefined,
    text('id', ratingHref(ctx, v.rating.userGuid, v.rating.titleId)),
    text('rating', formatRating(v.rating.rating)),
    text('updated', v.rating.updated),
    text('title_ref', v.titleRef),
    v.titleXml,
  );
}

/** `<ratings>`: the paged envelope then rating_item elements (docs/reference/subscriber-resources.md#routes). */
export function ratingsXml(ctx: XmlContext, addr: PageAddress, page: Page<RatingView>): string {
  return pagedList('ratings', ctx, addr, page, (v) => ratingItemXml(ctx, v));
}
