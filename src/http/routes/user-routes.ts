import { Router } from 'express';
import { currentUserLink, resourceXml, userXml } from '../../xml/user-resources.js';
import { authenticateUser } from '../oauth/authenticate.js';
import { ownUser, userOf } from './own-user.js';
import { ratingsRoutes } from './ratings-routes.js';
import { recommendationRoutes } from './recommendation-routes.js';
import { rentalRoutes } from './rental-routes.js';
import { ctxOf } from '../request-context.js';
import { resource } from '../resource.js';
import { underPrefix } from './under-prefix.js';
import { reviewRoutes } from './review-routes.js';
import { sendXml } from '../send-xml.js';

/**
 * The subscriber: who the token speaks for, the profile, and the resources hanging off it
 * (docs/reference/subscriber-resources.md#routes).
 */
export function userRoutes(): Router {
  const router = Router();

  // Any access token may ask who it belongs to, so no ownUser here.
  resource(
    router,
    '/users',
    {
      GET: (req, res) => sendXml(res, 200, resourceXml(currentUserLink(ctxOf(req).xml, userOf(req)))),
    },
    [authenticateUser],
  );

  resource(
    router,
    '/users/:guid',
    {
      GET: (req, res) => sendXml(res, 200, userXml(ctxOf(req).xml, userOf(req))),
    },
    [authenticateUser, ownUser],
  );

  router.use(underPrefix('/users/:guid/ratings', ratingsRoutes()));
  router.use(underPrefix('/users/:guid/reviews', reviewRoutes()));
  router.use(underPrefix('/users/:guid/recommendations', recommendationRoutes()));
  // Last: its routes have no common prefix, and a request that passes through it unanswered goes on a turn later.
  router.use(rentalRoutes());
  return router;
}
