/**
 * The largest id the simulator hands out or reads from a scenario: the API's routes take an id of at most
 * 15 digits (`pathId`), and every number that short is a safe integer, so an id read back from SQLite is the
 * id written. A sequence past it would create rows no request can address, and past 2^53 ids that read back
 * as their neighbours.
 */
export const MAX_ID = 999_999_999_999_999;

/** The id a path segment names: 1 to 15 digits and above 0 (ids start at 1), else undefined. */
export function pathId(raw: unknown): number | undefined {
  const s = String(raw ?? '');
  return /^\d{1,15}$/.test(s) && Number(s) > 0 ? Number(s) : undefined;
}
