import type { Request, Response } from 'express';
import type { OperationSpec } from '../../domain/coverage.js';
import type { World } from '../../world/world.js';
import { contextIfAny } from '../request-context.js';

// On the request itself, as the journal keeps its pending entry (journal-middleware.ts says why): null when
// no documented operation matched.
const OPERATION = Symbol('rentalsim.operation');
type WithOperation = Request & { [OPERATION]?: OperationSpec | null };

/**
 * The documented operation a request is (src/domain/coverage.ts), matched once per request: the counts of
 * /__admin/metrics and the consumer's coverage record both need it when the connection closes.
 */
export function operationOf(world: World, req: Request, path: string): OperationSpec | undefined {
  const r = req as WithOperation;
  let op = r[OPERATION];
  if (op === undefined) r[OPERATION] = op = world.coverageSpec.match(req.method, path) ?? null;
  return op ?? undefined;
}

/**
 * Counts an API request whose connection is done with, by its route template, method and status, in the
 * world's traffic counts (read by /__admin/metrics). Called from the journal's close listener, so it adds no
 * listener of its own.
 */
export function countRequest(world: World, req: Request, res: Response): void {
  const op = operationOf(world, req, contextIfAny(req)?.path ?? req.path);
  world.traffic.countRequest(op?.path, req.method, res.writableFinished ? res.statusCode : 0);
}
