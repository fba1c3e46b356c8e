// A small OAuth 1.0a (HMAC-SHA1) client for the sharding test, written from RFC 5849 with node:crypto, so
// the proxy is checked with a signer that is not rentalsim's own. It signs against one base URL (the
// proxy's, which every replica takes as its --public-url) and can send the request elsewhere (straight to
// a replica), which is how the test reads a replica behind the proxy's back.
import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986 unreserved characters stay; everything else is %XX in upper case (RFC 5849 3.6). */
export function percentEncode(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * One signed request.
 * - base: the URL the signature covers (scheme, host and port of the proxy);
 * - sendTo: where the request goes (defaults to base);
 * - place: where the oauth_* parameters go: 'header', 'query' or 'body' (a form body; POST and PUT only);
 * - params: the request's own parameters, [name, value] pairs: in the query for GET and DELETE, in a form
 *   body for POST and PUT;
 * - consumer {key, secret}, token {key, secret} (optional), extra oauth_* parameters (oauth_callback,
 *   oauth_verifier);
 * - header: how the Authorization header is written: 'usual' (`OAuth realm="...", name="value", ...`,
 *   oauth_consumer_key first) or 'odd' (`oauth name=value,name=value`, unquoted, oauth_consumer_key last),
 *   which rentalsim reads too.
 */
export async function signedFetch({ method, base, sendTo = base, path, params = [], place = 'header', consumer, token, oauthExtra = {}, header = 'usual' }) {
  const inBody = method === 'POST' || method === 'PUT';
  const oauth = {
    oauth_consumer_key: consumer.key,
    oauth_nonce: randomBytes(12).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(token ? { oauth_token: token.key } : {}),
    ...oauthExtra,
  };
  const all = [...params, ...Object.entries(oauth)];
  const normalized = all
    .map(([k, v]) => [percentEncode(k), percentEncode(v)])
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const baseString = [method, percentEncode(base.replace(/\/$/, '') + path), percentEncode(normalized)].join('&');
  const key = `${percentEncode(consumer.secret)}&${percentEncode(token?.secret ?? '')}`;
  const signature = createHmac('sha1', key).update(baseString).digest('base64');
  const signedOauth = [...Object.entries(oauth), ['oauth_signature', signature]];

  const form = (pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  const query = [];
  const body = [];
  (inBody ? body : query).push(...params);
  const headers = {};
  if (place === 'header') {
    if (header === 'odd') {
      const keyLast = [...signedOauth.filter(([k]) => k !== 'oauth_consumer_key'), ['oauth_consumer_key', consumer.key]];
      headers.Authorization = 'oauth ' + keyLast.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join(',');
    } else {
      headers.Authorization = `OAuth realm="${base}", ` + signedOauth.map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`).join(', ');
    }
  } else if (place === 'query') {
    query.push(...signedOauth);
  } else if (place === 'body') {
    if (!inBody) throw new Error('a form body is only for POST and PUT');
    body.push(...signedOauth);
  }
  if (inBody) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const url = sendTo.replace(/\/$/, '') + path + (query.length ? `?${form(query)}` : '');
  const res = await fetch(url, { method, headers, body: inBody ? form(body) : undefined, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
