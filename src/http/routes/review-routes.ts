import { Router } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand } from '../../domain/expand.js';
import { USER_PAGING } from '../../domain/paging.js';
import { reviewsXml, reviewXml } from '../../xml/user-resources.js';
import { authenticateUser } from '../oauth/authenticate.js';
import { embeddedTitles, userListAddress } from './embedded-title.js';
import { ownUser, userOf } from './own-user.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';
import { byPathId } from './by-path-id.js';

const guarded = [authenticateUser, ownUser] as const;

/**
 * The reviews the user wrote (docs/reference/subscriber-resources.md#routes), newest first, each with the
 * reviewed title.
 */
export function reviewRoutes(): Router {
  const router = Router();

  resource(
    router,
    '/users/:guid/reviews',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const guid = userOf(req).guid;
        const pageReq = pageRequestOf(req, USER_PAGING);
        const render = embeddedTitles(req, parseExpand(ctx.params.get('expand')));
        const page = dataOf(req).stores.reviews.page(guid, pageReq);
        const items = page.items.map((review) => ({ review: { ...review, userGuid: guid }, titleXml: render(review.titleId) }));
        sendXml(res, 200, reviewsXml(ctx.xml, userListAddress(req, guid, 'reviews'), { ...page, items }));
      },
    },
    guarded,
  );

  // A review's id is followable (docs/reference/wire-format.md#addresses-and-ids): the one review, as it
  // appears in the list.
  resource(
    router,
    '/users/:guid/reviews/:id',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const guid = userOf(req).guid;
        const notFound = (raw: string) => errors.notFound(`the user has no review ${JSON.stringify(raw)}; use an id from GET /users/${guid}/reviews`);
        const review = byPathId(req, 'id', (id) => dataOf(req).stores.reviews.get(guid, id), notFound);
        const titleXml = embeddedTitles(req, parseExpand(ctx.params.get('expand')))(review.titleId);
        sendXml(res, 200, reviewXml(ctx.xml, { review: { ...review, userGuid: guid }, titleXml }));
      },
    },
    guarded,
  );

  return router;
}
