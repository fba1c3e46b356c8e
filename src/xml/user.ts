import type { User } from '../domain/types.js';
import type { XmlContext } from './context.js';
import { link } from './link.js';
import { rel } from './title-addresses.js';
import { el, text } from './writer.js';

export const userHref = (ctx: XmlContext, guid: string) => `${ctx.baseUrl}/users/${guid}`;

/** The user's resources in the real order, with their link titles (docs/reference/subscriber-resources.md#routes). */
const USER_LINKS: ReadonlyArray<readonly [name: string, title: string]> = [
  ['lists', 'lists'],
  ['queues', 'queues'],
  ['rented', 'rented'],
  ['at_home', 'at home'],
  ['ratings', 'ratings'],
  ['reviews', 'reviews'],
  ['recommendations', 'recommendations'],
];

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
    ...USER_LINKS.map(([name, title]) => link(`${href}/${name}`, rel(ctx, name), title)),
  );
}

/** GET /users: exactly one link, to the token's user (docs/reference/subscriber-resources.md#routes). */
export function currentUserLink(ctx: XmlContext, u: User): string {
  return link(userHref(ctx, u.guid), rel(ctx, 'user'), 'current user');
}
