import { percentEncode } from '../percent-encode.js';

/** One request parameter, decoded; a request may carry the same name several times. */
export type NamedParam = { readonly name: string; readonly value: string };
type NamedParams = ReadonlyArray<NamedParam>;

export interface BaseStringInput {
  /** HTTP method as received; upper-cased here. */
  method: string;
  /** `http` or `https`, any case. */
  scheme: string;
  /** The Host the client addressed, possibly with a port (`Photos.Example.net:8080`). */
  host: string;
  /** The path exactly as sent, still percent-encoded, trailing slash included; no query. */
  path: string;
  /** Every collected parameter (header without realm, query, body); oauth_signature is skipped here. */
  params: NamedParams;
}

/**
 * The signature base string (RFC 5849 3.4.1): METHOD&encode(base string URI)&encode(normalized params). The
 * path is used as sent: a client that signed `GET /users/` signed the trailing slash
 * (docs/reference/oauth.md#the-rules-in-short).
 */
export function signatureBaseString(input: BaseStringInput): string {
  return `${input.method.toUpperCase()}&${percentEncode(baseStringUri(input.scheme, input.host, input.path))}&${encodedParameters(input.params)}`;
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/** RFC 5849 3.4.1.2: scheme and host lower-cased, the scheme's default port dropped, no query. */
export function baseStringUri(scheme: string, host: string, path: string): string {
  const lowerScheme = scheme.toLowerCase();
  let authority = host.toLowerCase();
  // A port is what follows the last `:`; `[::1]` ends in `]`, so an IPv6 literal without a port is never
  // mistaken for host:port.
  const colon = authority.lastIndexOf(':');
  const port = authority.slice(colon + 1);
  if (colon !== -1 && (port === '' || port === DEFAULT_PORTS[lowerScheme])) authority = authority.slice(0, colon);
  // A query or fragment left on the path is no part of it.
  const end = path.search(/[?#]/);
  const bare = end === -1 ? path : path.slice(0, end);
  return `${lowerScheme}://${authority}${bare === '' ? '/' : bare}`;
}

/**
 * RFC 5849 3.4.1.3.2: encode every name and value, sort by encoded name and then encoded value
 * (plain code-unit order, which is byte order for the ASCII an encoded string is made of), and join
 * as `name=value&...`. oauth_signature never signs itself.
 */
export function normalizeParameters(params: NamedParams): string {
  return sortedEncodedPairs(params)
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

/**
 * encode(normalizeParameters(params)) without building the normalized string first: an encoded name or
 * value holds only unreserved characters and `%XX`, so encoding it again only turns `%` into `%25`, and
 * the `=` and `&` between them become `%3D` and `%26`.
 */
function encodedParameters(params: NamedParams): string {
  const pairs = sortedEncodedPairs(params);
  let out = '';
  for (let i = 0; i < pairs.length; i++) {
    const [n, v] = pairs[i]!;
    out += `${i === 0 ? '' : '%26'}${encodedAgain(n)}%3D${encodedAgain(v)}`;
  }
  return out;
}

/**
 * An encoded name or value encoded once more. It holds only unreserved characters and `%XX`, which
 * encodeURIComponent leaves alone but for the `%`, written `%25`: the same text as replacing each `%`, made
 * in one native pass. `replaceAll('%', '%25')` built it piece by piece, a rope of two nodes per `%`: a 64 KB
 * form body of spaces made ~6 MB of garbage each time its base string was built.
 */
const encodedAgain = (encoded: string) => (encoded.includes('%') ? encodeURIComponent(encoded) : encoded);

function sortedEncodedPairs(params: NamedParams): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string]> = [];
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (p.name !== 'oauth_signature') pairs.push([percentEncode(p.name), percentEncode(p.value)]);
  }
  return pairs.sort(byNameThenValue);
}

function byNameThenValue([an, av]: readonly [string, string], [bn, bv]: readonly [string, string]): number {
  return compare(an, bn) || compare(av, bv);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
