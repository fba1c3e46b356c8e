import { Router, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../../config.js';
import { OUT_OF_BAND, parseCallback } from '../../domain/oauth/callback-url.js';
import type { TokenRecord } from '../../domain/oauth/token-state.js';
import { secretsMatch } from '../../domain/secrets-match.js';
import { allowedHostOnly } from '../../web/host-guard.js';
import { authorisableToken, consumerNameOf, decideRequestToken } from '../../world/tokens.js';
import { toApiError } from '../error-handler.js';
import { baseUrlOf, ctxOf } from '../request-context.js';
import { resource } from '../resource.js';
import { formTokens, type FormTokens } from './form-token.js';

// The authorisation page a subscriber sees at login_url (docs/reference/oauth.md#the-dance-step-by-step): plain
// server-rendered HTML, every value escaped, no script. Element ids are stable: browser tests and QA scripts
// find fields by them. The token endpoints that point here are in oauth-routes.ts, which mounts its router.

/** Where login_url points (docs/reference/oauth.md#the-dance-step-by-step): the page's own address, where its forms go. */
export const LOGIN_PATH = '/oauth/login';

/**
 * The authorisation page: activation code, sign-in, Allow Access / Deny
 * (docs/reference/oauth.md#the-dance-step-by-step). Nothing signs it, so it answers only to the simulator's
 * own host names (DNS rebinding), and Allow and Deny need the token of a page it showed (cross-site forms):
 * docs/reference/admin-api.md#security.
 */
export function authorizePageRoutes(config: Config): Router {
  const tokens = formTokens();
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
    return sendSignIn(tokens, req, res, located.token, { status: 403, login, error });
  }
  // A subscriber of the scenario, in the sandbox of the consumer that asked; the password compared in constant time.
  const found = login ? located.sandbox.stores.users.byLogin(login) : undefined;
  const user = found && secretsMatch(found.password, ctx.params.get('password') ?? '') ? found : undefined;
  if (decision === 'allow' && !user) {
    const error = login ? 'That user name and password do not match a subscriber. Try again.' : 'Sign in to allow access.';
    return sendSignIn(tokens, req, res, located.token, { status: 401, login, error });
  }
  const outcome = decideRequestToken(ctx.world, located, user, decision, legacyCallbackOf(req, located.token));
  if (outcome.redirect !== undefined) res.redirect(302, outcome.redirect);
  else sendHtml(res, outcomePage(outcome));
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
  res.status(status).set(HTML_HEADERS).send(html);
}

const HTML_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // No script, no frames; form-action is left open because Allow redirects to the client's callback.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const CSS = `
body{font:16px/1.5 system-ui,sans-serif;background:#f4f1ea;color:#222;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 1rem}
label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #aaa;border-radius:4px}
.buttons{display:flex;gap:.8rem;margin-top:1.2rem}
button{padding:.55rem 1.2rem;font-size:1rem;border-radius:4px;border:1px solid #555;cursor:pointer;background:#eee}
button.primary{background:#a0132c;border-color:#a0132c;color:#fff}
.error{background:#fde8e8;border:1px solid #e0a0a0;padding:.5rem .8rem;border-radius:4px}
.code{font:700 2.2rem/1.2 ui-monospace,monospace;letter-spacing:.3rem;text-align:center;margin:1rem 0}
.hint{color:#666;font-size:.9rem}
`;

/** The whole document around one panel. */
function pageHtml(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · rentalsim</title><style>${CSS}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
<p class="hint">rentalsim: a simulator. Sign in with a user of the loaded scenario (see the README).</p>
</main></body></html>`;
}

function errorBox(message: string | undefined): string {
  return message ? `<p class="error" id="error" role="alert">${escapeHtml(message)}</p>` : '';
}

/**
 * Without a request token in the address (docs/reference/oauth.md#the-dance-step-by-step), the subscriber types
 * the Activation Code first.
 */
function activationCodePage(error?: string): string {
  return pageHtml(
    'Enter your activation code',
    `${errorBox(error)}
<p>The application showed you an activation code. Type it here to connect it to your account.</p>
<form method="get" action="${LOGIN_PATH}">
<label for="activation-code">Activation code</label>
<input type="text" id="activation-code" name="oauth_token" autocomplete="off" autocapitalize="characters" required>
<div class="buttons"><button type="submit" class="primary" id="continue">Continue</button></div>
</form>`,
  );
}

/**
 * Sends the sign-in page for a request token: sign in, then Allow Access or Deny (Deny needs no password: refusing
 * is always allowed). It carries a fresh form token that Allow and Deny must send back (form-token.ts: no page on
 * another origin has it), and the callback an OAuth 1.0 client named on the page's address. Shown again with the
 * user name typed and what went wrong, if anything.
 */
function sendSignIn(tokens: FormTokens, req: Request, res: Response, token: TokenRecord, again?: { status: number; login: string; error: string }): void {
  const consumerName = consumerNameOf(ctxOf(req).world, token);
  const formToken = tokens.issue(token.token);
  const callback = legacyCallbackOf(req, token);
  const legacy = callback === undefined ? '' : `<input type="hidden" name="oauth_callback" value="${escapeHtml(callback)}">`;
  const page = pageHtml(
    'Allow access to your account?',
    `${errorBox(again?.error)}
<p><strong id="consumer-name">${escapeHtml(consumerName)}</strong> would like to use your rental account: read your
profile, ratings and rentals, and change your queues and lists.</p>
<form method="post" action="${LOGIN_PATH}">
<input type="hidden" name="oauth_token" value="${escapeHtml(token.token)}">
<input type="hidden" name="form_token" value="${escapeHtml(formToken)}">${legacy}
<label for="login">User name</label>
<input type="text" id="login" name="login" autocomplete="username" value="${escapeHtml(again?.login ?? '')}" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="buttons">
<button type="submit" class="primary" id="allow" name="decision" value="allow">Allow Access</button>
<button type="submit" id="deny" name="decision" value="deny" formnovalidate>Deny</button>
</div>
<p class="hint">Activation code <span id="activation-code">${escapeHtml(token.token)}</span></p>
</form>`,
  );
  sendHtml(res, page, again?.status);
}

/**
 * The page after a decision that sends the browser nowhere (docs/reference/oauth.md#the-dance-step-by-step):
 * denied; for oob, the 6 digit code the subscriber types into the application; for an OAuth 1.0 client that
 * named no callback, nothing to show but "go back".
 */
function outcomePage(o: Pick<ReturnType<typeof decideRequestToken>, 'decision' | 'consumerName' | 'token' | 'verifier'>): string {
  const name = escapeHtml(o.consumerName);
  if (o.decision === 'deny') {
    return pageHtml(
      'Access denied',
      `<p id="denied"><strong>${name}</strong> will not get access to your account.
The activation code <strong>${escapeHtml(o.token.token)}</strong> can no longer be used.</p>`,
    );
  }
  if (o.token.callback === OUT_OF_BAND) {
    return pageHtml(
      'Access allowed',
      `<p>Enter this code in <strong>${name}</strong> to finish:</p>
<p class="code" id="verifier">${escapeHtml(o.verifier!)}</p>
<p class="hint">The code works once, and only with the activation code it was shown for.</p>`,
    );
  }
  return pageHtml('Access allowed', `<p id="allowed">You allowed <strong>${name}</strong> to use your account. Return to the application to continue.</p>`);
}
