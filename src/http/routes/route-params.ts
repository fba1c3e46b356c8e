// What routes read of their request: its user (the path's, who must be the token's), the id in the path, the page
// asked for, and the address page links repeat.
import type { NextFunction, Request, Response } from 'express';
import { type ApiError, errors } from '../../domain/api-error.js';
import { pathId } from '../../domain/ids.js';
import { parsePageRequest, type PagingLimits } from '../../domain/paging.js';
import { parseTitleRefs } from '../../domain/title-ref.js';
import type { PageRequest, User } from '../../domain/types.js';
import { authenticateUser } from '../oauth/verify-oauth.js';
import { ctxOf, dataOf } from '../request-context.js';

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

/**
 * Guards `/users/:guid/...`: the path's user must exist (404) and be the access token's user (403,
 * docs/reference/subscriber-resources.md), then the cap on title references. Runs after authenticateUser.
 */
export function ownUser(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const guid = String(req.params['guid'] ?? '').toUpperCase();
  const user = ctx.sandbox.stores.users.byGuid(guid);
  if (!user) throw errors.notFound(`no user ${guid}; use the user link from GET /users`);
  if (ctx.auth?.user?.guid !== user.guid) throw errors.otherUsersResource();
  // The cap on the title references one request may carry (config maxTitleRefs), on every user route at once,
  // after OAuth (an unsigned request is 403 whatever it carries): a queue or list POST, or a title_refs filter,
  // with thousands of refs would hold the sandbox's writer and build an answer of thousands of links. Over the
  // cap -> 400 naming the cap, and nothing changes. Only /users paths: elsewhere title_refs means nothing, and
  // unknown parameters are ignored (docs/reference/wire-format.md#parameters).
  const max = ctx.config.maxTitleRefs;
  const sent = ctx.params.getAll('title_refs').reduce((n, value) => n + parseTitleRefs(value).length, 0);
  if (sent > max) {
    throw errors.invalidParameter('title_refs', `${sent} title references in one request; send at most ${max} and split the rest over several requests`);
  }
  next();
}

/** What runs before every handler of a `/users/:guid/...` resource. */
export const ownUserGuards = [authenticateUser, ownUser] as const;

/** The authenticated user of a request that passed ownUser. */
export function userOf(req: Request): User {
  const user = ctxOf(req).auth?.user;
  if (!user) throw new Error('userOf called on a route without authenticateUser');
  return user;
}

/** What a `/users/:guid/...` handler reads: the request's data (dataOf) and the user who passed ownUser. */
export function ownDataOf(req: Request) {
  return { ...dataOf(req), user: userOf(req) };
}
