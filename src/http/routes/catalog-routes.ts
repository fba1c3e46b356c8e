import { Router, type Request, type Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { CATEGORY_SCHEMES } from '../../domain/categories.js';
import { parseExpand, TITLE_LINKS, type TitleLink } from '../../domain/expand.js';
import { CATALOG_PAGING, pageOf } from '../../domain/paging.js';
import { orderTitleReviews, parsePersonSearch, parseTitleSearch, PERSON_SEARCH_KINDS, TITLE_SEARCH_KINDS } from '../../domain/search-request.js';
import { isoDate } from '../../domain/sim-clock.js';
import { titleStats } from '../../domain/title-stats.js';
import type { Person, Title } from '../../domain/types.js';
import { pathId } from '../../domain/ids.js';
import { catalogSearchOf } from '../../store/catalog-search.js';
import { categoryTerms } from '../../store/catalog-search-categories.js';
import { detailContent, detailLinks, histogramXml } from '../../xml/catalog-title.js';
import { pagedList } from '../../xml/paged.js';
import { biographyXml, categorySchemeXml, collectionXml, PERSON_LINKS, personArtworksXml, personXml, searchXml } from '../../xml/search.js';
import { collectionHref } from '../../xml/addresses.js';
import { reviewXml } from '../../xml/user-resources.js';
import { authenticateConsumer } from '../oauth/verify-oauth.js';
import { byPathId, pageRequestOf, searchAddress } from './route-params.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendRememberedXml, sendXml } from '../send-xml.js';
import { titlePartRendererById, titleRenderer } from './title-renderer.js';

const KINDS: readonly string[] = [...TITLE_SEARCH_KINDS.keys(), ...PERSON_SEARCH_KINDS.keys()];

/**
 * Catalogue search, collections, `/catalog/title/<id>` and its detail resources
 * (docs/reference/wire-format.md#the-catalog_title), and `/catalog/person/<id>` with its biography, filmography
 * and artworks (shapes of our choosing): docs/reference/catalogue-search.md.
 */
export function catalogRoutes(): Router {
  const router = Router();
  const before = [authenticateConsumer];
  // First: a search, the catalogue's most frequent request, matches its first route.
  // express decodes the path parameter, so /catalog/voice%20over arrives as "voice over".
  resource(router, '/catalog/:kind', before, {
    GET: (req, res) => {
      const kind = String(req.params['kind'] ?? '');
      // Repeated searches are answered from the cache until the sandbox's ratings (the titles' statistics) change.
      // The parameters are read inside: an answer is kept only for parameters that were read without error.
      if (TITLE_SEARCH_KINDS.has(kind)) sendRememberedXml(req, res, () => titlesFound(req, kind));
      else if (PERSON_SEARCH_KINDS.has(kind)) sendRememberedXml(req, res, () => peopleFound(req, kind));
      else
        throw errors.notFound(`there is no catalogue of ${JSON.stringify(kind)}; search one of /catalog/${KINDS.map(encodeURIComponent).join(', /catalog/')}`);
    },
  });

  resource(router, '/catalog/title/:id', before, {
    GET: (req, res) => sendXml(res, 200, titleRenderer(req, parseExpand(ctxOf(req).params.get('expand')))(titleOf(req))),
  });

  resource(router, '/catalog/title/:id/:detail', before, {
    GET: (req, res) => {
      const t = titleOf(req);
      const name = detailOf(req, t);
      if (name === 'similars') sendXml(res, 200, titlesPageXml(req, 'similars', dataOf(req).catalog.titlesById(t.similarIds)));
      else if (name === 'reviews') sendXml(res, 200, reviewsXml(req, t));
      else if (name === 'histogram') sendXml(res, 200, histogramXml(titleStats(t.baseHistogram, dataOf(req).stores.titleStats.userRatingsOf(t.id))));
      // The standalone synopsis carries the whole text; the embedded one is cut near 200 characters.
      else sendXml(res, 200, detailContent(ctxOf(req).xml, t, name, dataOf(req).catalog, true));
    },
  });

  resource(router, '/catalog/person/:id', before, {
    GET: (req, res) => sendXml(res, 200, personXml(ctxOf(req).xml, personOf(req))),
  });

  resource(router, '/catalog/person/:id/:detail', before, {
    GET: (req, res) => {
      const p = personOf(req);
      const detail = String(req.params['detail'] ?? '');
      if (detail === 'biography') sendXml(res, 200, biographyXml(p));
      else if (detail === 'artworks') sendXml(res, 200, personArtworksXml(ctxOf(req).xml, p.id));
      // The titles the person worked on, newest first, paged like a search; discs of a series are not listed.
      else if (detail === 'filmography') {
        const titles = dataOf(req).catalog.titlesById(p.filmography);
        const notDiscs = titles.filter((t) => t.parentId === undefined);
        sendXml(res, 200, titlesPageXml(req, 'filmography', notDiscs));
      } else throw errors.notFound(`a person has no ${JSON.stringify(detail)}; their resources are ${PERSON_LINKS.join(', ')}`);
    },
  });

  resource(router, '/catalog/collections/:id', before, { GET: getCollection });
  return router;
}

/** `/categories/<scheme>`: the terms of each category scheme (docs/reference/catalogue-search.md, Categories). */
export function categoryRoutes(): Router {
  const router = Router();
  // Schemes may be two segments deep (certificates/bbfc, languages/main): one route per scheme.
  for (const scheme of CATEGORY_SCHEMES) {
    resource(router, `/categories/${scheme}`, [authenticateConsumer], {
      GET: (req, res) => sendXml(res, 200, categorySchemeXml(categoryTerms(dataOf(req).catalog, scheme))),
    });
  }
  router.all('/categories{/*rest}', (req) => {
    const path = ctxOf(req).path.replace(/^\/categories\/?/, '');
    throw errors.notFound(`there is no category scheme ${JSON.stringify(path)}; the schemes are ${CATEGORY_SCHEMES.map((s) => `/categories/${s}`).join(', ')}`);
  });
  return router;
}

/** A page of the titles a search finds, with its refinements. */
function titlesFound(req: Request, kind: string) {
  const { ctx, catalog, now } = dataOf(req);
  const search = parseTitleSearch(kind, ctx.params);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const today = isoDate(now);
  const index = catalogSearchOf(catalog);
  const found = index.titles(search, pageReq, today);
  const items = found.ids.map(titlePartRendererById(req, expansion)).filter((xml) => xml !== undefined);
  const refinements = index.titleRefinements(search, today);
  return searchXml(ctx.xml, searchAddress(req), { ...pageReq, total: found.total }, items, refinements);
}

function peopleFound(req: Request, kind: string) {
  const { ctx, catalog } = dataOf(req);
  const search = parsePersonSearch(kind, ctx.params);
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const index = catalogSearchOf(catalog);
  const found = index.people.search(search, pageReq);
  const items = found.ids
    .map((id) => catalog.person(id))
    .filter((p) => p !== undefined)
    .map((p) => personXml(ctx.xml, p));
  return searchXml(ctx.xml, searchAddress(req), { ...pageReq, total: found.total }, items, index.people.refinements(search));
}

/**
 * The page of `titles` the request asks for as the paged list `root`, each rendered as its `expand` asks, its
 * links repeating the request as sent.
 */
function titlesPageXml(req: Request, root: string, titles: readonly Title[]): string {
  const ctx = ctxOf(req);
  const render = titleRenderer(req, parseExpand(ctx.params.get('expand')));
  return pagedList(root, ctx.xml, searchAddress(req), pageOf(titles, pageRequestOf(req, CATALOG_PAGING)), render);
}

/**
 * A collection's titles, in rank order: the `id` of a title's collections can be followed
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
function getCollection(req: Request, res: Response): void {
  const { ctx, catalog } = dataOf(req);
  const raw = String(req.params['id'] ?? '');
  const id = pathId(raw);
  const members = id === undefined ? [] : catalog.titlesById(catalogSearchOf(catalog).collectionMembers(id));
  const rankOf = (t: Title) => t.collections.find((c) => c.id === id)!;
  if (members.length === 0) throw errors.notFound(`the catalogue has no collection ${JSON.stringify(raw)}; follow the collections link of a title`);
  const info = { id: collectionHref(ctx.xml, id!), name: rankOf(members[0]!).name };
  const ranked = [...members].sort((a, b) => rankOf(a).rank - rankOf(b).rank || a.id - b.id);
  const render = titleRenderer(req, parseExpand(ctx.params.get('expand')));
  sendXml(res, 200, collectionXml(ctx.xml, searchAddress(req), pageOf(ranked, pageRequestOf(req, CATALOG_PAGING)), info, render));
}

/** The title named by the path; any id that is not a catalogue title's -> 404. */
function titleOf(req: Request): Title {
  const notFound = (raw: string) => errors.notFound(`the catalogue has no title ${JSON.stringify(raw)}; find titles with GET /catalog/title?term=...`);
  return byPathId(req, 'id', (id) => dataOf(req).catalog.title(id), notFound);
}

function personOf(req: Request): Person {
  const notFound = (raw: string) => errors.notFound(`the catalogue has no person ${JSON.stringify(raw)}; find people with GET /catalog/person?term=...`);
  return byPathId(req, 'id', (id) => dataOf(req).catalog.person(id), notFound);
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

/** The catalogue's reviews of the title and those this sandbox's users wrote, newest (or most helpful) first. */
function reviewsXml(req: Request, t: Title): string {
  const { ctx, catalog, stores } = dataOf(req);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const all = orderTitleReviews([...catalog.catalogReviews(t.id), ...stores.reviews.ofTitle(t.id)], ctx.params.get('view'));
  const page = pageOf(all, pageReq);
  const titleXml = page.items.length > 0 ? titleRenderer(req, expansion)(t) : '';
  return pagedList('reviews', ctx.xml, searchAddress(req), page, (r) => reviewXml(ctx.xml, { review: r, titleXml }));
}
