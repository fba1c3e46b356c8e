import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ConfigError } from '../config.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { readScenarioFolders, scenarioDirs, scenarioNamed, sortScenarios } from '../world/scenario-files.js';
import { curlCommand } from './curl-command.js';
import { parseSignArgs, SIGN_USAGE } from './sign-args.js';
import { pickCredentials } from './sign-credentials.js';
import { authorizationHeader, signedUrl, signRequest } from './signed-request.js';

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
  const text =
    parsed.output === 'url' ? signedUrl(request) : parsed.output === 'header' ? `Authorization: ${authorizationHeader(request)}` : curlCommand(request);
  return `${text}\n`;
}

/**
 * The scenario's file alone, found as the server finds it (built-in folder, then --scenario-dir): signing
 * needs its consumers and tokens, never its catalogue, so it is instant.
 */
function scenarioOf(name: string, dir: string | undefined): Scenario {
  if (dir !== undefined && !existsSync(dir)) {
    throw new ConfigError(`sign: --scenario-dir (SCENARIO_DIR): no folder ${JSON.stringify(dir)}`);
  }
  // A bad file is named with why (its ScenarioError, one line); the others do not matter here.
  const sorted = sortScenarios(readScenarioFolders(scenarioDirs(dir)));
  return scenarioNamed(sorted, name, (message) => new ConfigError(`sign: --scenario (SCENARIO): ${message}`)).scenario!;
}
