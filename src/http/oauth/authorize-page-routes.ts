import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../../config.js';
import { parseCallback, OUT_OF_BAND } from '../../domain/oauth/callback-url.js';
import { secretsMatch } from '../../domain/secrets-match.js';
import type { TokenRecord } from '../../domain/oauth/token-state.js';
import { allowedHostOnly } from '../../web/host-guard.js';
import { authorisableToken, consumerNameOf, decideRequestToken } from '../../world/tokens.js';
import { activationCodePage, LOGIN_PATH, outcomePage, signInPage } from './authorize-page.js';
import { toApiError } from '../error-handler.js';
import { formTokens, type FormTokens } from './form-token.js';
import { baseUrlOf, ctxOf } from '../request-context.js';
import { resource } from '../resource.js';

/**
 * The authorisation page: activation code, sign-in, Allow Access / Deny
 * (docs/reference/oauth.md#the-dance-step-by-step). Nothing signs it, so it answers only to the simulator's
 * own host names (DNS rebinding), and Allow and Deny need the token of a page it showed (cross-site forms):
 * docs/reference/admin-api.md#security.
 */
export function authorizePageRoutes(config: Config, tokens: FormTokens = formTokens()): Router {
  const router = Router();
  resource(router, LOGIN_PATH, [allowedHostOnly(config)], { GET: (req, res) => showPage(tokens, req, res), POST: (req, res) => decide(tokens, req, res) });
  // The older fixed authorisation address (docs/reference/oauth.md#the-dance-step-by-step) redirects here, query kept.
  router.all('/oauth/authorize', (req, res) => {
    const ctx = ctxOf(req);
    res.redirect(301, baseUrlOf(req, ctx.config) + LOGIN_PATH + (ctx.rawQuery ? `?${ctx.rawQuery}` : ''));
  });
  router.use(pageErrors);
  return router;
}

/**
 * With ?oauth_token: the sign-in form; without: ask for the activation code first
 * (docs/reference/oauth.md#the-dance-step-by-step).
 */
function showPage(tokens: FormTokens, req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const code = ctx.params.get('oauth_token')?.trim();
  if (code) sendSignIn(tokens, req, res, authorisableToken(ctx.world, code).token);
  else sendHtml(res, activationCodePage());
}

/** The form's answer: sign in and allow, or deny; then redirect to the callback or show the outcome. */
function decide(tokens: FormTokens, req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const located = authorisableToken(ctx.world, ctx.params.get('oauth_token') ?? '');
  const decision = ctx.params.get('decision') === 'deny' ? 'deny' : 'allow';
  const login = ctx.params.get('login')?.trim() ?? '';
  if (!tokens.check(located.token.token, ctx.params.get('form_token'))) {
    // A form this simulator did not show for this code (another site's, or a page from before a restart):
    // nothing is decided; the subscriber gets a fresh page to decide on.
    const error = 'This form did not come from this page, so nothing was decided. Check the application named here, then choose again.';
    sendSignIn(tokens, req, res, located.token, { status: 403, login, error });
    return;
  }
  // A subscriber of the scenario, in the sandbox of the consumer that asked; the password compared in constant time.
  const found = login ? located.sandbox.stores.users.byLogin(login) : undefined;
  const user = found && secretsMatch(found.password, ctx.params.get('password') ?? '') ? found : undefined;
  if (decision === 'allow' && !user) {
    const error = login ? 'That user name and password do not match a subscriber. Try again.' : 'Sign in to allow access.';
    sendSignIn(tokens, req, res, located.token, { status: 401, login, error });
    return;
  }
  const outcome = decideRequestToken(ctx.world, located, user, decision, legacyCallbackOf(req, located.token));
  if (outcome.redirect !== undefined) res.redirect(302, outcome.redirect);
  else sendHtml(res, outcomePage(outcome));
}

/** The sign-in page for a request token, with a fresh form token; again with what went wrong, if anything. */
function sendSignIn(tokens: FormTokens, req: Request, res: Response, token: TokenRecord, again?: { status: number; login: string; error: string }): void {
  const consumerName = consumerNameOf(ctxOf(req).world, token);
  const page = signInPage({ token: token.token, formToken: tokens.issue(token.token), consumerName, legacyCallback: legacyCallbackOf(req, token), again });
  sendHtml(res, page, again?.status);
}

/**
 * OAuth 1.0 put the callback on the authorisation address, for a token issued without one; `oob` and junk
 * mean "no redirect".
 */
function legacyCallbackOf(req: Request, token: TokenRecord): string | undefined {
  const sent = ctxOf(req).params.get('oauth_callback');
  const callback = token.callback !== undefined || sent === undefined ? undefined : parseCallback(sent);
  return callback === OUT_OF_BAND ? undefined : callback;
}

/** People get a page, not XML: the activation code form again, with what went wrong. */
function pageErrors(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const e = toApiError(err);
  for (const [k, v] of Object.entries(e.headers)) res.set(k, v);
  sendHtml(res, activationCodePage(e.details), e.status);
}

function sendHtml(res: Response, html: string, status = 200): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // No script, no frames; form-action is left open because Allow redirects to the client's callback.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    })
    .send(html);
}
