import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ConfigError } from '../config.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { readScenarioFolders, scenarioDirs, scenarioNamed, sortScenarios } from '../world/scenario-files.js';
import { authorizationHeader, curlCommand, type SignedRequest, type SignRequestInput, signedUrl, signRequest } from './signed-request.js';

/**
 * `rentalsim sign [options] METHOD URL [name=value ...]`: the text to print (one line and a newline), so a
 * QA script needs no signer of its own. Throws a ConfigError with one clear line for any usage mistake.
 * `moment` is real time and a fresh nonce, given here so tests can fix them.
 */
export function signCommand(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  moment = { nowMs: Date.now(), nonce: randomBytes(16).toString('hex') },
): string {
  const parsed = parseSignArgs(args, env);
  if (!parsed) return SIGN_USAGE;
  const credentials = pickCredentials(scenarioOf(parsed.scenario, parsed.scenarioDir), parsed);
  const request = signRequest({
    ...credentials,
    method: parsed.method,
    url: parsed.url,
    params: parsed.params,
    // A URL has no body: printed as a URL, a POST or PUT carries its parameters in the query (README, resources).
    paramsIn: parsed.method === 'GET' || parsed.method === 'DELETE' || parsed.output === 'url' ? 'query' : 'body',
    timestamp: Math.floor(moment.nowMs / 1000),
    nonce: moment.nonce,
  });
  return `${OUTPUTS[parsed.output](request)}\n`;
}

/**
 * The scenario's file alone, found as the server finds it (built-in folder, then --scenario-dir): signing
 * needs its consumers and tokens, never its catalogue, so it is instant.
 */
function scenarioOf(name: string, dir: string | undefined): Scenario {
  if (dir !== undefined && !existsSync(dir)) fail(`--scenario-dir (SCENARIO_DIR): no folder ${JSON.stringify(dir)}`);
  // A bad file is named with why (its ScenarioError, one line); the others do not matter here.
  const sorted = sortScenarios(readScenarioFolders(scenarioDirs(dir)));
  return scenarioNamed(sorted, name, (message) => new ConfigError(`sign: --scenario (SCENARIO): ${message}`)).scenario!;
}

const SIGN_USAGE = [
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

const VALUE_FLAGS: readonly string[] = ['--token', '--token-secret', '--consumer', '--secret', '--consumer-secret', '--scenario', '--scenario-dir'];
/** What `rentalsim sign` prints: the signed URL, the Authorization header line, or a whole curl command. */
const OUTPUTS = { url: signedUrl, header: (r: SignedRequest) => `Authorization: ${authorizationHeader(r)}`, curl: curlCommand } as const;
const OUTPUT_FLAGS: Readonly<Record<string, keyof typeof OUTPUTS>> = { '--url': 'url', '--header': 'header', '--curl': 'curl' };
/** The protocol parameters the signer writes itself; a second copy would be a 400 Duplicated OAuth Protocol Parameter. */
const SIGNER_PARAM = /^oauth_(consumer_key|token|nonce|timestamp|signature_method|signature|version)$/;

/** `rentalsim sign` arguments over the env (SCENARIO, SCENARIO_DIR; empty counts as unset); undefined for --help. */
function parseSignArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const values = new Map<string, string>();
  const outputs: Array<keyof typeof OUTPUTS> = [];
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
    if (output !== undefined && eq === -1) outputs.push(output);
    else if (VALUE_FLAGS.includes(flag)) values.set(flag, (eq === -1 ? args[++i] : arg.slice(eq + 1)) || fail(`${flag} needs a value`));
    else fail(`unknown option ${arg}; see rentalsim sign --help`);
  }
  if (new Set(outputs).size > 1) fail(`choose one of --url, --header and --curl`);
  // --consumer-secret is the name decision 0061 documented; --secret pairs with --token-secret.
  if (values.has('--secret') && values.has('--consumer-secret')) fail('give --secret once (--consumer-secret is another name for it)');

  const [rawMethod, rawUrl, ...pairs] = positional;
  if (rawMethod === undefined || rawUrl === undefined) fail('METHOD and URL are required: rentalsim sign [options] METHOD URL [name=value ...]');
  const method = rawMethod.toUpperCase();
  if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) fail(`METHOD must be GET, POST, PUT or DELETE, not ${JSON.stringify(rawMethod)}`);
  return {
    method,
    url: absoluteUrl(rawUrl),
    // The name=value arguments, in order: query parameters of a GET or DELETE, the form body of a POST or PUT.
    params: pairs.map(nameValue),
    scenario: values.get('--scenario') ?? (env['SCENARIO'] || undefined) ?? 'default',
    scenarioDir: values.get('--scenario-dir') ?? (env['SCENARIO_DIR'] || undefined),
    consumer: values.get('--consumer'),
    // The consumer's secret, for a key the scenario does not list (an open-mode key, say `ci-team-7`).
    consumerSecret: values.get('--secret') ?? values.get('--consumer-secret'),
    // A user's login, or an access token value (of the scenario, or with `tokenSecret` any token, a minted one say).
    token: values.get('--token'),
    // The access token's secret, for a token the scenario does not list.
    tokenSecret: values.get('--token-secret'),
    output: outputs[0] ?? (method === 'GET' || method === 'DELETE' ? 'url' : 'curl'),
  };
}

function absoluteUrl(raw: string): URL {
  const url = URL.parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    fail(`URL ${JSON.stringify(raw)} is not an absolute http(s) URL (e.g. http://127.0.0.1:8080/catalog/title?term=zzyzx)`);
  if (url.username || url.password) fail(`URL ${JSON.stringify(raw)} carries a user name or password; OAuth signs without them`);
  for (const name of url.searchParams.keys()) {
    if (SIGNER_PARAM.test(name)) fail(`URL ${JSON.stringify(raw)} is signed already (${name}); give it unsigned`);
  }
  return url;
}

/** `name=value` as typed: the value is taken literally (the signer encodes it), and may be empty or hold `=`. */
function nameValue(arg: string): { name: string; value: string } {
  const eq = arg.indexOf('=');
  if (eq <= 0) fail(`${JSON.stringify(arg)} is not a name=value parameter`);
  const name = arg.slice(0, eq);
  if (SIGNER_PARAM.test(name)) fail(`${name} is written by the signer; leave it out`);
  return { name, value: arg.slice(eq + 1) };
}

/**
 * The consumer and access token to sign with, chosen from a scenario as the server would accept them:
 * `token` is a user's login (their first access token that the consumer may use) or an access token value;
 * without `consumer`, a token issued to one consumer signs with that consumer, any other with the first.
 */
export function pickCredentials(
  scenario: Scenario,
  wanted: { consumer?: string | undefined; consumerSecret?: string | undefined; token?: string | undefined; tokenSecret?: string | undefined },
): Pick<SignRequestInput, 'consumer' | 'token'> {
  const where = `in scenario ${scenario.name}`;
  // A token and its secret given outright (minted, or from the dance): the scenario is not asked for it.
  if (wanted.tokenSecret !== undefined && wanted.token === undefined) fail('--token-secret needs --token TOKEN: the token it is the secret of');
  const tokenGiven = wanted.tokenSecret === undefined ? undefined : { key: wanted.token!, secret: wanted.tokenSecret };
  // A key and secret given outright (an open-mode key, an uploaded scenario's consumer): the scenario is not asked.
  if (wanted.consumerSecret !== undefined) {
    if (wanted.consumer === undefined) fail('--secret needs --consumer KEY: the key it is the secret of');
    if (wanted.token !== undefined && tokenGiven === undefined)
      fail('--secret signs with a consumer the scenario does not list, so its token is not there either: give --token-secret too, or leave --token out');
    return { consumer: { key: wanted.consumer, secret: wanted.consumerSecret }, token: tokenGiven };
  }
  const consumerNamed = (key: string) =>
    scenario.consumers.find((c) => c.key === key) ??
    fail(`--consumer: no consumer ${JSON.stringify(key)} ${where} (consumers: ${list(scenario.consumers.map((c) => c.key))})`);
  if (scenario.consumers.length === 0) fail(`scenario ${scenario.name} has no consumers to sign with`);

  if (wanted.token === undefined || tokenGiven) {
    return { consumer: wanted.consumer === undefined ? scenario.consumers[0]! : consumerNamed(wanted.consumer), token: tokenGiven };
  }

  const user = scenario.users.find((u) => u.login === wanted.token);
  const tokens = user ? user.access_tokens : scenario.users.flatMap((u) => u.access_tokens).filter((t) => t.token === wanted.token);
  if (!user && tokens.length === 0) {
    fail(
      `--token: no user with login ${JSON.stringify(wanted.token)} and no access token ${JSON.stringify(wanted.token)} ${where} (logins: ${list(scenario.users.map((u) => u.login))})`,
    );
  }
  if (tokens.length === 0) fail(`--token: ${wanted.token} has no access token ${where}`);

  const named = wanted.consumer === undefined ? undefined : consumerNamed(wanted.consumer);
  const token = named
    ? (tokens.find((t) => t.consumer === undefined || t.consumer === named.key) ??
      fail(`--token: ${wanted.token} has no access token for consumer ${named.key} ${where} (issued to ${list(tokens.map((t) => t.consumer ?? ''))})`))
    : tokens[0]!;
  const consumer = named ?? (token.consumer === undefined ? scenario.consumers[0]! : consumerNamed(token.consumer));
  return { consumer, token: { key: token.token, secret: token.secret } };
}

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));

function fail(message: string): never {
  throw new ConfigError(`sign: ${message}`);
}
