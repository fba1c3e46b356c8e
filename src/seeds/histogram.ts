// Ratings by the wider world: 10 bins for 0.5..5. How many ratings a title has follows a long tail (a
// few titles have tens of thousands, about one in ten has none); how they spread follows the title's
// quality. The catalogue's "most popular" facet is the top 100 by number of ratings (generate-catalog ranks them).

import type { Rng } from './rng.js';

export const HISTOGRAM_BINS = 10;
/** No generated title reaches this; a curated title above it is the most popular whatever the seed. */
export const MAX_GENERATED_RATINGS = 60_000;

/** How many people rated a title: 0 for about 10%, median about 25, tail into the tens of thousands. */
export function drawRatingCount(rng: Rng, scale = 1): number {
  if (rng.chance(0.1)) return 0;
  const count = Math.round(Math.exp(rng.normal(3.2, 1.7)) * scale);
  return Math.min(count, MAX_GENERATED_RATINGS);
}

/**
 * Bins for `count` ratings around a drawn quality (a mean rating, 0.5..5: most titles are middling, a few are
 * loved or loathed); their sum is close to `count`.
 */
export function drawHistogram(rng: Rng, count: number): number[] {
  const quality = Math.min(4.9, Math.max(0.8, rng.normal(3.4, 0.75)));
  const weights = Array.from({ length: HISTOGRAM_BINS }, (_, bin) => {
    const distance = (bin + 1) / 2 - quality;
    return Math.exp(-(distance * distance) / (2 * 0.8 * 0.8));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (count > 40) return weights.map((weight) => Math.round((count * weight * (0.9 + 0.2 * rng.float())) / total));
  // Few ratings: draw each one, so small titles look lumpy like real ones.
  const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
  const byBin = weights.map((weight, bin) => [bin, weight] as const);
  for (let i = 0; i < count; i++) bins[rng.weighted(byBin)]! += 1;
  return bins;
}

/** The sum of a histogram's bins. */
export function ratingCount(histogram: readonly number[]): number {
  return histogram.reduce((sum, count) => sum + count, 0);
}
