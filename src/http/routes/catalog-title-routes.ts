import { Router, type Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand, TITLE_LINKS, type TitleLink } from '../../domain/expand.js';
import { CATALOG_PAGING, pageOf } from '../../domain/paging.js';
import { orderTitleReviews } from '../../domain/search-review-order.js';
import type { Title } from '../../domain/types.js';
import { detailContent, detailLinks, histogramXml } from '../../xml/catalog-title.js';
import { pagedList } from '../../xml/paged.js';
import { reviewXml } from '../../xml/user-resources.js';
import { authenticateConsumer } from '../oauth/authenticate.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { searchAddress } from './search-address.js';
import { sendXml } from '../send-xml.js';
import { statsOf, titleRenderer } from './title-renderer.js';
import { byPathId } from './by-path-id.js';

/** `/catalog/title/<id>` and its detail resources (docs/reference/wire-format.md#the-catalog_title). */
export function catalogTitleRoutes(): Router {
  const router = Router();
  const before = [authenticateConsumer];

  resource(
    router,
    '/catalog/title/:id',
    {
      GET: (req, res) => {
        const t = titleOf(req);
        sendXml(res, 200, titleRenderer(req)(t, parseExpand(ctxOf(req).params.get('expand'))));
      },
    },
    before,
  );

  resource(
    router,
    '/catalog/title/:id/:detail',
    {
      GET: (req, res) => {
        const t = titleOf(req);
        const name = detailOf(req, t);
        if (name === 'similars') sendXml(res, 200, similarsXml(req, t));
        else if (name === 'reviews') sendXml(res, 200, reviewsXml(req, t));
        else if (name === 'histogram') sendXml(res, 200, histogramXml(statsOf(req, t)));
        // The standalone synopsis carries the whole text; the embedded one is cut near 200 characters.
        else sendXml(res, 200, detailContent(ctxOf(req).xml, t, name, dataOf(req).catalog, true));
      },
    },
    before,
  );

  return router;
}

/** The title named by the path; any id that is not a catalogue title's -> 404. */
export function titleOf(req: Request): Title {
  const notFound = (raw: string) => errors.notFound(`the catalogue has no title ${JSON.stringify(raw)}; find titles with GET /catalog/title?term=...`);
  return byPathId(req, 'id', (id) => dataOf(req).catalog.title(id), notFound);
}

/**
 * A detail link the title has: games have no actors, directors or languages
 * (docs/reference/wire-format.md#the-catalog_title).
 */
function detailOf(req: Request, t: Title): TitleLink {
  const name = String(req.params['detail'] ?? '');
  const has = detailLinks(t);
  if (!(has as string[]).includes(name)) {
    const why = (TITLE_LINKS as readonly string[]).includes(name) ? `title ${t.id} is a game and has no ${name}` : `a title has no ${JSON.stringify(name)}`;
    throw errors.notFound(`${why}; its resources are ${has.join(', ')}`);
  }
  return name as TitleLink;
}

/** Titles like this one, paged, in the catalogue's order of similarity. */
function similarsXml(req: Request, t: Title): string {
  const ctx = ctxOf(req);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const page = pageOf(dataOf(req).catalog.titlesById(t.similarIds), pageReq);
  const render = titleRenderer(req);
  return pagedList('similars', ctx.xml, searchAddress(req), page, (s) => render(s, expansion));
}

/** The catalogue's reviews of the title and those this sandbox's users wrote, newest (or most helpful) first. */
function reviewsXml(req: Request, t: Title): string {
  const ctx = ctxOf(req);
  const { catalog, stores } = dataOf(req);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const all = orderTitleReviews([...catalog.catalogReviews(t.id), ...stores.titleReviews.ofTitle(t.id)], ctx.params.get('view'));
  const page = pageOf(all, pageReq);
  const titleXml = page.items.length > 0 ? titleRenderer(req)(t, expansion) : '';
  return pagedList('reviews', ctx.xml, searchAddress(req), page, (r) => reviewXml(ctx.xml, { review: r, titleXml }));
}
