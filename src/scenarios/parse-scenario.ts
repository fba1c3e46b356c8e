import { ScenarioError } from './scenario-error.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';
import { yamlValue } from './yaml-value.js';

/**
 * Parses and validates scenario text (YAML, which includes JSON). Throws a ScenarioError naming the file,
 * the path inside it (e.g. `users[0].ratings[3].rating`) and what is wrong.
 */
export function parseScenario(text: string, file: string): Scenario {
  let raw: unknown;
  try {
    raw = yamlValue(text);
  } catch (e) {
    throw new ScenarioError(file, '', `not valid YAML or JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  const result = scenarioSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ScenarioError(file, formatPath(issue.path), issue.message);
  }
  return result.data;
}

/** The `name:` a scenario text gives, if it is YAML with a string there: how a bad file is listed. */
export function declaredName(text: string): string | undefined {
  try {
    const raw = yamlValue(text);
    const name = raw && typeof raw === 'object' ? (raw as { name?: unknown }).name : undefined;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
}
