import { ConfigError } from '../config.js';
import type { Scenario } from '../scenarios/scenario-schema.js';

export interface KeyAndSecret {
  key: string;
  secret: string;
}

export interface SignCredentials {
  consumer: KeyAndSecret;
  /** Absent for a two-legged (consumer only) request. */
  token?: KeyAndSecret;
}

/**
 * The consumer and access token to sign with, chosen from a scenario as the server would accept them:
 * `token` is a user's login (their first access token that the consumer may use) or an access token value;
 * without `consumer`, a token issued to one consumer signs with that consumer, any other with the first.
 */
export function pickCredentials(
  scenario: Scenario,
  wanted: { consumer?: string | undefined; consumerSecret?: string | undefined; token?: string | undefined; tokenSecret?: string | undefined },
): SignCredentials {
  const where = `in scenario ${scenario.name}`;
  // A token and its secret given outright (minted, or from the dance): the scenario is not asked for it.
  if (wanted.tokenSecret !== undefined && wanted.token === undefined) fail('--token-secret needs --token TOKEN: the token it is the secret of');
  const tokenGiven = wanted.tokenSecret === undefined ? undefined : { key: wanted.token!, secret: wanted.tokenSecret };
  // A key and secret given outright (an open-mode key, an uploaded scenario's consumer): the scenario is not asked.
  if (wanted.consumerSecret !== undefined) {
    if (wanted.consumer === undefined) fail('--secret needs --consumer KEY: the key it is the secret of');
    if (wanted.token !== undefined && tokenGiven === undefined) {
      fail('--secret signs with a consumer the scenario does not list, so its token is not there either: give --token-secret too, or leave --token out');
    }
    return { consumer: { key: wanted.consumer, secret: wanted.consumerSecret }, token: tokenGiven };
  }
  const consumerNamed = (key: string) =>
    scenario.consumers.find((c) => c.key === key) ??
    fail(`--consumer: no consumer ${JSON.stringify(key)} ${where} (consumers: ${list(scenario.consumers.map((c) => c.key))})`);
  if (scenario.consumers.length === 0) fail(`scenario ${scenario.name} has no consumers to sign with`);

  if (wanted.token === undefined || tokenGiven) {
    return { consumer: keyOf(wanted.consumer === undefined ? scenario.consumers[0]! : consumerNamed(wanted.consumer)), token: tokenGiven };
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
  return { consumer: keyOf(consumer), token: { key: token.token, secret: token.secret } };
}

const keyOf = (c: { key: string; secret: string }): KeyAndSecret => ({ key: c.key, secret: c.secret });
const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));

function fail(message: string): never {
  throw new ConfigError(`sign: ${message}`);
}
