import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs a resource group's router only for paths under `prefix`, matched without regard to case as express
 * matches routes. Every request used to be tested against every route of every group in turn; a request
 * that no route of the group can match now skips the group with one test (docs/decisions/0006).
 */
export function underPrefix(prefix: string, router: RequestHandler): RequestHandler {
  const under = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:/|$)`, 'i');
  const run = (req: Request, res: Response, next: NextFunction) => (under.test(req.path) ? router(req, res, next) : next());
  // The router stays reachable, so tools that walk the app's routes (test/contract-openapi.test.ts) see its routes.
  return Object.assign(run, { router });
}
