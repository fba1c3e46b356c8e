import type { NextFunction, Request, Response } from 'express';
import { errors } from '../domain/api-error.js';
import { ctxOf } from './request-context.js';

// PLACEHOLDER until the OAuth verifier lands (issue 3): trusts oauth_consumer_key and oauth_token without
// checking signatures, so the resource routes can be built and tested with signed requests meanwhile.

/** Catalogue and categories: two-legged (consumer alone) or with an access token. Unsigned is allowed for now. */
export function authenticateConsumer(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const key = ctx.params.get('oauth_consumer_key') ?? headerParam(req, 'oauth_consumer_key');
  const consumer = key ? ctx.world.scenario.consumers.get(key) : undefined;
  if (consumer) {
    ctx.sandbox = ctx.world.sandbox(consumer.key);
    ctx.auth = { consumer };
  }
  next();
}

/** User resources: an access token of the user in the path. */
export function authenticateUser(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const key = ctx.params.get('oauth_consumer_key') ?? headerParam(req, 'oauth_consumer_key');
  const consumer = key ? ctx.world.scenario.consumers.get(key) : undefined;
  if (!consumer) throw errors.notAuthorized();
  ctx.sandbox = ctx.world.sandbox(consumer.key);
  const token = ctx.params.get('oauth_token') ?? headerParam(req, 'oauth_token');
  if (!token) throw errors.missingAccessToken();
  const row = ctx.sandbox.db.prepare<[string], { user_guid: string }>("SELECT user_guid FROM tokens WHERE token = ? AND type = 'access'").get(token);
  const user = row ? ctx.sandbox.stores.users.byGuid(row.user_guid) : undefined;
  if (!user) throw errors.invalidOrExpiredToken('the access token is not known');
  ctx.auth = { consumer, user, token };
  next();
}

function headerParam(req: Request, name: string): string | undefined {
  const m = new RegExp(`${name}="([^"]*)"`).exec(req.headers.authorization ?? '');
  return m ? decodeURIComponent(m[1]!) : undefined;
}
