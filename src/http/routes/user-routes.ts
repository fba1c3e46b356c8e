import { Router, type Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { likedTitles, recommend, type CandidateInfo, type Recommendation } from '../../domain/recommend.js';
import { atHomeXml, currentUserXml, recommendationsXml, rentedXml, reviewsXml, reviewXml, userXml } from '../../xml/user-resources.js';
import { authenticateUser } from '../oauth/verify-oauth.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';
import { byPathId, ownUserGuards, pageRequestOf, userListAddress, userOf } from './route-params.js';
import { embeddedTitles, withTitles } from './title-renderer.js';
import { ratingsRoutes } from './ratings-routes.js';

/**
 * Discs waiting for the allocation process; nothing in the simulator allocates, so it is 0 (a client
 * needs the element, with 0 as its default: docs/reference/subscriber-resources.md#routes).
 */
const AWAITING_ALLOCATION = 0;

/** How many recommendations a user gets in all (a few pages), and how far down the popular list to look. */
const MAX_RECOMMENDATIONS = 100;
const POPULAR_POOL = 400;

/**
 * The subscriber: who the token speaks for, the profile, and the resources hanging off it
 * (docs/reference/subscriber-resources.md#routes): ratings, the reviews the user wrote (newest first, each with
 * the reviewed title), recommendations, what the user rented and what is at home now.
 */
export function userRoutes(): Router {
  const router = Router();

  // Any access token may ask who it belongs to, so no ownUser here.
  resource(router, '/users', [authenticateUser], {
    GET: (req, res) => sendXml(res, 200, currentUserXml(ctxOf(req).xml, userOf(req))),
  });

  resource(router, '/users/:guid', ownUserGuards, {
    GET: (req, res) => sendXml(res, 200, userXml(ctxOf(req).xml, userOf(req))),
  });

  ratingsRoutes(router);

  resource(router, '/users/:guid/reviews', ownUserGuards, {
    GET: (req, res) => {
      const guid = userOf(req).guid;
      const reviews = dataOf(req).stores.reviews.page(guid, pageRequestOf(req, USER_PAGING));
      const page = withTitles(req, reviews, (review, render) => ({ review: { ...review, userGuid: guid }, titleXml: render(review.titleId) }));
      sendXml(res, 200, reviewsXml(ctxOf(req).xml, userListAddress(req, guid, 'reviews'), page));
    },
  });

  // A review's id is followable (docs/reference/wire-format.md#addresses-and-ids): the one review, as it
  // appears in the list.
  resource(router, '/users/:guid/reviews/:id', ownUserGuards, {
    GET: (req, res) => {
      const guid = userOf(req).guid;
      const notFound = (raw: string) => errors.notFound(`the user has no review ${JSON.stringify(raw)}; use an id from GET /users/${guid}/reviews`);
      const review = byPathId(req, 'id', (id) => dataOf(req).stores.reviews.get(guid, id), notFound);
      sendXml(res, 200, reviewXml(ctxOf(req).xml, { review: { ...review, userGuid: guid }, titleXml: embeddedTitles(req)(review.titleId) }));
    },
  });

  // Experimental, as the real service marked them (docs/reference/subscriber-resources.md#recommendations-experimental):
  // derived from the user's own data.
  resource(router, '/users/:guid/recommendations', ownUserGuards, {
    GET: (req, res) => {
      const guid = userOf(req).guid;
      const recommendations = pageOf(recommendationsFor(req, guid), pageRequestOf(req, USER_PAGING));
      const page = withTitles(req, recommendations, (recommendation, render) => ({ recommendation, titleXml: render(recommendation.titleId) }));
      sendXml(res, 200, recommendationsXml(ctxOf(req).xml, userListAddress(req, guid, 'recommendations'), page));
    },
  });

  resource(router, '/users/:guid/rented', ownUserGuards, {
    GET: (req, res) => {
      const guid = userOf(req).guid;
      const rentals = dataOf(req).stores.rentals.page(guid, pageRequestOf(req, USER_PAGING));
      const page = withTitles(req, rentals, (rental, render) => ({ rental, titleXml: render(rental.titleId) }));
      sendXml(res, 200, rentedXml(ctxOf(req).xml, userListAddress(req, guid, 'rented'), page));
    },
  });

  resource(router, '/users/:guid/at_home', ownUserGuards, {
    GET: (req, res) => {
      const render = embeddedTitles(req);
      const rentals = dataOf(req).stores.rentals.atHome(userOf(req).guid);
      const items = rentals.map((rental) => ({ rental, titleXml: render(rental.titleId) }));
      sendXml(res, 200, atHomeXml(items, AWAITING_ALLOCATION));
    },
  });

  return router;
}

/** Gathers what the recommending rule needs: the user's ratings and holdings, similars of liked titles, popular titles. */
function recommendationsFor(req: Request, guid: string): Recommendation[] {
  const { stores, catalog } = dataOf(req);
  const ratings = stores.ratings.all(guid);
  const similarsOf = new Map(likedTitles(ratings).map((id) => [id, catalog.title(id)?.similarIds ?? []]));
  const popular = catalog.popularTitleIds(POPULAR_POOL);
  const candidates = new Map<number, CandidateInfo>();
  for (const id of [...[...similarsOf.values()].flat(), ...popular]) {
    const t = catalog.title(id);
    if (t) candidates.set(id, { canRent: t.canRent, isDisc: t.parentId !== undefined });
  }
  return recommend({ ratings, similarsOf, popular, excluded: stores.userTitles.heldTitleIds(guid), candidates, limit: MAX_RECOMMENDATIONS });
}
