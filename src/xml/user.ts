import type { User } from '../domain/types.js';
import { type XmlContext, rel, userHref } from './addresses.js';
import { el, text, link } from './writer.js';

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

/** GET /users: exactly one link, to the token's user (docs/reference/subscriber-resources.md#routes). */
export function currentUserLink(ctx: XmlContext, u: User): string {
  return link(userHref(ctx, u.guid), rel(ctx, 'user'), 'current user');
}

/**
 * `<resource>` holding links: GET /users and GET /users/{guid}/ratings
 * (docs/reference/subscriber-resources.md#routes).
 */
export function resourceXml(...links: string[]): string {
  return el('resource', undefined, ...links);
}
