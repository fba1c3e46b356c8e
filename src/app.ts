import express, { Router, type Express, type Request, type Response } from 'express';
import type { AdminLog } from './admin/admin-errors.js';
import { adminRoutes } from './admin/admin-routes.js';
import type { Config } from './config.js';
import { errors } from './domain/api-error.js';
import { catalogRoutes, categoryRoutes } from './http/routes/catalog-routes.js';
import { errorHandler } from './http/error-handler.js';
import { faultsMiddleware, overridesMiddleware, rateLimitMiddleware } from './http/middleware/gateway-middleware.js';
import { handleInBatches } from './http/middleware/handle-in-batches.js';
import { journalMiddleware, noteRejection } from './http/middleware/journal-middleware.js';
import { listRoutes } from './http/routes/list-routes.js';
import { oauthRoutes } from './http/oauth/oauth-routes.js';
import { queueRoutes } from './http/routes/queue-routes.js';
import { schemaRoutes } from './http/routes/schema-routes.js';
import { absoluteFormMiddleware, contextMiddleware } from './http/request-context.js';
import { underPrefix } from './http/routes/under-prefix.js';
import { userRoutes } from './http/routes/user-routes.js';
import { adminSignerOf } from './http/oauth/verify-oauth.js';
import type { World } from './world/world.js';

export interface AppDeps {
  world: World;
  config: Config;
  /** Where admin errors with a cause, and answers node refused to send, are written, one line each; the process's stderr by default. */
  adminLog?: AdminLog;
}

/**
 * The express app. It never listens: simulatorServerOf (src/index.ts) puts it in the server startSimulator
 * listens on, and tests hand that server, unlistened, to supertest.
 */
export function createApp({ world, config, adminLog }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.locals['prettyXml'] = config.prettyXml;
  app.locals['config'] = config; // for the error handler, which also runs before the request context exists
  if (adminLog) app.locals['log'] = adminLog; // for answers node refused to send (web/answer-failed.ts)
  app.set('query parser', false); // parameters are read by Params, from the raw query as sent
  app.use(absoluteFormMiddleware);
  // Mounted on a router of its own, which starts after absoluteFormMiddleware has rewritten the URL: the app's router
  // took the URL's `http://host` part before that, and would glue it back on when it strips /__admin.
  // A team's admin call is checked by the API's verifier (admin/admin-request.ts says what it may then reach).
  const teamSigner = (req: Request, res: Response) => adminSignerOf(req, res, world, config);
  app.use(Router().use('/__admin', adminRoutes(world, config, adminLog, teamSigner)));
  app.use(journalMiddleware(world));
  // Form bodies are kept raw: OAuth signs them as sent, and Params decodes them with the query.
  app.use(express.text({ type: 'application/x-www-form-urlencoded', limit: config.maxBodyBytes, defaultCharset: 'utf-8' }));
  app.use(contextMiddleware(world, config));
  // Faults first (a drop or error ends the request), then overrides (an answer instead of the API's, spending
  // no allowance), then the rate limit: all before the routers. A replay meets none of them; a signed request
  // one of them answers has used its nonce (verify-oauth claimNonce), so its replay is a 401 and uses up nothing.
  app.use(faultsMiddleware, overridesMiddleware, rateLimitMiddleware);
  // From here on, the requests read in one turn of the event loop are answered as one batch.
  app.use(handleInBatches());
  // Each group's routes all live under its prefix (src/http/routes/under-prefix.ts). The narrower prefixes come
  // first: a router whose last layer ran and passed a request on hands it over in a later turn (express
  // defers its `done`), out of its batch; test/answers-in-batches.test.ts fails, naming the group, if so.
  app.use(underPrefix('/oauth', oauthRoutes(config)));
  app.use(underPrefix('/catalog', catalogRoutes()));
  app.use(underPrefix('/categories', categoryRoutes()));
  app.use(underPrefix('/users/:guid/queues', queueRoutes()));
  app.use(underPrefix('/users/:guid/lists', listRoutes()));
  app.use(underPrefix('/users', userRoutes()));
  app.use(schemaRoutes());
  app.use((req) => {
    throw errors.notFound(`nothing lives at ${req.path}; start from /catalog/title or /users`);
  });
  app.use(
    errorHandler((req, error, cause) => {
      noteRejection(req, error, cause);
      world.traffic.countRejection(error);
    }),
  );
  return app;
}
