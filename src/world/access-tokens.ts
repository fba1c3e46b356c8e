import { errors } from '../domain/api-error.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';
import { isoDateTime } from '../domain/sim-clock.js';
import { consumerSandbox, subscriber } from './consumer-sandbox.js';
import { issueAccessToken } from './request-tokens.js';
import type { World } from './world.js';

// Access tokens without the browser dance, for the admin API (POST and DELETE /__admin/tokens) and the
// library's sim.tokens: one implementation, so both mint and revoke by the same rules.

/** A new access token for a subscriber (login or GUID), issued to a consumer in its sandbox. */
export function mintToken(world: World, consumerKey: string | undefined, userRef: string) {
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
    throw errors.notFound(
      `no token ${JSON.stringify(code)} in ${key === undefined ? 'any sandbox held now' : `the sandbox of ${key}`}; GET /__admin/tokens?consumer=KEY&user=LOGIN lists a subscriber's tokens`,
    );
  }
  return { revoked: code, sandboxes: revokedIn };
}

/** A token as the admin API and the library show it (simulator time). */
export function tokenJson(t: TokenRecord) {
  return {
    token: t.token,
    secret: t.secret,
    type: t.type,
    consumer: t.consumerKey ?? null,
    state: t.state,
    created: isoDateTime(t.createdAt),
  };
}
