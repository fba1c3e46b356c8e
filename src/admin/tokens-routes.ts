import type { Router } from 'express';
import { z } from 'zod';
import { mintToken, revokeToken, tokenJson } from '../world/access-tokens.js';
import { checkedConsumer, subscriber } from '../world/consumer-sandbox.js';
import type { World } from '../world/world.js';
import { consumerFor } from './admin-caller.js';
import { adminQuery, parseBody } from './admin-request.js';

const mintBody = z.strictObject({ consumer: z.string().min(1).optional(), user: z.string().min(1) });

/**
 * Access tokens without the browser dance (design: admin):
 * - POST /__admin/tokens {consumer, user}: a new access token for a subscriber (login or GUID), issued to
 *   that consumer in its sandbox, exactly as /oauth/access_token would issue it;
 * - GET /__admin/tokens?consumer=KEY&user=LOGIN: the subscriber's access tokens in that sandbox;
 * - DELETE /__admin/tokens/:token?consumer=KEY: revokes it (its next use is 401 Invalid Or Expired Token).
 *   Without consumer, it is revoked in every sandbox held now that knows it.
 */
export function tokensRoutes(router: Router, world: World): void {
  router.post('/tokens', (req, res) => {
    const body = parseBody(mintBody, req.body, 'POST /__admin/tokens');
    res.status(201).json(mintToken(world, consumerFor(req, body.consumer), body.user));
  });

  router.get('/tokens', (req, res) => {
    const q = adminQuery(req);
    // Read without opening a sandbox: an admin GET changes nothing.
    const { sandbox, release } = world.readSandbox(checkedConsumer(world, consumerFor(req, q.get('consumer'))).key);
    try {
      const user = subscriber(sandbox, q.get('user') ?? undefined);
      res.json({ tokens: sandbox.stores.tokens.accessTokensOf(user.guid).map(tokenJson) });
    } finally {
      release();
    }
  });

  router.delete('/tokens/:token', (req, res) => {
    res.json(revokeToken(world, String(req.params['token']), consumerFor(req, adminQuery(req).get('consumer'))));
  });
}
