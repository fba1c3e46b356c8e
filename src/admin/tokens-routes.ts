import { Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';
import { isoDateTime } from '../domain/sim-clock.js';
import { issueAccessToken } from '../http/request-tokens.js';
import type { World } from '../world/world.js';
import { adminQuery } from './admin-query.js';
import { consumerSandbox, subscriber } from './admin-lookups.js';
import { parseBody } from './parse-body.js';

const mintBody = z.strictObject({ consumer: z.string().min(1), user: z.string().min(1) });

/**
 * Access tokens without the browser dance (design: admin):
 * - POST /__admin/tokens {consumer, user}: a new access token for a subscriber (login or GUID), issued to
 *   that consumer in its sandbox, exactly as /oauth/access_token would issue it;
 * - GET /__admin/tokens?consumer=KEY&user=LOGIN: the subscriber's access tokens in that sandbox;
 * - DELETE /__admin/tokens/:token?consumer=KEY: revokes it (its next use is 401 Invalid Or Expired Token).
 *   Without consumer, it is revoked in every sandbox held now that knows it.
 */
export function tokensRoutes(world: World): Router {
  const router = Router();

  router.post('/tokens', (req, res) => {
    const body = parseBody(mintBody, req.body, 'POST /__admin/tokens');
    res.status(201).json(mintToken(world, body.consumer, body.user));
  });

  router.get('/tokens', (req, res) => {
    const q = adminQuery(req);
    const { sandbox } = consumerSandbox(world, q.get('consumer') ?? undefined);
    const user = subscriber(sandbox, q.get('user') ?? undefined);
    res.json({ tokens: sandbox.stores.tokens.accessTokensOf(user.guid).map(tokenJson) });
  });

  router.delete('/tokens/:token', (req, res) => {
    res.json(revokeToken(world, String(req.params['token']), adminQuery(req).get('consumer') ?? undefined));
  });

  return router;
}

/** A new access token for a subscriber (login or GUID), issued to a consumer in its sandbox. */
export function mintToken(world: World, consumerKey: string, userRef: string) {
  const { consumer, sandbox } = consumerSandbox(world, consumerKey);
  const user = subscriber(sandbox, userRef);
  const token = issueAccessToken(world, sandbox, consumer.key, user.guid);
  return { ...tokenJson(token), user: { guid: user.guid, login: user.login } };
}

/** Revokes a token in one consumer's sandbox, or in every held sandbox that knows it. */
export function revokeToken(world: World, code: string, key: string | undefined): { revoked: string; sandboxes: string[] } {
  const sandboxes = key === undefined ? world.heldSandboxes() : [consumerSandbox(world, key).sandbox];
  const revokedIn: string[] = [];
  for (const sandbox of sandboxes) {
    const token = sandbox.stores.tokens.byToken(code);
    if (!token) continue;
    sandbox.stores.tokens.update({ ...token, state: 'revoked' });
    revokedIn.push(sandbox.key);
  }
  if (revokedIn.length === 0) {
    throw errors.notFound(`no token ${JSON.stringify(code)} in ${key === undefined ? 'any sandbox held now' : `the sandbox of ${key}`}; GET /__admin/tokens?consumer=KEY&user=LOGIN lists a subscriber's tokens`);
  }
  return { revoked: code, sandboxes: revokedIn };
}

function tokenJson(t: TokenRecord) {
  return {
    token: t.token,
    secret: t.secret,
    type: t.type,
    consumer: t.consumerKey ?? null,
    state: t.state,
    created: isoDateTime(t.createdAt),
  };
}
