import type { JournalRecord } from './journal-entry.js';
import { percentDecode } from './oauth/percent-decode.js';

// What the journal never keeps (docs/reference/admin-api.md#journal, #security): a subscriber's password from the login page,
// and a PLAINTEXT signature, which is the consumer secret and the token secret themselves (RFC 5849 3.4.4).
// An HMAC-SHA1 signature reveals no secret and is what a signature problem is debugged with, so it stays.

/** What a secret value reads as in the journal. */
export const REDACTED = '[redacted]';

/** The parts of a request the journal keeps that may carry a secret: its URL, and what the journal is given of it. */
export type JournalledRequest = NonNullable<JournalRecord['request']> & { url: string };

const PLAINTEXT_IN_HEADER = /oauth_signature_method\s*=\s*"?PLAINTEXT"?(?=[\s,]|$)/i;
/** The header's oauth_signature value (quoted or not), not oauth_signature_method's. */
const SIGNATURE_IN_HEADER = /(oauth_signature\s*=\s*)("[^"]*"|[^\s,]*)/gi;

/**
 * The request with the values of its secret parameters replaced by REDACTED: `password` always, and
 * `oauth_signature` (in the query, the form body or the Authorization header) when the request is signed
 * with PLAINTEXT. The same object when there is nothing to hide, which is nearly always.
 */
export function withoutSecrets(request: JournalledRequest): JournalledRequest {
  const authorization = authorizationOf(request.rawHeaders);
  const plaintext =
    (authorization !== undefined && PLAINTEXT_IN_HEADER.test(authorization)) ||
    request.params.some(([name, value]) => name === 'oauth_signature_method' && value.toUpperCase() === 'PLAINTEXT');
  const secret = (name: string) => name === 'password' || (plaintext && name === 'oauth_signature');
  if (!plaintext && !request.params.some(([name]) => secret(name))) return request;
  const q = request.url.indexOf('?');
  return {
    url: q === -1 ? request.url : request.url.slice(0, q + 1) + redactEncoded(request.url.slice(q + 1), secret),
    rawHeaders: plaintext
      ? request.rawHeaders.map((v, i) => (i % 2 === 1 && isAuthorization(request.rawHeaders[i - 1]!) ? v.replace(SIGNATURE_IN_HEADER, `$1"${REDACTED}"`) : v))
      : request.rawHeaders,
    params: request.params.map(([name, value]) => [name, secret(name) ? REDACTED : value] as const),
    body: request.body === undefined ? undefined : redactEncoded(request.body, secret),
  };
}

function authorizationOf(rawHeaders: readonly string[]): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (isAuthorization(rawHeaders[i]!)) return rawHeaders[i + 1];
  return undefined;
}

function isAuthorization(name: string): boolean {
  return name.length === 13 && name.toLowerCase() === 'authorization';
}

/** `a=1&password=x` -> `a=1&password=[redacted]`: each pair whose decoded name is secret. */
function redactEncoded(text: string, secret: (name: string) => boolean): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      return secret(percentDecode(rawName, { plusAsSpace: true })) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
}
