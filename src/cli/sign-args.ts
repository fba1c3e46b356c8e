import { ConfigError } from '../config.js';

/** What `rentalsim sign` prints: the signed URL, the Authorization header line, or a whole curl command. */
export type SignOutput = 'url' | 'header' | 'curl';

export const SIGN_USAGE = [
  'Usage: rentalsim sign [options] METHOD URL [name=value ...]',
  '',
  "Signs one request with a scenario's credentials (OAuth 1.0a, HMAC-SHA1, real time, a fresh nonce) and prints",
  'the signed URL (GET, DELETE) or a ready curl command (POST, PUT). name=value pairs are sent and signed: in the',
  'query of a GET or DELETE, in the form body of a POST or PUT.',
  '',
  'Options:',
  '  --token LOGIN|TOKEN   sign as this user (their access token), or with this access token of the scenario',
  "  --consumer KEY        the consumer (default: the token's own, else the scenario's first)",
  '  --secret S            sign as --consumer KEY with this secret, for a key the scenario does not list',
  "                        (open mode: the --open-secret; an uploaded scenario's consumer). Also --consumer-secret",
  '  --token-secret S      sign with --token TOKEN and this secret, for a token the scenario does not list',
  '                        (one minted with POST /__admin/tokens, or got through the OAuth dance)',
  '  --scenario NAME       scenario whose credentials are used (env SCENARIO; default default)',
  '  --scenario-dir DIR    extra folder of scenario files, as the server reads it (env SCENARIO_DIR)',
  '  --url                 print the signed URL (a POST or PUT then carries its parameters in the query)',
  '  --header              print only the Authorization: OAuth ... line (send the parameters as signed)',
  '  --curl                print a curl command: -X, -H Authorization, a -d per form parameter, the URL',
  '  --help                print this help',
  '',
].join('\n');

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];
const VALUE_FLAGS = ['--token', '--token-secret', '--consumer', '--secret', '--consumer-secret', '--scenario', '--scenario-dir'] as const;
const OUTPUT_FLAGS: Readonly<Record<string, SignOutput>> = { '--url': 'url', '--header': 'header', '--curl': 'curl' };
/** The protocol parameters the signer writes itself; a second copy would be a 400 Duplicated OAuth Protocol Parameter. */
const SIGNER_PARAMS: ReadonlySet<string> = new Set([
  'oauth_consumer_key',
  'oauth_token',
  'oauth_nonce',
  'oauth_timestamp',
  'oauth_signature_method',
  'oauth_signature',
  'oauth_version',
]);

/** `rentalsim sign` arguments over the env (SCENARIO, SCENARIO_DIR; empty counts as unset); undefined for --help. */
export function parseSignArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const values = new Map<string, string>();
  const outputs: SignOutput[] = [];
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (flag === '--help' || flag === '-h') return undefined;
    const output = OUTPUT_FLAGS[flag];
    if (output !== undefined && eq === -1) {
      outputs.push(output);
    } else if ((VALUE_FLAGS as readonly string[]).includes(flag)) {
      const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined || value === '') throw new ConfigError(`sign: ${flag} needs a value`);
      values.set(flag, value);
    } else {
      throw new ConfigError(`sign: unknown option ${arg}; see rentalsim sign --help`);
    }
  }
  if (new Set(outputs).size > 1) throw new ConfigError(`sign: choose one of --url, --header and --curl`);
  // --consumer-secret is the name decision 0061 documented; --secret pairs with --token-secret.
  if (values.has('--secret') && values.has('--consumer-secret')) throw new ConfigError('sign: give --secret once (--consumer-secret is another name for it)');

  const [rawMethod, rawUrl, ...pairs] = positional;
  if (rawMethod === undefined || rawUrl === undefined) {
    throw new ConfigError('sign: METHOD and URL are required: rentalsim sign [options] METHOD URL [name=value ...]');
  }
  const method = rawMethod.toUpperCase();
  if (!METHODS.includes(method)) throw new ConfigError(`sign: METHOD must be GET, POST, PUT or DELETE, not ${JSON.stringify(rawMethod)}`);
  const readsQuery = method === 'GET' || method === 'DELETE';
  return {
    method,
    url: absoluteUrl(rawUrl),
    // The name=value arguments, in order: query parameters of a GET or DELETE, the form body of a POST or PUT.
    params: pairs.map(nameValue),
    scenario: values.get('--scenario') ?? nonEmpty(env['SCENARIO']) ?? 'default',
    scenarioDir: values.get('--scenario-dir') ?? nonEmpty(env['SCENARIO_DIR']),
    consumer: values.get('--consumer'),
    // The consumer's secret, for a key the scenario does not list (an open-mode key, say `ci-team-7`).
    consumerSecret: values.get('--secret') ?? values.get('--consumer-secret'),
    // A user's login, or an access token value (of the scenario, or with `tokenSecret` any token, a minted one say).
    token: values.get('--token'),
    // The access token's secret, for a token the scenario does not list.
    tokenSecret: values.get('--token-secret'),
    output: outputs[0] ?? (readsQuery ? 'url' : 'curl'),
  };
}

const nonEmpty = (value: string | undefined) => (value === '' ? undefined : value);

function absoluteUrl(raw: string): URL {
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`sign: URL ${JSON.stringify(raw)} is not an absolute http(s) URL (e.g. http://127.0.0.1:8080/catalog/title?term=zzyzx)`);
  }
  if (url.username || url.password) throw new ConfigError(`sign: URL ${JSON.stringify(raw)} carries a user name or password; OAuth signs without them`);
  for (const name of url.searchParams.keys()) {
    if (SIGNER_PARAMS.has(name)) throw new ConfigError(`sign: URL ${JSON.stringify(raw)} is signed already (${name}); give it unsigned`);
  }
  return url;
}

/** `name=value` as typed: the value is taken literally (the signer encodes it), and may be empty or hold `=`. */
function nameValue(arg: string): { name: string; value: string } {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new ConfigError(`sign: ${JSON.stringify(arg)} is not a name=value parameter`);
  const name = arg.slice(0, eq);
  if (SIGNER_PARAMS.has(name)) throw new ConfigError(`sign: ${name} is written by the signer; leave it out`);
  return { name, value: arg.slice(eq + 1) };
}
