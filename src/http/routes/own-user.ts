import type { NextFunction, Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import type { User } from '../../domain/types.js';
import { ctxOf } from '../request-context.js';
import { checkTitleRefsLimit } from './title-refs-limit.js';

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
  checkTitleRefsLimit(req);
  next();
}

/** The authenticated user of a request that passed ownUser. */
export function userOf(req: Request): User {
  const user = ctxOf(req).auth?.user;
  if (!user) throw new Error('userOf called on a route without authenticateUser');
  return user;
}
