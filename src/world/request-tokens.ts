import { randomBytes } from 'node:crypto';
import { newAccessToken, newRequestToken, newTokenSecret } from '../domain/oauth/token-codes.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';
import type { Sandbox } from './sandbox.js';
import type { World } from './world.js';

// Issuing and finding tokens across sandboxes. The authorisation page receives only the request token
// (no consumer key is in the browser's request), so request tokens are unique across every sandbox and
// found by asking each sandbox: there are a handful, and a reset forgets the tokens with the sandbox.

export interface LocatedToken {
  sandbox: Sandbox;
  token: TokenRecord;
}

/** The request token with this code, in whichever sandbox issued it. */
export function locateRequestToken(world: World, code: string): LocatedToken | undefined {
  // heldSandboxes() does not count as using them: looking a code up must not keep idle sandboxes alive.
  for (const sandbox of world.heldSandboxes()) {
    const token = sandbox.stores.tokens.byToken(code);
    if (token?.type === 'request') return { sandbox, token };
  }
  return undefined;
}

/** A new unauthorised request token, valid for the scenario's lifetime on the simulator clock. */
export function issueRequestToken(world: World, sandbox: Sandbox, consumerKey: string, callback: string | undefined): TokenRecord {
  const now = world.clockOf(sandbox).now();
  let code = newRequestToken(randomBytes);
  // 24^5 codes: a clash is rare, but a typed code must name exactly one token.
  while (world.heldSandboxes().some((box) => box.stores.tokens.has(code))) code = newRequestToken(randomBytes);
  const expiresAt = now + world.scenario.definition.settings.request_token_ttl_seconds * 1000;
  return issue(sandbox, now, { token: code, type: 'request', consumerKey, state: 'unauthorised', expiresAt, ...(callback !== undefined ? { callback } : {}) });
}

/** A new access token for a user and consumer; it lives until revoked. */
export function issueAccessToken(world: World, sandbox: Sandbox, consumerKey: string, userGuid: string): TokenRecord {
  return issue(sandbox, world.clockOf(sandbox).now(), { token: newAccessToken(randomBytes), type: 'access', consumerKey, userGuid, state: 'active' });
}

/** Keeps a new token made `now`, with a new secret, in the sandbox. */
function issue(sandbox: Sandbox, now: number, fields: Omit<TokenRecord, 'secret' | 'failedVerifications' | 'createdAt'>): TokenRecord {
  const token: TokenRecord = { ...fields, secret: newTokenSecret(randomBytes), failedVerifications: 0, createdAt: now };
  sandbox.stores.tokens.insert(token);
  return token;
}
