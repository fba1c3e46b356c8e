import { randomBytes } from 'node:crypto';
import { signatureBaseString } from '../src/domain/oauth/base-string.js';
import { sign } from '../src/domain/oauth/sign.js';
import { percentEncode } from '../src/domain/percent-encode.js';

export interface Credentials {
  key: string;
  secret: string;
}

export interface Signer {
  consumer: Credentials;
  /** Access token; none for two-legged catalogue reads. */
  token?: Credentials;
}

// One random prefix per process plus a counter: every nonce is fresh, and making one costs nothing
// (signing happens on the load generator's side, so it must stay cheap).
const NONCE_PREFIX = randomBytes(6).toString('hex');
let nonceCounter = 0;

/**
 * The OAuth 1.0a Authorization header (HMAC-SHA1) for one request, with the project's own base string and
 * signing code, so the benchmark signs exactly as the verifier expects. `origin` is scheme://host:port as
 * the server sees it (the Host header autocannon sends); `pathAndQuery` is sent as is; `form` is the
 * url-encoded body of a POST or PUT.
 */
export function authorization(method: string, origin: string, pathAndQuery: string, signer: Signer, form?: string): string {
  const oauth: Array<[string, string]> = [
    ['oauth_consumer_key', signer.consumer.key],
    ['oauth_nonce', `${NONCE_PREFIX}${++nonceCounter}`],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  if (signer.token) oauth.push(['oauth_token', signer.token.key]);
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const params = [...oauth, ...pairsOf(q === -1 ? '' : pathAndQuery.slice(q + 1)), ...pairsOf(form ?? '')].map(([name, value]) => ({ name, value }));
  const [scheme, host] = origin.split('://') as [string, string];
  const signature = sign({
    method: 'HMAC-SHA1',
    baseString: signatureBaseString({ method, scheme, host, path, params }),
    consumerSecret: signer.consumer.secret,
    tokenSecret: signer.token?.secret,
  });
  oauth.push(['oauth_signature', signature]);
  return `OAuth ${oauth.map(([k, v]) => `${k}="${percentEncode(v)}"`).join(', ')}`;
}

/** Decoded name/value pairs of a query string or form body (`+` is a space in forms). */
function pairsOf(raw: string): Array<[string, string]> {
  if (raw === '') return [];
  return raw.split('&').map((part) => {
    const eq = part.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return eq === -1 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
  });
}
