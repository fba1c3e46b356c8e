import { signatureBaseString } from '../domain/oauth/base-string.js';
import { collectOAuthParams } from '../domain/oauth/collect-oauth-params.js';
import { sign } from '../domain/oauth/sign.js';
import { encodePairs, percentEncode } from '../domain/percent-encode.js';

type Pair = readonly [string, string];

export interface SignRequestInput {
  consumer: { key: string; secret: string };
  /** Absent for a two-legged (consumer only) request. */
  token?: { key: string; secret: string } | undefined;
  method: string;
  url: URL;
  /** Parameters beyond the URL's own query, in order. */
  params: ReadonlyArray<{ readonly name: string; readonly value: string }>;
  /** Where `params` are sent: the query string, or an application/x-www-form-urlencoded body. */
  paramsIn: 'query' | 'body';
  /** Real time, whole seconds (the server checks it against its own real time). */
  timestamp: number;
  nonce: string;
}

/** A signed request, its protocol parameters apart so that they can go in the query or in the header. */
export interface SignedRequest {
  method: string;
  /** Scheme, host, path and the request's own query (every value percent-encoded), without OAuth's parameters. */
  url: string;
  /** oauth_consumer_key ... oauth_signature, in the order written. */
  oauth: Pair[];
  /** The form body, percent-encoded; absent when there is none. */
  body?: string;
}

/**
 * Signs a request with the simulator's own OAuth code (collection, base string, HMAC-SHA1), so the signer
 * and the verifier cannot drift apart. The URL's query is read as the server reads it and written back
 * percent-encoded (`+` and `%20` both mean a space), which signs the same values in a URL any shell and curl
 * take as it is. oauth_version is left out: it is optional (docs/reference/oauth.md).
 */
export function signRequest(input: SignRequestInput): SignedRequest {
  const collected = collectOAuthParams({ rawQuery: input.url.search });
  // Only an Authorization header can fail to parse, and none is given here.
  const urlPairs: Pair[] = collected.ok ? collected.params.map((p) => [p.name, p.value]) : [];
  const extra: Pair[] = input.params.map((p) => [p.name, p.value]);
  const oauth: Pair[] = [
    ['oauth_consumer_key', input.consumer.key],
    ['oauth_nonce', input.nonce],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(input.timestamp)],
    ...(input.token ? [['oauth_token', input.token.key] as const] : []),
  ];
  const baseString = signatureBaseString({
    method: input.method,
    scheme: input.url.protocol.slice(0, -1),
    host: input.url.host,
    path: input.url.pathname,
    params: [...urlPairs, ...extra, ...oauth].map(([name, value]) => ({ name, value })),
  });
  const signature = sign({ method: 'HMAC-SHA1', baseString, consumerSecret: input.consumer.secret, tokenSecret: input.token?.secret });
  const query = input.paramsIn === 'query' ? [...urlPairs, ...extra] : urlPairs;
  return {
    method: input.method,
    url: `${input.url.origin}${input.url.pathname}${query.length > 0 ? `?${encodePairs(query)}` : ''}`,
    oauth: [...oauth, ['oauth_signature', signature]],
    ...(input.paramsIn === 'body' && extra.length > 0 ? { body: encodePairs(extra) } : {}),
  };
}

/** The URL with the protocol parameters added to its query: a link that works on its own. */
export function signedUrl(request: SignedRequest): string {
  return `${request.url}${request.url.includes('?') ? '&' : '?'}${encodePairs(request.oauth)}`;
}

/** `OAuth name="value", ...` with every value percent-encoded (RFC 5849 3.5.1). */
export function authorizationHeader(request: SignedRequest): string {
  return `OAuth ${request.oauth.map(([n, v]) => `${percentEncode(n)}="${percentEncode(v)}"`).join(', ')}`;
}

/**
 * A curl command that sends the signed request as signed: quiet but for errors (as scripts want it), the
 * protocol parameters in the Authorization header, each form pair as its own already-encoded `-d` (curl joins
 * them with `&` and sends them as application/x-www-form-urlencoded, byte for byte), the URL last.
 */
export function curlCommand(request: SignedRequest): string {
  const words = ['curl', '-sS', '-X', request.method, '-H', `Authorization: ${authorizationHeader(request)}`];
  if (request.body !== undefined) for (const pair of request.body.split('&')) words.push('-d', pair);
  // curl reads [] and {} in a URL as its own globbing; a path may hold them (queries are fully encoded).
  if (/[[\]{}]/.test(request.url)) words.push('-g');
  words.push(request.url);
  return words.map(shellQuote).join(' ');
}

/** A word for a POSIX shell: as it is when it holds only characters no shell treats specially, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_\-.,:/=@%+]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
