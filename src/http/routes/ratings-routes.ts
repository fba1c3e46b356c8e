import type { Request, Router } from 'express';
import { errors } from '../../domain/api-error.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { isoDateTime } from '../../domain/sim-clock.js';
import { parseRating, ratedAmong } from '../../domain/ratings.js';
import { parseTitleRefs, titleIdOfRef } from '../../domain/title-ref.js';
import type { Page, UserRating } from '../../domain/types.js';
import { ratingHref, ratingItemXml, ratingsResourceXml, ratingsXml, titleRatingLink } from '../../xml/user-resources.js';
import { resourcesCreatedXml, statusXml } from '../../xml/write-response.js';
import { formatRating } from '../../xml/writer.js';
import { embeddedTitles, withTitles } from './title-renderer.js';
import { byPathId, ownDataOf, ownUserGuards, pageRequestOf, userListAddress, userOf } from './route-params.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendRememberedXml, sendXml } from '../send-xml.js';

/** The user's title ratings (docs/reference/subscriber-resources.md#routes), declared on the user routes' router. */
export function ratingsRoutes(router: Router): void {
  resource(router, '/users/:guid/ratings', ownUserGuards, {
    GET: (req, res) => sendXml(res, 200, ratingsResourceXml(ctxOf(req).xml, userOf(req).guid)),
  });

  resource(router, '/users/:guid/ratings/title', ownUserGuards, {
    GET: (req, res) => {
      const guid = userOf(req).guid;
      sendRememberedXml(req, res, () => {
        const page = withTitles(req, ratedPage(req, guid), (v, render) => ({ ...v, titleXml: render(v.rating.titleId) }));
        return ratingsXml(ctxOf(req).xml, userListAddress(req, guid, 'ratings/title'), page);
      });
    },
    POST: (req, res) => {
      const { ctx, stores, catalog, now, user } = ownDataOf(req);
      const guid = user.guid;
      const example = `${ctx.xml.baseUrl}/catalog/title/<id>`;
      const ref = ctx.params.get('title_ref');
      if (ref === undefined || ref.trim() === '') throw errors.missingParameter('title_ref', `send the URI of the title to rate, e.g. title_ref=${example}`);
      const titleId = titleIdOfRef(ref);
      if (titleId === undefined)
        throw errors.invalidParameter('title_ref', `${JSON.stringify(ref)} is not a title URI; send the id of a catalog_title, like ${example}`);
      const rating = parseRating(ctx.params.get('rating'));
      if (!catalog.title(titleId)) throw errors.notFound(`there is no title ${titleId} in the catalogue; rate a title whose id came from a catalog_title`);
      if (stores.ratings.get(guid, titleId)) {
        throw errors.conflict(`title ${titleId} is already rated; change the rating with PUT ${ratingHref(ctx.xml, guid, titleId)}?rating=<0.0 to 5.0>`);
      }
      ctx.sandbox.write(() => stores.ratings.insert(guid, titleId, rating, isoDateTime(now)));
      res.set('Location', ratingHref(ctx.xml, guid, titleId));
      sendXml(res, 201, resourcesCreatedXml(titleRatingLink(ctx.xml, guid, titleId)));
    },
  });

  resource(router, '/users/:guid/ratings/title/:id', ownUserGuards, {
    GET: (req, res) => {
      const rating = existingRating(req);
      sendXml(res, 200, ratingItemXml(ctxOf(req).xml, { rating, titleXml: embeddedTitles(req)(rating.titleId) }));
    },
    PUT: (req, res) => {
      const { ctx, stores, now } = dataOf(req);
      const rating = parseRating(ctx.params.get('rating'));
      const current = existingRating(req);
      ctx.sandbox.write(() => stores.ratings.update(current.userGuid, current.titleId, rating, isoDateTime(now)));
      sendXml(res, 200, statusXml(200, `the rating of title ${current.titleId} is now ${formatRating(rating)}`));
    },
  });
}

/** The page of ratings to show: all of them newest first, or only the rated ones among `title_refs`. */
function ratedPage(req: Request, guid: string): Page<{ rating: UserRating; titleRef?: string }> {
  const pageReq = pageRequestOf(req, USER_PAGING);
  const { ctx, stores } = dataOf(req);
  const refs = ctx.params.get('title_refs');
  if (refs === undefined) {
    const page = stores.ratings.page(guid, pageReq);
    return { ...page, items: page.items.map((rating) => ({ rating })) };
  }
  const rated = ratedAmong(parseTitleRefs(refs), (id) => stores.ratings.get(guid, id));
  return pageOf(rated, pageReq);
}

/** The user's rating of the title in the path; 404 when the title does not exist or is not rated. */
function existingRating(req: Request): UserRating {
  const { ctx, stores, catalog, user } = ownDataOf(req);
  const guid = user.guid;
  const notFound = (raw: string) =>
    errors.notFound(`there is no title ${JSON.stringify(raw)} in the catalogue; use an id from GET /users/${guid}/ratings/title`);
  const { id } = byPathId(req, 'id', (titleId) => catalog.title(titleId), notFound);
  const rating = stores.ratings.get(guid, id);
  if (!rating) throw errors.notFound(`title ${id} is not rated yet; rate it with POST ${ctx.xml.baseUrl}/users/${guid}/ratings/title (title_ref, rating)`);
  return rating;
}
