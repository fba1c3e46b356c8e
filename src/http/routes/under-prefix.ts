import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs a resource group's router only for paths under `prefix`, matched without regard to case as express
 * matches routes. A `:name` segment of the prefix stands for any one non-empty segment, as in a route
 * (`/users/:guid/queues`). Every request used to be tested against every route of every group in turn; a
 * request that no route of the group can match now skips the group with one test (docs/decisions/0006).
 */
export function underPrefix(prefix: string, router: RequestHandler): RequestHandler {
  const under = prefixPattern(prefix);
  const run = (req: Request, res: Response, next: NextFunction) => (under.test(req.path) ? router(req, res, next) : next());
  // The router stays reachable, so tools that walk the app's routes (test/contract-openapi.test.ts) see its routes.
  return Object.assign(run, { router });
}

/** The paths at or under `prefix`: literal segments (any case) and `:name` segments (one segment each). */
export function prefixPattern(prefix: string): RegExp {
  const segments = prefix.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}(?:/|$)`, 'i');
}
