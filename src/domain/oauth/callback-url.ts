import { encodePairs } from '../percent-encode.js';

/**
 * The literal a client sends as oauth_callback when it has no browser to redirect
 * (docs/reference/oauth.md#the-dance-step-by-step).
 */
export const OUT_OF_BAND = 'oob';

/**
 * Normalises an oauth_callback: `oob` in any case, or an absolute http or https URL with a host, kept as
 * sent. Nothing else: the subscriber's browser is redirected there, and `javascript:`, `vbscript:`, `data:`
 * or `file:` in a Location header would run script or read files in it (issue 14). Undefined when it is
 * neither.
 */
export function parseCallback(sent: string): string | undefined {
  const value = sent.trim();
  if (value.toLowerCase() === OUT_OF_BAND) return OUT_OF_BAND;
  return HTTP_URL.test(value) && URL.canParse(value) ? value : undefined;
}

/** http:// or https://, a host (not empty), then anything but spaces and control characters. */
// eslint-disable-next-line no-control-regex
const HTTP_URL = /^https?:\/\/[^\s\u0000-\u001f\u007f/?#]+[^\s\u0000-\u001f\u007f]*$/i;

/**
 * The callback with parameters appended, its own query parameters kept
 * (docs/reference/oauth.md#the-dance-step-by-step). Built as a string rather than through URL so the client's
 * query comes back byte for byte; a fragment stays at the end, where it belongs.
 */
export function appendToCallback(callback: string, params: ReadonlyArray<readonly [string, string]>): string {
  const hash = callback.indexOf('#');
  const base = hash === -1 ? callback : callback.slice(0, hash);
  const fragment = hash === -1 ? '' : callback.slice(hash);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${encodePairs(params)}${fragment}`;
}
