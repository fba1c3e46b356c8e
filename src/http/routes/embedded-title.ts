import type { Request } from 'express';
import { errors } from '../../domain/api-error.js';
import type { Expansion } from '../../domain/expand.js';
import { ctxOf } from '../request-context.js';
import { titleRendererById } from './title-renderer.js';

/**
 * Renders the catalog_title embedded in a user's item (rating, review, rental) by id. The scenario check and
 * the write routes only let existing titles in, so a missing one is the simulator's bug: a 500 that says so.
 */
export function embeddedTitles(req: Request, expansion: Expansion): (titleId: number) => string {
  const render = titleRendererById(req);
  return (titleId) => {
    const xml = render(titleId, expansion);
    if (xml === undefined) throw errors.internal(`title ${titleId} is held by a user but missing from the catalogue`);
    return xml;
  };
}

/** Where a user's paged list lives, for its page links: the canonical path and the parameters sent. */
export function userListAddress(req: Request, guid: string, rest: string) {
  return { path: `/users/${guid}/${rest}`, params: ctxOf(req).params.pairs };
}
