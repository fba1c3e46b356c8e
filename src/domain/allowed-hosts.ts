import { isIP } from 'node:net';

// Which names the unsigned surfaces (/__admin and the login page) answer to: the DNS-rebinding defence that
// dev servers such as Vite and webpack-dev-server use. A rebinding page is served from a name its author
// controls and then points that name at 127.0.0.1; the browser still sends that name as Host, so a Host
// outside this list is refused. An IP literal cannot be rebound (the page's origin is the address itself),
// so every IP literal in Host passes; so do the loopback names, which no outsider's DNS can hand out.
// Through a proxy (absolute-form) the simulator answers for whatever origin the line names, rebinding or
// not, so there only the loopback addresses pass unlisted.

export interface AllowedHosts {
  /** `all` or `*`: no check (the simulator is reached under names nobody can list). */
  readonly any: boolean;
  /** Exact names, lower case, no trailing dot. */
  readonly names: ReadonlySet<string>;
  /** `.example.com` entries: that domain and every name under it. */
  readonly domains: readonly string[];
}

export interface AllowedHostsSources {
  /** --allowed-hosts: a comma list of names, `.domain` entries, or `all` / `*`. */
  allowedHosts?: string | undefined;
  /** --public-url: the name the simulator says it lives at is always its own. */
  publicUrl?: string | undefined;
  /** --host: a specific name to listen on is one clients use. */
  listenHost?: string | undefined;
}

const NAME = /^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/;

/** Builds the list; a bad --allowed-hosts entry throws a TypeError naming it (the caller says which flag). */
export function allowedHosts(sources: AllowedHostsSources): AllowedHosts {
  const names = new Set<string>();
  const domains: string[] = [];
  let any = false;
  for (const raw of (sources.allowedHosts ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === 'all' || entry === '*') any = true;
    else if (!NAME.test(entry))
      throw new TypeError(`${JSON.stringify(raw.trim())} is not a host name (no scheme or port): list names like rentalsim,.example.com, or all`);
    else if (entry.startsWith('.')) domains.push(bare(entry.slice(1)));
    else names.add(bare(entry));
  }
  if (sources.publicUrl) names.add(bare(new URL(sources.publicUrl).hostname.toLowerCase()));
  if (sources.listenHost) names.add(bare(sources.listenHost.toLowerCase()));
  return { any, names, domains };
}

/** The name in a Host header or URL authority (`name:port`, `[::1]:8080`), lower case, without its port. */
export function hostnameOf(authority: string): string {
  const a = authority.trim().toLowerCase();
  if (a.startsWith('[')) {
    const end = a.indexOf(']');
    return end < 0 ? a : a.slice(1, end);
  }
  const colon = a.indexOf(':');
  // More than one colon without brackets is a bare IPv6 address, not name:port.
  if (colon >= 0 && a.indexOf(':', colon + 1) < 0) return a.slice(0, colon);
  return a;
}

/**
 * Whether a request naming this authority (its Host header, or with `viaProxy` an absolute-form line's) may
 * use the unsigned surfaces.
 */
export function isAllowedHost(list: AllowedHosts, authority: string | undefined, viaProxy = false): boolean {
  // No Host at all (HTTP/1.0 tools): browsers always send one, so this is no rebinding page.
  if (authority === undefined || list.any) return true;
  const name = bare(hostnameOf(authority));
  if (name === '') return false;
  const ip = isIP(name);
  // Through a proxy, only a loopback address.
  if (ip !== 0 && (!viaProxy || (ip === 4 ? name.startsWith('127.') : name === '::1'))) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (list.names.has(name)) return true;
  return list.domains.some((d) => name === d || name.endsWith(`.${d}`));
}

/** `rentalsim.test.` and `rentalsim.test` are the same name. */
function bare(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
