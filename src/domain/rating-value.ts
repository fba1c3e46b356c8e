import { errors } from './api-error.js';

/** Ratings run from 0.0 (worst) to 5.0 (best) (docs/reference/subscriber-resources.md#routes). */
export const MIN_RATING = 0;
export const MAX_RATING = 5;

// A plain decimal: no exponent, no sign other than the missing one, no hex; `4`, `4.5`, `.5`, `3.`.
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The `rating` parameter of a rating write: required, a decimal between 0.0 and 5.0. Kept to one decimal
 * place because that is all the answers show (formatRating), so what a client reads back is what it stored.
 */
export function parseRating(value: string | undefined): number {
  if (value === undefined || value.trim() === '') {
    throw errors.missingParameter('rating', `send rating as a number from ${MIN_RATING}.0 to ${MAX_RATING}.0, e.g. rating=4.5`);
  }
  const s = value.trim();
  const n = Number(s);
  if (!DECIMAL.test(s) || !Number.isFinite(n) || n < MIN_RATING || n > MAX_RATING) {
    throw errors.invalidParameter('rating', `${JSON.stringify(value)} is not a number from ${MIN_RATING}.0 to ${MAX_RATING}.0; send e.g. rating=4.5`);
  }
  return Math.round(n * 10) / 10;
}
