/**
 * The distinct ids of `lists`, all below `limit`, ascending: by marking each id in a byte per possible id and
 * reading the marks in order. A pass over every id below `limit`, so it is the way only for many ids (a few
 * thousand and up on the large catalogue); fewer are cheaper to sort.
 */
export function ascendingDistinct(lists: readonly Int32Array[], limit: number): Int32Array {
  const marks = new Uint8Array(limit);
  let count = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const id = list[i]!;
      if (marks[id] === 0) {
        marks[id] = 1;
        count++;
      }
    }
  }
  const out = new Int32Array(count);
  let n = 0;
  for (let id = 0; id < limit; id++) if (marks[id] !== 0) out[n++] = id;
  return out;
}
