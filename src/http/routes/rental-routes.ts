import { Router } from 'express';
import { parseExpand } from '../../domain/expand.js';
import { USER_PAGING } from '../../domain/paging.js';
import { atHomeXml, rentedXml } from '../../xml/user-resources.js';
import { authenticateUser } from '../oauth/authenticate.js';
import { embeddedTitles, userListAddress } from './embedded-title.js';
import { ownUser, userOf } from './own-user.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';

const guarded = [authenticateUser, ownUser] as const;

/**
 * Discs waiting for the allocation process; nothing in the simulator allocates, so it is 0 (a client
 * needs the element, with 0 as its default: docs/reference/subscriber-resources.md#routes).
 */
const AWAITING_ALLOCATION = 0;

/** What the user rented and what is at home now (docs/reference/subscriber-resources.md#routes). */
export function rentalRoutes(): Router {
  const router = Router();

  resource(
    router,
    '/users/:guid/rented',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const guid = userOf(req).guid;
        const pageReq = pageRequestOf(req, USER_PAGING);
        const render = embeddedTitles(req, parseExpand(ctx.params.get('expand')));
        const page = dataOf(req).stores.rentals.page(guid, pageReq);
        const items = page.items.map((rental) => ({ rental, titleXml: render(rental.titleId) }));
        sendXml(res, 200, rentedXml(ctx.xml, userListAddress(req, guid, 'rented'), { ...page, items }));
      },
    },
    guarded,
  );

  resource(
    router,
    '/users/:guid/at_home',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const render = embeddedTitles(req, parseExpand(ctx.params.get('expand')));
        const items = dataOf(req)
          .stores.rentals.atHome(userOf(req).guid)
          .map((rental) => ({ rental, titleXml: render(rental.titleId) }));
        sendXml(res, 200, atHomeXml(items, AWAITING_ALLOCATION));
      },
    },
    guarded,
  );

  return router;
}
