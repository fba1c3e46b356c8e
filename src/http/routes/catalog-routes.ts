import { Router, type Request, type Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand } from '../../domain/expand.js';
import { CATALOG_PAGING, pageOf } from '../../domain/paging.js';
import { parsePersonSearch, parseTitleSearch, PERSON_SEARCH_KINDS, TITLE_SEARCH_KINDS } from '../../domain/search-request.js';
import { isoDate } from '../../domain/sim-clock.js';
import type { Title } from '../../domain/types.js';
import { pathId } from '../../domain/ids.js';
import { catalogSearchOf } from '../../store/catalog-search.js';
import { collectionXml, personXml, searchXml } from '../../xml/search.js';
import { collectionHref } from '../../xml/addresses.js';
import { sendRememberedXml } from '../remembered-answers.js';
import { authenticateConsumer } from '../oauth/authenticate.js';
import { catalogPersonRoutes } from './catalog-person-routes.js';
import { catalogTitleRoutes } from './catalog-title-routes.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { searchAddress } from './search-address.js';
import { underPrefix } from './under-prefix.js';
import { sendXml } from '../send-xml.js';
import { titlePartRendererById, titleRenderer } from './title-renderer.js';

const KINDS: readonly string[] = [...TITLE_SEARCH_KINDS.keys(), ...PERSON_SEARCH_KINDS.keys()];

/** Catalogue search and the title and person resources (docs/reference/catalogue-search.md). */
export function catalogRoutes(): Router {
  const router = Router();
  router.use(underPrefix('/catalog/title/:id', catalogTitleRoutes()));
  router.use(underPrefix('/catalog/person/:id', catalogPersonRoutes()));
  resource(router, '/catalog/collections/:id', { GET: getCollection }, [authenticateConsumer]);
  // express decodes the path parameter, so /catalog/voice%20over arrives as "voice over".
  resource(
    router,
    '/catalog/:kind',
    {
      GET: (req, res) => {
        const kind = String(req.params['kind'] ?? '');
        if (TITLE_SEARCH_KINDS.has(kind)) searchTitles(req, res, kind);
        else if (PERSON_SEARCH_KINDS.has(kind)) searchPeople(req, res, kind);
        else
          throw errors.notFound(
            `there is no catalogue of ${JSON.stringify(kind)}; search one of /catalog/${KINDS.map(encodeURIComponent).join(', /catalog/')}`,
          );
      },
    },
    [authenticateConsumer],
  );
  return router;
}

function searchTitles(req: Request, res: Response, kind: string): void {
  const ctx = ctxOf(req);
  const { catalog, now } = dataOf(req);
  // Repeated searches are answered from the cache until the sandbox's ratings (the titles' statistics) change.
  // The parameters are read inside: an answer is kept only for parameters that were read without error.
  sendRememberedXml(req, res, () => {
    const search = parseTitleSearch(kind, ctx.params);
    const expansion = parseExpand(ctx.params.get('expand'));
    const pageReq = pageRequestOf(req, CATALOG_PAGING);
    const today = isoDate(now);
    const index = catalogSearchOf(catalog);
    const found = index.titles(search, pageReq, today);
    const render = titlePartRendererById(req);
    const items = found.ids.map((id) => render(id, expansion)).filter((xml) => xml !== undefined);
    const refinements = index.titleRefinements(search, today);
    return searchXml(ctx.xml, searchAddress(req), { ...pageReq, total: found.total }, items, refinements);
  });
}

function searchPeople(req: Request, res: Response, kind: string): void {
  const ctx = ctxOf(req);
  const { catalog } = dataOf(req);
  sendRememberedXml(req, res, () => {
    const search = parsePersonSearch(kind, ctx.params);
    const pageReq = pageRequestOf(req, CATALOG_PAGING);
    const index = catalogSearchOf(catalog);
    const found = index.people.search(search, pageReq);
    const items = found.ids
      .map((id) => catalog.person(id))
      .filter((p) => p !== undefined)
      .map((p) => personXml(ctx.xml, p));
    return searchXml(ctx.xml, searchAddress(req), { ...pageReq, total: found.total }, items, index.people.refinements(search));
  });
}

/**
 * A collection's titles, in rank order: the `id` of a title's collections can be followed
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
function getCollection(req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const { catalog } = dataOf(req);
  const raw = String(req.params['id'] ?? '');
  const id = pathId(raw);
  const members = id === undefined ? [] : catalog.titlesById(catalogSearchOf(catalog).collectionMembers(id));
  const rankOf = (t: Title) => t.collections.find((c) => c.id === id)!;
  if (members.length === 0) throw errors.notFound(`the catalogue has no collection ${JSON.stringify(raw)}; follow the collections link of a title`);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const page = pageOf(
    [...members].sort((a, b) => rankOf(a).rank - rankOf(b).rank || a.id - b.id),
    pageReq,
  );
  const render = titleRenderer(req);
  const info = { id: collectionHref(ctx.xml, id!), name: rankOf(members[0]!).name };
  sendXml(
    res,
    200,
    collectionXml(ctx.xml, searchAddress(req), page, info, (t) => render(t, expansion)),
  );
}
