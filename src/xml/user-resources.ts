// The user's resources (docs/reference/subscriber-resources.md#routes): the user, their ratings, reviews,
// rentals and recommendations.
import type { Recommendation } from '../domain/recommend.js';
import type { Page, Rental, Review, User, UserRating } from '../domain/types.js';
import { type XmlContext, rel, userHref } from './addresses.js';
import { pagedList, type PageAddress, type WithTitleXml } from './paged.js';
import { category, el, formatRating, link, text } from './writer.js';

/**
 * The user's resources in the real order; each link is titled with its name in words
 * (docs/reference/subscriber-resources.md#routes).
 */
const USER_LINKS = ['lists', 'queues', 'rented', 'at_home', 'ratings', 'reviews', 'recommendations'] as const;

/** `<user>`: id, first_name, last_name, nickname, then the links (docs/reference/subscriber-resources.md#routes). */
export function userXml(ctx: XmlContext, u: User): string {
  const href = userHref(ctx, u.guid);
  return el(
    'user',
    undefined,
    text('id', href),
    text('first_name', u.firstName),
    text('last_name', u.lastName),
    text('nickname', u.nickname),
    ...USER_LINKS.map((name) => link(`${href}/${name}`, rel(ctx, name), name.replace('_', ' '))),
  );
}

/** GET /users: `<resource>` holding exactly one link, to the token's user (docs/reference/subscriber-resources.md#routes). */
export function currentUserXml(ctx: XmlContext, u: User): string {
  return el('resource', undefined, link(userHref(ctx, u.guid), rel(ctx, 'user'), 'current user'));
}

export const ratingHref = (ctx: XmlContext, guid: string, titleId: number) => `${userHref(ctx, guid)}/ratings/title/${titleId}`;

/** A rating with its title and, only with `title_refs`, the reference the client asked about, echoed as sent. */
type RatingView = WithTitleXml<'rating', UserRating> & { titleRef?: string };

/** GET /users/{guid}/ratings: `<resource>` holding the title_ratings link (docs/reference/subscriber-resources.md#routes). */
export function ratingsResourceXml(ctx: XmlContext, guid: string): string {
  return el('resource', undefined, link(`${userHref(ctx, guid)}/ratings/title`, rel(ctx, 'title_ratings'), 'title ratings'));
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

export const reviewHref = (ctx: XmlContext, guid: string, id: number) => `${userHref(ctx, guid)}/reviews/${id}`;

/**
 * `review`: its id, then every field in order (docs/reference/subscriber-resources.md#routes), then the title.
 * A sandbox user's review is the same element in their own reviews and in a title's; a review from the public
 * catalogue has no addressable id, so it has none.
 */
export function reviewXml(ctx: XmlContext, { review: r, titleXml }: WithTitleXml<'review', Review>): string {
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
export function reviewsXml(ctx: XmlContext, addr: PageAddress, page: Page<WithTitleXml<'review', Review>>): string {
  return pagedList('reviews', ctx, addr, page, (v) => reviewXml(ctx, v));
}

/**
 * `rented_item` and `at_home_item`: priority, shipped, returned (absent while the disc is out, as every disc at
 * home is), the title (docs/reference/subscriber-resources.md#routes).
 */
function rentalItemXml(name: string, { rental: r, titleXml }: WithTitleXml<'rental', Rental>): string {
  return el(name, undefined, text('priority', r.priority), text('shipped', r.shipped), text('returned', r.returned), titleXml);
}

/** `<rented>`, paged, newest shipped first (docs/reference/subscriber-resources.md#routes). */
export function rentedXml(ctx: XmlContext, addr: PageAddress, page: Page<WithTitleXml<'rental', Rental>>): string {
  return pagedList('rented', ctx, addr, page, (v) => rentalItemXml('rented_item', v));
}

/** `<at_home>`: awaiting_allocation, then at_home_item elements (docs/reference/subscriber-resources.md#routes). */
export function atHomeXml(items: readonly WithTitleXml<'rental', Rental>[], awaitingAllocation: number): string {
  return el('at_home', undefined, text('awaiting_allocation', awaitingAllocation), ...items.map((v) => rentalItemXml('at_home_item', v)));
}

/**
 * Adds the recommendation_source category to a rendered catalog_title: after its other categories and before
 * its links (the order of docs/reference/wire-format.md#the-catalog_title), or at the end of a bare
 * `expand=none` title. Text in a rendered title is escaped, so the first `<link` is the first link element.
 */
export function withSourceCategory(ctx: XmlContext, titleXml: string, source: string): string {
  const cat = category(ctx, 'recommendation_source', source);
  const at = titleXml.indexOf('<link');
  const i = at !== -1 ? at : titleXml.lastIndexOf('</catalog_title>');
  return titleXml.slice(0, i) + cat + titleXml.slice(i);
}

/** `<recommendations>`, paged: catalog_title items each saying why they are recommended. */
export function recommendationsXml(ctx: XmlContext, addr: PageAddress, page: Page<WithTitleXml<'recommendation', Recommendation>>): string {
  return pagedList('recommendations', ctx, addr, page, (v) => withSourceCategory(ctx, v.titleXml, v.recommendation.source));
}
