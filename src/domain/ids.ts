/**
 * The largest id the simulator hands out or reads from a scenario: the API's routes take an id of at most
 * 15 digits (`pathId`), and every number that short is a safe integer, so an id read back from SQLite is the
 * id written. A sequence past it would create rows no request can address, and past 2^53 ids that read back
 * as their neighbours.
 */
export const MAX_ID = 999_999_999_999_999;

/**
 * The sandbox sequences (src/store/sequences.ts) whose values are row ids, and where each starts: far apart,
 * so that a queue's, a list's, a review's and a rental's ids do not meet in one world. The other sequences
 * are orders and start at 1. A scenario's explicit ids raise their sequence past them.
 */
export const ROW_ID_STARTS: ReadonlyMap<string, number> = new Map([
  ['queue', 1001],
  ['list', 7001],
  ['review', 900_001],
  ['rental', 500_001],
]);

/** The first value of the named sequence. */
export const sequenceStart = (name: string): number => ROW_ID_STARTS.get(name) ?? 1;

/** The id a path segment names: 1 to 15 digits and above 0 (ids start at 1), else undefined. */
export function pathId(raw: unknown): number | undefined {
  const s = String(raw ?? '');
  return /^\d{1,15}$/.test(s) && Number(s) > 0 ? Number(s) : undefined;
}
