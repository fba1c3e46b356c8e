import { errors } from './api-error.js';

/** Default priority of an added title (docs/reference/queues-and-lists.md#routes). */
export const DEFAULT_PRIORITY = 2;

/**
 * `priority`: an integer 1 (high) to 3 (low). Absent or blank -> the fallback (2 on POST, unchanged on PUT);
 * anything else -> 400, and the request changes nothing.
 */
export function parsePriority(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (!/^[+]?0*[1-3]$/.test(v)) {
    throw errors.invalidParameter('priority', `${JSON.stringify(value)} is not a priority; send 1 (high), 2 (default) or 3 (low)`);
  }
  return Number(v);
}
