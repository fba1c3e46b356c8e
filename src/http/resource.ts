import type { Request, RequestHandler, Response, Router } from 'express';
import { errors } from '../domain/api-error.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Declares one resource and the methods it answers. Any other method gets 405 with an `Allow` header;
 * HEAD follows GET (express does that by itself). `before` runs first for every listed method (auth).
 */
export function resource(
  router: Router,
  path: string,
  before: readonly RequestHandler[],
  methods: Partial<Record<Method, (req: Request, res: Response) => void | Promise<void>>>,
): void {
  const allow = Object.keys(methods) as Method[];
  const route = router.route(path);
  // express 5 forwards both thrown errors and rejected promises to the error handler.
  for (const m of allow) route[m.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](...before, methods[m] as RequestHandler);
  route.all((req: Request) => {
    throw errors.methodNotAllowed(req.method, allow.includes('GET') ? [...allow, 'HEAD'] : allow);
  });
}
