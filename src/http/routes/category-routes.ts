import { Router } from 'express';
import { CATEGORY_SCHEMES } from '../../domain/categories.js';
import { errors } from '../../domain/api-error.js';
import { categoryTerms } from '../../store/catalog-search-categories.js';
import { categorySchemeXml } from '../../xml/search.js';
import { authenticateConsumer } from '../oauth/authenticate.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';

/** `/categories/<scheme>`: the terms of each category scheme (docs/reference/catalogue-search.md, Categories). */
export function categoryRoutes(): Router {
  const router = Router();
  // Schemes may be two segments deep (certificates/bbfc, languages/main): one route per scheme.
  for (const scheme of CATEGORY_SCHEMES) {
    resource(
      router,
      `/categories/${scheme}`,
      {
        GET: (req, res) => sendXml(res, 200, categorySchemeXml(categoryTerms(dataOf(req).catalog, scheme))),
      },
      [authenticateConsumer],
    );
  }
  router.all('/categories{/*rest}', (req) => {
    const path = ctxOf(req).path.replace(/^\/categories\/?/, '');
    throw errors.notFound(`there is no category scheme ${JSON.stringify(path)}; the schemes are ${CATEGORY_SCHEMES.map((s) => `/categories/${s}`).join(', ')}`);
  });
  return router;
}
