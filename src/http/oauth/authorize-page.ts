import { OUT_OF_BAND } from '../../domain/oauth/callback-url.js';
import type { decideRequestToken } from '../../world/tokens.js';

// The authorisation page a subscriber sees at login_url (docs/reference/oauth.md#the-dance-step-by-step): plain
// server-rendered HTML, every value escaped, no script. Element ids are stable: browser tests and QA scripts
// find fields by them.

/** Where login_url points (docs/reference/oauth.md#the-dance-step-by-step): the page's own address, where its forms go. */
export const LOGIN_PATH = '/oauth/login';

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
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
export function pageHtml(title: string, body: string): string {
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
export function activationCodePage(error?: string): string {
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

export interface SignInView {
  token: string;
  /** The per-page token Allow and Deny must send back (form-token.ts): no page on another origin has it. */
  formToken: string;
  consumerName: string;
  /** OAuth 1.0 clients name their callback on the page's address; carried through the form. */
  legacyCallback: string | undefined;
  /** Shown again: the user name typed, and what went wrong. */
  again?: { login: string; error: string } | undefined;
}

/** Sign in, then Allow Access or Deny. Deny needs no password: refusing is always allowed. */
export function signInPage(v: SignInView): string {
  const legacy = v.legacyCallback === undefined ? '' : `<input type="hidden" name="oauth_callback" value="${escapeHtml(v.legacyCallback)}">`;
  return pageHtml(
    'Allow access to your account?',
    `${errorBox(v.again?.error)}
<p><strong id="consumer-name">${escapeHtml(v.consumerName)}</strong> would like to use your rental account: read your
profile, ratings and rentals, and change your queues and lists.</p>
<form method="post" action="${LOGIN_PATH}">
<input type="hidden" name="oauth_token" value="${escapeHtml(v.token)}">
<input type="hidden" name="form_token" value="${escapeHtml(v.formToken)}">${legacy}
<label for="login">User name</label>
<input type="text" id="login" name="login" autocomplete="username" value="${escapeHtml(v.again?.login ?? '')}" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="buttons">
<button type="submit" class="primary" id="allow" name="decision" value="allow">Allow Access</button>
<button type="submit" id="deny" name="decision" value="deny" formnovalidate>Deny</button>
</div>
<p class="hint">Activation code <span id="activation-code">${escapeHtml(v.token)}</span></p>
</form>`,
  );
}

/**
 * The page after a decision that sends the browser nowhere (docs/reference/oauth.md#the-dance-step-by-step):
 * denied; for oob, the 6 digit code the subscriber types into the application; for an OAuth 1.0 client that
 * named no callback, nothing to show but "go back".
 */
export function outcomePage(o: Pick<ReturnType<typeof decideRequestToken>, 'decision' | 'consumerName' | 'token' | 'verifier'>): string {
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
