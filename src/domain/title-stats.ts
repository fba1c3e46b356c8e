import type { TitleStats } from './types.js';

export const BIN_LABELS = ['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'] as const;

/** The histogram bin (0-9) a user's rating falls in: the nearest half star, 0 counting as half a star. */
export function binOf(rating: number): number {
  return Math.min(10, Math.max(1, Math.round(rating * 2))) - 1;
}

/**
 * A title's statistics as a sandbox shows them: the catalogue's histogram plus its users' ratings.
 * number_of_ratings is the sum of the bins and rating the bin-weighted mean rounded to the nearest 0.5
 * (docs/reference/wire-format.md#the-catalog_title).
 */
export function titleStats(base: readonly number[], userRatings: readonly number[] = []): TitleStats {
  const histogram = base.slice(0, 10);
  while (histogram.length < 10) histogram.push(0);
  for (const r of userRatings) histogram[binOf(r)]! += 1;
  const count = histogram.reduce((sum, n) => sum + n, 0);
  const weighted = histogram.reduce((sum, n, i) => sum + n * (i + 1) * 0.5, 0);
  return { histogram, numberOfRatings: count, average: count === 0 ? undefined : Math.round((weighted / count) * 2) / 2 };
}
