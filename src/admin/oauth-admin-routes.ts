import type { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { subscriber } from '../world/consumer-sandbox.js';
import { authorisableToken, decideRequestToken, type Decision } from '../world/tokens.js';
import type { World } from '../world/world.js';
import { teamOf } from './admin-request.js';

/**
 * OAuth controls for scripts that cannot drive a browser. `POST /__admin/oauth/authorize` with
 * `oauth_token`, `user` (login or GUID) and `decision` (`allow`, the default, or `deny`), as JSON or a form:
 * the same decision the authorisation page records, answered as JSON with the verifier and, when the
 * client gave a URL callback, the address the browser would have been sent to.
 */
export function oauthAdminRoutes(router: Router, world: World): void {
  router.post('/oauth/authorize', (req, res) => {
    const body = fieldsOf(req.body);
    const code = body['oauth_token'];
    if (!code) throw errors.missingParameter('oauth_token', 'send the request token from /oauth/request_token');
    const decision = decisionOf(body['decision']);
    const located = authorisableToken(world, code);
    // A team decides its own consumer's request tokens only; another's reads as unknown.
    const team = teamOf(req);
    if (team !== undefined && located.token.consumerKey !== team) {
      throw errors.notFound(`the activation code ${JSON.stringify(code)} is not a request token of ${team}`);
    }
    const userRef = body['user'];
    const user = userRef ? subscriber(located.sandbox, userRef) : undefined;
    if (decision === 'allow' && !user) throw errors.missingParameter('user', 'name the subscriber who allows access, by login or GUID');
    const outcome = decideRequestToken(world, located, user, decision);
    res.json({
      oauth_token: outcome.token.token,
      decision: outcome.decision,
      ...(user ? { user: { guid: user.guid, login: user.login } } : {}),
      ...(outcome.verifier !== undefined ? { verifier: outcome.verifier } : {}),
      ...(outcome.redirect !== undefined ? { redirect: outcome.redirect } : {}),
    });
  });
}

/** String fields of a JSON or form body; anything else is ignored. */
function fieldsOf(body: unknown): Record<string, string> {
  // A form arrives as text (the admin router keeps form bodies raw, for a team's signature).
  const pairs = typeof body === 'string' ? [...new URLSearchParams(body)] : Object.entries(body && typeof body === 'object' ? body : {});
  return Object.fromEntries(pairs.flatMap(([k, v]) => (typeof v === 'string' ? [[k, v.trim()]] : [])));
}

function decisionOf(sent: string | undefined): Decision {
  if (sent === undefined || sent === '' || sent === 'allow') return 'allow';
  if (sent === 'deny') return 'deny';
  throw errors.invalidParameter('decision', `${JSON.stringify(sent)} is not allow or deny`);
}
