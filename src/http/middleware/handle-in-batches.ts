import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Lets the requests that arrived together be handled together (docs/decisions/0008). Node reads
 * every ready connection in one turn of its event loop; this middleware holds each request there and, once
 * that turn has read them all (setImmediate), runs their handlers one after another in one callback, so
 * that what node does after each write (its callbacks and `finish` and `close` events, the journal's
 * entries) also runs once for the whole batch. Parsing, handling and the work after the writes each run as
 * a batch instead of taking turns per request, and each keeps the processor's caches warm for the next
 * request: measured under load, a signed queue write and a cached search both cost less CPU
 * (docs/decisions/0008-request-cost.md has the A/B runs).
 *
 * A request that arrives alone waits only for the end of the turn. Handlers run in arrival
 * order, and node answers pipelined requests on one connection in order whatever runs first.
 *
 * A router whose last layer ran and passed the request on hands it over a turn later (express's router
 * defers its `done`), out of its batch: so routers are mounted narrowest prefix first (app.ts), and
 * test/answers-in-batches.test.ts fails, naming the route group, when one is not.
 */
export function handleInBatches(): RequestHandler {
  let waiting: { res: Response; next: NextFunction }[] = [];

  // express catches what handlers throw and answers it; what is caught here is a fault in the router itself.
  // That request gets the error answer, or loses its connection when even that fails, and the rest of the
  // batch is handled either way.
  const runBatch = (): void => {
    const batch = waiting;
    waiting = [];
    for (const { res, next } of batch) {
      try {
        next();
      } catch (error) {
        try {
          next(error);
        } catch {
          res.socket?.destroy();
        }
      }
    }
  };

  return (_req: Request, res: Response, next: NextFunction): void => {
    if (waiting.push({ res, next }) === 1) setImmediate(runBatch);
  };
}
