import { CORE_SCHEMA, load } from 'js-yaml';

/** Text that is not one YAML document, or one whose aliases expand past what its size could mean. */
export class YamlError extends Error {
  override name = 'YamlError';
}

/**
 * The value of one YAML 1.2 document (JSON included) under the core schema: strings, numbers, booleans,
 * null, lists and maps, and no dates or other types (`2026-11-24` stays a string). Empty text is null.
 *
 * js-yaml, not the `yaml` package, because this runs at start-up on every scenario file and on the first
 * request for openapi.yaml, once each, before anything is warm: js-yaml imports and parses both several
 * times faster (docs/decisions/0009-bundled-command.md has the figures).
 *
 * An alias is the object it names, not a copy, so a few lines of nested aliases (a "billion laughs") are a
 * value whose walk never ends; the schema check would walk it. The `yaml` package refused them by counting
 * aliases; here the walk itself is counted. What the text spells out node by node costs its parse already
 * and is bounded by the body limit; what aliases add on top is bounded by a fixed ALIAS_NODES, whatever the
 * text's size (a budget in proportion to the text let a 5.7 MB upload expand to 57 million nodes and hold
 * the event loop for seconds). Hand-written files share a few small blocks, far below it.
 */
export function yamlValue(text: string): unknown {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA }) ?? null;
  } catch (e) {
    throw new YamlError((e as Error).message.split('\n')[0]!);
  }
  if (!fitsIn(value, ALIAS_NODES)) {
    throw new YamlError(`its aliases expand to more than ${ALIAS_NODES} nodes beyond the text itself (a "billion laughs"?); write the repeated parts out`);
  }
  return value;
}

/** Most lists, maps and scalars that aliases may add to a document, walked as often as they appear. */
export const ALIAS_NODES = 100_000;

/**
 * Whether the value, aliases walked as often as they appear, has at most `budget` more lists, maps and
 * scalars than it has distinct ones: a list or map met again (an alias) counts, with all it holds, against
 * the budget.
 */
function fitsIn(value: unknown, budget: number): boolean {
  const seen = new Set<object>();
  // Each node with whether it is met through a list or map met before.
  const stack: Array<[unknown, boolean]> = [[value, false]];
  let repeated = 0;
  while (stack.length > 0) {
    let [v, again] = stack.pop()!;
    const node = v !== null && typeof v === 'object';
    if (node && seen.has(v)) again = true;
    if (again && ++repeated > budget) return false;
    if (!node) continue;
    seen.add(v);
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, again]);
  }
  return true;
}
