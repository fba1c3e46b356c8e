import type { Request } from 'express';
import { ctxOf } from '../request-context.js';

/**
 * Page and refinement links repeat the search as sent: its path and every parameter
 * (docs/reference/wire-format.md#paged-lists).
 */
export function searchAddress(req: Request) {
  const ctx = ctxOf(req);
  return { path: ctx.path, params: ctx.params.pairs };
}
