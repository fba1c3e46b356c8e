import type { NextFunction, Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { ctxOf } from '../request-context.js';
import { verifyOAuth, type TokenRule } from './verify-oauth.js';

/**
 * Catalogue and categories (docs/reference/oauth.md#the-rules-in-short): signed with the consumer alone
 * (two-legged), or with an access token that must then be valid. Unsigned requests get 403 Not Authorized, as
 * behind the real gateway.
 */
export const authenticateConsumer = authenticate('optional-access');

/**
 * User resources: an access token is required. Whose resource it may touch is the `ownUser` guard's
 * business (another user's GUID -> 403).
 */
export const authenticateUser = authenticate('access');

/** Middleware that verifies the request and points the context at the consumer's sandbox and the token's user. */
function authenticate(rule: TokenRule) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const ctx = ctxOf(req);
    const { consumer, sandbox, token } = verifyOAuth(req, rule);
    ctx.sandbox = sandbox;
    if (!token) {
      ctx.auth = { consumer };
    } else {
      const user = token.userGuid === undefined ? undefined : sandbox.stores.users.byGuid(token.userGuid);
      // A scenario token whose user is gone cannot speak for anybody.
      if (!user) throw errors.invalidOrExpiredToken('the access token belongs to no user of this scenario');
      ctx.auth = { consumer, user, token: token.token };
    }
    next();
  };
}
