import { Router, type Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseExpand } from '../../domain/expand.js';
import { CATALOG_PAGING, pageOf } from '../../domain/paging.js';
import type { Person } from '../../domain/types.js';
import { pagedList } from '../../xml/paged.js';
import { biographyXml, PERSON_LINKS, personArtworksXml, personXml } from '../../xml/search.js';
import { authenticateConsumer } from '../oauth/authenticate.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { searchAddress } from './search-address.js';
import { sendXml } from '../send-xml.js';
import { titleRenderer } from './title-renderer.js';
import { byPathId } from './by-path-id.js';

/**
 * `/catalog/person/<id>` with its biography, filmography and artworks (shapes of our choosing:
 * docs/reference/catalogue-search.md, Titles and people).
 */
export function catalogPersonRoutes(): Router {
  const router = Router();
  const before = [authenticateConsumer];

  resource(
    router,
    '/catalog/person/:id',
    {
      GET: (req, res) => sendXml(res, 200, personXml(ctxOf(req).xml, personOf(req))),
    },
    before,
  );

  resource(
    router,
    '/catalog/person/:id/:detail',
    {
      GET: (req, res) => {
        const p = personOf(req);
        const detail = String(req.params['detail'] ?? '');
        if (detail === 'biography') sendXml(res, 200, biographyXml(p));
        else if (detail === 'artworks') sendXml(res, 200, personArtworksXml(ctxOf(req).xml, p.id));
        else if (detail === 'filmography') sendXml(res, 200, filmographyXml(req, p));
        else throw errors.notFound(`a person has no ${JSON.stringify(detail)}; their resources are ${PERSON_LINKS.join(', ')}`);
      },
    },
    before,
  );

  return router;
}

function personOf(req: Request): Person {
  const notFound = (raw: string) => errors.notFound(`the catalogue has no person ${JSON.stringify(raw)}; find people with GET /catalog/person?term=...`);
  return byPathId(req, 'id', (id) => dataOf(req).catalog.person(id), notFound);
}

/** The titles the person worked on, newest first, paged like a search; discs of a series are not listed. */
function filmographyXml(req: Request, p: Person): string {
  const ctx = ctxOf(req);
  const expansion = parseExpand(ctx.params.get('expand'));
  const pageReq = pageRequestOf(req, CATALOG_PAGING);
  const titles = dataOf(req)
    .catalog.titlesById(p.filmography)
    .filter((t) => t.parentId === undefined);
  const page = pageOf(titles, pageReq);
  const render = titleRenderer(req);
  return pagedList('filmography', ctx.xml, searchAddress(req), page, (t) => render(t, expansion));
}
