import type { Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand } from '../../domain/expand.js';
import type { Page } from '../../domain/types.js';
import { ctxOf } from '../request-context.js';
import { titleRendererById } from './title-renderer.js';

/**
 * Renders the catalog_title embedded in a user's item (rating, review, rental) by id, expanded as the request's
 * `expand` asks. The scenario check and the write routes only let existing titles in, so a missing one is the
 * simulator's bug: a 500 that says so.
 */
export function embeddedTitles(req: Request): (titleId: number) => string {
  const render = titleRendererById(req);
  const expansion = parseExpand(ctxOf(req).params.get('expand'));
  return (titleId) => {
    const xml = render(titleId, expansion);
    if (xml === undefined) throw errors.internal(`title ${titleId} is held by a user but missing from the catalogue`);
    return xml;
  };
}

/** The catalog_title embedded in one user's item. */
export const embeddedTitle = (req: Request, titleId: number): string => embeddedTitles(req)(titleId);

/** A page of a user's items, each made into its view by `view` with the renderer of its embedded title. */
export function withTitles<T, V>(req: Request, page: Page<T>, view: (item: T, render: (titleId: number) => string) => V): Page<V> {
  const render = embeddedTitles(req);
  return { ...page, items: page.items.map((item) => view(item, render)) };
}

/** Where a user's paged list lives, for its page links: the canonical path and the parameters sent. */
export function userListAddress(req: Request, guid: string, rest: string) {
  return { path: `/users/${guid}/${rest}`, params: ctxOf(req).params.pairs };
}
