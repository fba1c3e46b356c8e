// Every setting of the simulator: one table, with its doc line, default, env var and CLI flag.
// loadConfig is pure (env and argv are passed in); a bad value throws a ConfigError with one clear line.
// simulatorConfig checks the library's options by the same rules, so both say the same line.
import { isIP } from 'node:net';

/** Throws the setting's one-line error; `what` replaces what its kind says a value must be. */
type Bad = (what?: string) => never;

/**
 * Each kind of value: what the error line says a value must be, the type a library option may have besides
 * a string, and how a text (a flag, a variable, a string option) is read.
 */
const KINDS = {
  port: { what: 'a port number from 0 to 65535', type: 'number', read: readWhole(65535) },
  host: { what: 'an IP address or host name', type: 'string', read: readHost },
  int: { what: 'a whole number', type: 'number', read: readWhole(Number.POSITIVE_INFINITY) },
  bool: { what: 'true or false', type: 'boolean', read: readBool },
  url: { what: 'an absolute http(s) URL', type: 'string', read: readUrl },
  string: { what: 'a non-empty value', type: 'string', read: (raw: string, bad: Bad) => (raw === '' ? bad() : raw) },
} as const;

/** A setting as the table gives it: its environment variable is its flag in capitals (--public-url: PUBLIC_URL) unless `env` names another. */
interface Row {
  flag: string;
  env?: string;
  kind: keyof typeof KINDS;
  default?: string;
  doc: string;
}

type Setting = Row & { key: string; env: string };

/** Each setting by its key. */
const TABLE = {
  port: { flag: '--port', kind: 'port', default: '8080', doc: 'TCP port to listen on; 0 picks a free one' },
  host: { flag: '--host', kind: 'host', default: '127.0.0.1', doc: 'interface to listen on (0.0.0.0 for every interface)' },
  scenario: { flag: '--scenario', kind: 'string', default: 'default', doc: 'scenario loaded at start-up' },
  publicUrl: {
    flag: '--public-url',
    kind: 'url',
    doc: "base URL written into ids and links and used for OAuth base strings; default: the request's own scheme and host",
  },
  schemaBase: { flag: '--schema-base', kind: 'url', default: 'http://schemas.lovefilm.com', doc: 'prefix of every rel attribute' },
  webBase: { flag: '--web-base', kind: 'url', default: 'http://www.lovefilm.com', doc: 'host of web page and artwork links' },
  scenarioDir: { flag: '--scenario-dir', kind: 'string', doc: 'extra folder of scenario files (YAML or JSON)' },
  timestampWindowSeconds: { flag: '--timestamp-window', kind: 'int', default: '300', doc: 'allowed distance of oauth_timestamp from real time, seconds' },
  allowPlaintext: { flag: '--allow-plaintext', kind: 'bool', default: 'false', doc: 'accept the PLAINTEXT signature method' },
  adminToken: { flag: '--admin-token', kind: 'string', doc: 'bearer token required on /__admin; unset = open' },
  allowedHosts: {
    flag: '--allowed-hosts',
    kind: 'string',
    doc: 'host names /__admin and the login page answer to besides loopback names, IP addresses, --public-url and --host (comma list, .example.com for a domain; all = no check)',
  },
  prettyXml: { flag: '--pretty', env: 'PRETTY_XML', kind: 'bool', default: 'false', doc: 'indent XML answers' },
  maxBodyBytes: { flag: '--max-body', env: 'MAX_BODY_BYTES', kind: 'int', default: '65536', doc: 'largest request body accepted, bytes' },
  maxTitleRefs: { flag: '--max-title-refs', kind: 'int', default: '500', doc: 'most title references one request may send in title_refs' },
  journalSize: { flag: '--journal-size', kind: 'int', default: '1000', doc: 'requests the journal keeps (GET /__admin/journal)' },
  openPrefix: {
    flag: '--open-prefix',
    kind: 'string',
    doc: 'open mode: accept any consumer key starting with this (e.g. ci-), each in its own fresh sandbox; needs --open-secret',
  },
  openSecret: { flag: '--open-secret', kind: 'string', doc: 'open mode: the consumer secret shared by every open-mode key' },
  maxSandboxes: { flag: '--max-sandboxes', kind: 'int', default: '200', doc: 'most sandboxes held at once; the least recently used is dropped first' },
  sandboxIdleSeconds: { flag: '--sandbox-idle', kind: 'int', default: '3600', doc: 'drop a sandbox unused for this many seconds; 0 = never' },
  rateLimitPerSecond: {
    flag: '--rate-limit-qps',
    kind: 'int',
    default: '0',
    doc: 'requests per second per consumer before 403 Over Queries Per Second Limit; 0 = off',
  },
  rateLimitPerDay: {
    flag: '--rate-limit-daily',
    kind: 'int',
    default: '0',
    doc: 'requests per simulator-clock day per consumer before 403 Over Rate Limit; 0 = off',
  },
  dataDir: {
    flag: '--data-dir',
    kind: 'string',
    doc: 'keep every sandbox, uploaded scenario and the active scenario in SQLite files in this folder, so a restart brings them back; unset = in memory',
  },
  dataDirBudget: {
    flag: '--data-dir-budget',
    kind: 'int',
    default: '1073741824',
    doc: 'most bytes the --data-dir folder may take; at it, writes answer 507 Insufficient Storage and reads go on',
  },
} as const satisfies Record<string, Row>;

export const SETTINGS: readonly Setting[] = Object.entries<Row>(TABLE).map(([key, s]) => ({
  key,
  env: s.flag.slice(2).toUpperCase().replaceAll('-', '_'),
  ...s,
}));

type Table = typeof TABLE;
/** The settings, each of its kind's type; one without a default may be undefined (off). */
export type Config = {
  -readonly [K in keyof Table]: ReturnType<(typeof KINDS)[Table[K]['kind']]['read']> | (Table[K] extends { default: string } ? never : undefined);
};

/** A setting a user can fix: the message is one line naming the flag and its environment variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads settings from argv (`--port 0` or `--port=0`) over env over defaults; an empty environment variable
 * counts as unset (`PORT= rentalsim` is how a shell script clears one). `--help` and `--version` are main's.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, argv: readonly string[]): Config {
  const fromArgv = parseArgv(argv);
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS) {
    const raw = fromArgv.get(s.flag) ?? (env[s.env] || undefined) ?? s.default;
    out[s.key] = raw === undefined ? undefined : convert(s, raw, JSON.stringify(raw));
  }
  return checkCombination(out);
}

/**
 * startSimulator's options over the defaults (port 0: a library caller wants a free port), each checked by
 * the rule its flag has, with the same message: `{ port: 'x' }` is a ConfigError, not a socket file named x.
 * An option left undefined takes its default.
 */
export function simulatorConfig(options: Readonly<Record<string, unknown>>): Config {
  const out: Record<string, unknown> = { ...DEFAULT_CONFIG, port: 0 };
  for (const [key, value] of Object.entries(options)) {
    const s = SETTINGS.find((x) => x.key === key);
    if (!s) throw new ConfigError(`unknown option ${key}; the options are ${SETTINGS.map((x) => x.key).join(', ')}`);
    if (value === undefined) continue;
    const shown = typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
    // A string is read as the flag would read it; otherwise the value must have the option's own type.
    out[key] = convert(s, typeof value === 'string' || typeof value === KINDS[s.kind].type ? String(value) : undefined, shown);
  }
  return checkCombination(out);
}

/** A text read by the setting's kind; no text (a library option of another type) or a bad one is the setting's one-line error. */
function convert(s: Setting, raw: string | undefined, shown: string): unknown {
  const bad = (what: string = KINDS[s.kind].what): never => {
    throw new ConfigError(`${s.flag} (${s.env}): ${shown} is not ${what}`);
  };
  return raw === undefined ? bad() : KINDS[s.kind].read(raw, bad);
}

/** Settings that only make sense together. */
function checkCombination(out: Record<string, unknown>): Config {
  if ((out['openPrefix'] === undefined) !== (out['openSecret'] === undefined)) {
    throw new ConfigError('open mode needs both --open-prefix (OPEN_PREFIX) and --open-secret (OPEN_SECRET)');
  }
  if (out['maxSandboxes'] === 0) throw new ConfigError('--max-sandboxes (MAX_SANDBOXES): must be at least 1');
  return out as Config;
}

function parseArgv(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) throw new ConfigError(`unexpected argument ${JSON.stringify(arg)}; options start with --, see --help`);
    const eq = arg.indexOf('=');
    const flag = eq < 0 ? arg : arg.slice(0, eq);
    const setting = SETTINGS.find((s) => s.flag === flag);
    if (!setting) throw new ConfigError(`unknown option ${flag}; see --help`);
    const next = argv[i + 1];
    if (eq >= 0) flags.set(flag, arg.slice(eq + 1));
    // `--port --host x` is a port without its value, not a port named "--host".
    else if (next !== undefined && !next.startsWith('--')) flags.set(flag, argv[++i]!);
    else if (setting.kind === 'bool') flags.set(flag, 'true');
    else throw new ConfigError(`${flag} needs a value`);
  }
  return flags;
}

/** A host name: dot-separated labels of letters, digits, inner hyphens (and underscores, as container names have). */
const HOST_NAME = /^(?=.{1,253}\.?$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

function readHost(raw: string, bad: Bad): string {
  // Checked here, not left to listen(): a malformed address would otherwise go to DNS as a name.
  const host = /^\[.*\]$/.test(raw) ? raw.slice(1, -1) : raw;
  if (isIP(host)) return host;
  if (/^[\d.]+$/.test(host)) bad('an IPv4 address');
  return HOST_NAME.test(host) ? host : bad();
}

function readWhole(max: number) {
  return (raw: string, bad: Bad) => (/^\d+$/.test(raw) && Number(raw) <= max ? Number(raw) : bad());
}

function readBool(raw: string, bad: Bad): boolean {
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  return /^(false|0|no|off)$/i.test(raw) ? false : bad();
}

function readUrl(raw: string, bad: Bad): string {
  const u = URL.parse(raw);
  return u?.protocol === 'http:' || u?.protocol === 'https:' ? raw.replace(/\/+$/, '') : bad();
}

// Below the tables convert reads, which are not initialised before their lines run.
export const DEFAULT_CONFIG: Readonly<Config> = loadConfig({}, []);

/** The --help text, generated from the table so it cannot drift. */
export function helpText(): string {
  return [
    'Usage: rentalsim [options]            start the simulator',
    '       rentalsim sign [options] METHOD URL [name=value ...]',
    "                                      print a signed request for a scenario's credentials (see rentalsim sign --help)",
    '',
    'Options (flag, environment variable, meaning; an empty variable counts as unset):',
    ...SETTINGS.map((s) => `  ${`${s.flag} <${s.kind}>`.padEnd(28)} ${s.env.padEnd(18)} ${s.doc}${s.default === undefined ? '' : ` (default ${s.default})`}`),
    '  --help, -h                   print this help and exit',
    '  --version, -v                print the version and exit',
    '',
  ].join('\n');
}
