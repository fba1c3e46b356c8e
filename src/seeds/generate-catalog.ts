// The deterministic catalogue: curated rows (fixed ids, seeds/curated.yaml) plus generated ones. The same
// options always give byte-identical output: every draw comes from seeded Faker streams, never the clock
// or Math.random. Everything is generated against a fixed anchor date, then generated release and review
// dates are translated to `today`: ids, kinds, formats and discs never depend on the day the simulator runs,
// so scenarios that name generated ids keep loading, while "coming soon" stays in the future.

import type { CatalogData } from '../store/catalog-db.js';
import { castingFrom } from './casting.js';
import { dateOfDay, dayNumber } from './days.js';
import { generatePeople } from './generate-people.js';
import { generateReviews } from './generate-reviews.js';
import { generateTitles } from './generate-titles.js';
import { withPopularityRanks } from './histogram.js';
import { assignSimilarIds, withFilmographies } from './link-catalog.js';
import { loadCurated } from './load-curated.js';
import { Rng } from './rng.js';

export interface CatalogOptions {
  seed: number;
  /** Generated title rows (a multi-disc series counts each disc), ids from 10001. */
  titles: number;
  /** Generated people, ids from 20001. */
  people: number;
  /** Include seeds/curated.yaml (ids 1..999). */
  curated: boolean;
  /** YYYY-MM-DD: release dates, "coming soon" and "new releases" are relative to it. */
  today: string;
}

/** The day the generator's structure is fixed to; only dates move with `today`. */
export const GENERATION_ANCHOR = '2026-11-01';

/** Independent streams, so that e.g. a different people count leaves every title name as it was. */
const STREAM = { people: 1, titles: 2, casting: 3, similars: 4, reviews: 5 } as const;

/** `curatedRows` replaces seeds/curated.yaml when `options.curated` is true (tests use it). */
export function generateCatalog(options: CatalogOptions, curatedRows?: CatalogData): CatalogData {
  const { seed } = options;
  if (!Number.isInteger(options.titles) || options.titles < 0) throw new Error(`catalog titles must be a whole number >= 0, got ${options.titles}`);
  if (!Number.isInteger(options.people) || options.people < 0) throw new Error(`catalog people must be a whole number >= 0, got ${options.people}`);
  const today = dayNumber(options.today);
  const anchor = dayNumber(GENERATION_ANCHOR);
  const curated = options.curated ? (curatedRows ?? loadCurated()) : { titles: [], people: [], reviews: [] };

  const generatedPeople = generatePeople(new Rng(seed, STREAM.people), options.people);
  const casting = castingFrom(new Rng(seed, STREAM.casting), generatedPeople);
  const anchoredTitles = generateTitles(new Rng(seed, STREAM.titles), casting, options.titles, anchor);
  assignSimilarIds(new Rng(seed, STREAM.similars), anchoredTitles);
  const anchoredReviews = generateReviews(new Rng(seed, STREAM.reviews), anchoredTitles, anchor);
  const generatedTitles = anchoredTitles.map((t) => (t.releaseDate ? { ...t, releaseDate: shiftDate(t.releaseDate, today - anchor) } : t));
  const generatedReviews = anchoredReviews.map((r) => ({ ...r, created: shiftDate(r.created.slice(0, 10), today - anchor) + r.created.slice(10) }));

  const titles = withPopularityRanks([...curated.titles, ...generatedTitles]);
  return {
    titles,
    people: withFilmographies([...curated.people, ...generatedPeople], titles),
    reviews: [...curated.reviews, ...generatedReviews],
  };
}

/** A YYYY-MM-DD date moved by whole days. */
function shiftDate(date: string, days: number): string {
  return days === 0 ? date : dateOfDay(dayNumber(date) + days);
}
