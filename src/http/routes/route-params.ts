// What routes read of their request: the id in the path, the page asked for, and the address page links repeat.
import type { Request } from 'express';
import type { ApiError } from '../../domain/api-error.js';
import { pathId } from '../../domain/ids.js';
import { parsePageRequest, type PagingLimits } from '../../domain/paging.js';
import type { PageRequest } from '../../domain/types.js';
import { ctxOf } from '../request-context.js';

/**
 * The validated page this request asks for (start_index, items_per_page;
 * docs/reference/wire-format.md#paged-lists).
 */
export function pageRequestOf(req: Request, limits: PagingLimits): PageRequest {
  const { params } = ctxOf(req);
  return parsePageRequest(params.get('start_index'), params.get('items_per_page'), limits);
}

/**
 * Page and refinement links repeat the search as sent: its path and every parameter
 * (docs/reference/wire-format.md#paged-lists).
 */
export function searchAddress(req: Request) {
  const ctx = ctxOf(req);
  return { path: ctx.path, params: ctx.params.pairs };
}

/** Where a user's paged list lives, for its page links: the canonical path and the parameters sent. */
export function userListAddress(req: Request, guid: string, rest: string) {
  return { path: `/users/${guid}/${rest}`, params: ctxOf(req).params.pairs };
}

/**
 * What the id in path parameter `param` names (`find`), else the 404 `notFound` makes of the segment as
 * sent: a segment that is no id (`pathId`) names nothing, so every route answers it as an unknown id.
 */
export function byPathId<T>(req: Request, param: string, find: (id: number) => T | undefined, notFound: (raw: string) => ApiError): T {
  const raw = String(req.params[param] ?? '');
  const id = pathId(raw);
  const found = id === undefined ? undefined : find(id);
  if (found === undefined) throw notFound(raw);
  return found;
}
