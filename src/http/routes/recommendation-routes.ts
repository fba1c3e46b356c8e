import { Router, type Request } from 'express';
import { parseExpand } from '../../domain/expand.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { likedTitles, recommend, type CandidateInfo, type Recommendation } from '../../domain/recommend.js';
import { popularTitleIds } from '../../store/popular-titles.js';
import { recommendationsXml } from '../../xml/user-resources.js';
import { authenticateUser } from '../oauth/authenticate.js';
import { embeddedTitles, userListAddress } from './embedded-title.js';
import { ownUser, userOf } from './own-user.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';

/** How many recommendations a user gets in all (a few pages), and how far down the popular list to look. */
const MAX_RECOMMENDATIONS = 100;
const POPULAR_POOL = 400;

/**
 * Recommendations (experimental, as the real service marked them;
 * docs/reference/subscriber-resources.md#recommendations-experimental): derived from the user's own data.
 */
export function recommendationRoutes(): Router {
  const router = Router();

  resource(
    router,
    '/users/:guid/recommendations',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const guid = userOf(req).guid;
        const pageReq = pageRequestOf(req, USER_PAGING);
        const render = embeddedTitles(req, parseExpand(ctx.params.get('expand')));
        const page = pageOf(recommendationsFor(req, guid), pageReq);
        const items = page.items.map((recommendation) => ({ recommendation, titleXml: render(recommendation.titleId) }));
        sendXml(res, 200, recommendationsXml(ctx.xml, userListAddress(req, guid, 'recommendations'), { ...page, items }));
      },
    },
    [authenticateUser, ownUser],
  );

  return router;
}

/** Gathers what the rule needs: the user's ratings and holdings, similars of liked titles, popular titles. */
function recommendationsFor(req: Request, guid: string): Recommendation[] {
  const { stores, catalog } = dataOf(req);
  const ratings = stores.ratings.all(guid);
  const similarsOf = new Map(likedTitles(ratings).map((id) => [id, catalog.title(id)?.similarIds ?? []]));
  const popular = popularTitleIds(catalog, POPULAR_POOL);
  const candidates = new Map<number, CandidateInfo>();
  for (const id of [...[...similarsOf.values()].flat(), ...popular]) {
    const t = catalog.title(id);
    if (t) candidates.set(id, { canRent: t.canRent, isDisc: t.parentId !== undefined });
  }
  return recommend({ ratings, similarsOf, popular, excluded: stores.userTitles.heldTitleIds(guid), candidates, limit: MAX_RECOMMENDATIONS });
}
