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
 * request for openapi.yaml, once each, before anything is warm: it parsed default.yaml in ~10 ms and
 * openapi.yaml in ~20 ms where `yaml` took ~60 and ~120 (and ~40 ms more to import).
 *
 * An alias is the object it names, not a copy, so a few lines of nested aliases (a "billion laughs") are a
 * value whose walk never ends; the schema check would walk it. The `yaml` package refused them by counting
 * aliases; here the walk itself is counted and stops at ten nodes per character of text, more than any
 * file written by hand reaches.
 */
export function yamlValue(text: string): unknown {
  let value: unknown;
  try {
    value = load(text, { schema: CORE_SCHEMA }) ?? null;
  } catch (e) {
    throw new YamlError((e as Error).message.split('\n')[0]!);
  }
  if (!fitsIn(value, 10 * text.length + 1_000)) throw new YamlError('its aliases expand to far more than the text itself (a "billion laughs"?)');
  return value;
}

/** Whether the value, aliases walked as often as they appear, has at most `budget` lists, maps and scalars. */
function fitsIn(value: unknown, budget: number): boolean {
  const stack: unknown[] = [value];
  for (let seen = 0; stack.length > 0; seen++) {
    if (seen >= budget) return false;
    const v = stack.pop();
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v !== null && typeof v === 'object') for (const item of Object.values(v)) stack.push(item);
  }
  return true;
}
