import { percentEncode } from '../percent-encode.js';

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
  params: ReadonlyArray<{ readonly name: string; readonly value: string }>;
}

/**
 * The signature base string (RFC 5849 3.4.1): METHOD&encode(base string URI)&encode(normalized params).
 * The path is used as sent: a client that signed `GET /users/` signed the trailing slash (fidelity 9).
 */
export function signatureBaseString(input: BaseStringInput): string {
  return [
    input.method.toUpperCase(),
    percentEncode(baseStringUri(input.scheme, input.host, input.path)),
    percentEncode(normalizeParameters(input.params)),
  ].join('&');
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };
const PORT_SUFFIX = /:(\d*)$/;

/** RFC 5849 3.4.1.2: scheme and host lower-cased, the scheme's default port dropped, no query. */
export function baseStringUri(scheme: string, host: string, path: string): string {
  const lowerScheme = scheme.toLowerCase();
  let authority = host.toLowerCase();
  const port = PORT_SUFFIX.exec(authority);
  // `[::1]` ends in `]`, so an IPv6 literal without a port is never mistaken for host:port.
  if (port && (port[1] === '' || port[1] === DEFAULT_PORTS[lowerScheme])) {
    authority = authority.slice(0, port.index);
  }
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return `${lowerScheme}://${authority}${bare === '' ? '/' : bare}`;
}

/**
 * RFC 5849 3.4.1.3.2: encode every name and value, sort by encoded name and then encoded value
 * (plain code-unit order, which is byte order for the ASCII an encoded string is made of), and join
 * as `name=value&...`. oauth_signature never signs itself.
 */
export function normalizeParameters(params: ReadonlyArray<{ readonly name: string; readonly value: string }>): string {
  return params
    .filter((p) => p.name !== 'oauth_signature')
    .map((p) => [percentEncode(p.name), percentEncode(p.value)] as const)
    .sort(([an, av], [bn, bv]) => compare(an, bn) || compare(av, bv))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
