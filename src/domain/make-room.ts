/**
 * Makes room in a Map used as a bounded cache, oldest (first inserted or re-inserted) entries first, before
 * one more is set. It trims a tenth of the bound at a time: V8's `map.keys().next()` steps over every entry
 * deleted since the table was last compacted, so taking one oldest entry per insertion cost more the larger
 * the bound (docs/decisions/0008-request-cost.md); one walk per tenth costs little per entry.
 */
export function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  if (map.size < max) return;
  let drop = map.size - max + Math.max(1, Math.ceil(max / 10));
  for (const key of map.keys()) {
    map.delete(key);
    if (--drop === 0) break;
  }
}
