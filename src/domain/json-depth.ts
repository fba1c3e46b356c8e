/**
 * The deepest nesting of lists and objects an admin JSON body may have: as deep as the YAML parser takes a
 * scenario (js-yaml's maxDepth), far deeper than any body the admin API reads. `JSON.parse` itself reads
 * 200,000 levels, but what comes after (the schema check, `JSON.stringify` of an upload) recurses once per
 * level and ran out of stack, a 500.
 */
export const MAX_JSON_DEPTH = 100;

/** Whether a parsed JSON value nests lists and objects deeper than `max`; walked with a stack of its own, not recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
