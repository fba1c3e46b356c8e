import { Router, type Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand } from '../../domain/expand.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { parseRating } from '../../domain/rating-value.js';
import { isoDateTime } from '../../domain/sim-clock.js';
import { ratedAmong } from '../../domain/rated-among.js';
import { parseTitleRefs, titleIdOfRef } from '../../domain/title-ref.js';
import type { Page, PageRequest, UserRating } from '../../domain/types.js';
import { pathId } from '../../domain/ids.js';
import { ratingHref, ratingItemXml, ratingsXml, resourceXml, titleRatingLink, titleRatingsLink, type RatingView } from '../../xml/user-resources.js';
import { resourcesCreatedXml, statusXml } from '../../xml/write-response.js';
import { formatRating } from '../../xml/writer.js';
import { sendRememberedXml } from '../remembered-answers.js';
import { authenticateUser } from '../oauth/authenticate.js';
import { embeddedTitles, userListAddress } from './embedded-title.js';
import { ownUser, userOf } from './own-user.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';

const guarded = [authenticateUser, ownUser] as const;

/** The user's title ratings (docs/reference/subscriber-resources.md#routes). */
export function ratingsRoutes(): Router {
  const router = Router();

  resource(
    router,
    '/users/:guid/ratings',
    {
      GET: (req, res) => sendXml(res, 200, resourceXml(titleRatingsLink(ctxOf(req).xml, userOf(req).guid))),
    },
    guarded,
  );

  resource(
    router,
    '/users/:guid/ratings/title',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const guid = userOf(req).guid;
        sendRememberedXml(req, res, () => {
          const pageReq = pageRequestOf(req, USER_PAGING);
          const expansion = parseExpand(ctx.params.get('expand'));
          const render = embeddedTitles(req, expansion);
          const page = ratedPage(req, guid, pageReq);
          const views: Page<RatingView> = { ...page, items: page.items.map((v) => ({ ...v, titleXml: render(v.rating.titleId) })) };
          return ratingsXml(ctx.xml, userListAddress(req, guid, 'ratings/title'), views);
        });
      },
      POST: (req, res) => {
        const ctx = ctxOf(req);
        const { stores, catalog, now } = dataOf(req);
        const guid = userOf(req).guid;
        const titleId = requireTitleRef(req);
        const rating = parseRating(ctx.params.get('rating'));
        if (!catalog.title(titleId)) throw errors.notFound(`there is no title ${titleId} in the catalogue; rate a title whose id came from a catalog_title`);
        if (stores.ratings.get(guid, titleId)) {
          throw errors.conflict(`title ${titleId} is already rated; change the rating with PUT ${ratingHref(ctx.xml, guid, titleId)}?rating=<0.0 to 5.0>`);
        }
        ctx.sandbox.write(() => stores.ratings.insert(guid, titleId, rating, isoDateTime(now)));
        res.set('Location', ratingHref(ctx.xml, guid, titleId));
        sendXml(res, 201, resourcesCreatedXml(titleRatingLink(ctx.xml, guid, titleId)));
      },
    },
    guarded,
  );

  resource(
    router,
    '/users/:guid/ratings/title/:id',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const rating = existingRating(req);
        const titleXml = embeddedTitles(req, parseExpand(ctx.params.get('expand')))(rating.titleId);
        sendXml(res, 200, ratingItemXml(ctx.xml, { rating, titleXml }));
      },
      PUT: (req, res) => {
        const ctx = ctxOf(req);
        const { stores, now } = dataOf(req);
        const rating = parseRating(ctx.params.get('rating'));
        const current = existingRating(req);
        ctx.sandbox.write(() => stores.ratings.update(current.userGuid, current.titleId, rating, isoDateTime(now)));
        sendXml(res, 200, statusXml(200, `the rating of title ${current.titleId} is now ${formatRating(rating)}`));
      },
    },
    guarded,
  );

  return router;
}

/** The page of ratings to show: all of them newest first, or only the rated ones among `title_refs`. */
function ratedPage(req: Request, guid: string, pageReq: PageRequest): Page<{ rating: UserRating; titleRef?: string }> {
  const { stores } = dataOf(req);
  const params = ctxOf(req).params;
  if (!params.has('title_refs')) {
    const page = stores.ratings.page(guid, pageReq);
    return { ...page, items: page.items.map((rating) => ({ rating })) };
  }
  return pageOf(
    ratedAmong(parseTitleRefs(params.get('title_refs')), (id) => stores.ratings.get(guid, id)),
    pageReq,
  );
}

function requireTitleRef(req: Request): number {
  const ctx = ctxOf(req);
  const example = `${ctx.xml.baseUrl}/catalog/title/<id>`;
  const ref = ctx.params.require('title_ref', `send the URI of the title to rate, e.g. title_ref=${example}`);
  const id = titleIdOfRef(ref);
  if (id === undefined)
    throw errors.invalidParameter('title_ref', `${JSON.stringify(ref)} is not a title URI; send the id of a catalog_title, like ${example}`);
  return id;
}

/** The user's rating of the title in the path; 404 when the title does not exist or is not rated. */
function existingRating(req: Request): UserRating {
  const ctx = ctxOf(req);
  const { stores, catalog } = dataOf(req);
  const guid = userOf(req).guid;
  const raw = String(req.params['id'] ?? '');
  const id = pathId(raw);
  if (id === undefined || !catalog.title(id))
    throw errors.notFound(`there is no title ${JSON.stringify(raw)} in the catalogue; use an id from GET /users/${guid}/ratings/title`);
  const rating = stores.ratings.get(guid, id);
  if (!rating) {
    throw errors.notFound(`title ${id} is not rated yet; rate it with POST ${ctx.xml.baseUrl}/users/${guid}/ratings/title (title_ref, rating)`);
  }
  return rating;
}
