// The deterministic catalogue: curated rows (fixed ids, seeds/curated.yaml) plus generated ones. The same
// options always give byte-identical output: every draw comes from seeded Faker streams, never the clock
// or Math.random. Everything is generated against a fixed anchor date, then generated release and review
// dates are translated to `today`: ids, kinds, formats and discs never depend on the day the simulator runs,
// so scenarios that name generated ids keep loading, while "coming soon" stays in the future.

import type { Person, PersonRole, Review, Title } from '../domain/types.js';
import type { CatalogData } from '../store/catalog-db.js';
import { dateOfDay, dateTimeOfDay, dayNumber } from './days.js';
import { castingFrom, generateTitles } from './generate-titles.js';
import { ratingCount } from './histogram.js';
import { loadCurated } from './load-curated.js';
import { Rng } from './rng.js';
import { biography, firstName, lastName } from './text.js';
import { ROLE_SETS, WORD_LISTS } from './word-lists.js';

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

export function generateCatalog(options: CatalogOptions): CatalogData {
  const { seed } = options;
  if (!Number.isInteger(options.titles) || options.titles < 0) throw new Error(`catalog titles must be a whole number >= 0, got ${options.titles}`);
  if (!Number.isInteger(options.people) || options.people < 0) throw new Error(`catalog people must be a whole number >= 0, got ${options.people}`);
  const today = dayNumber(options.today);
  const anchor = dayNumber(GENERATION_ANCHOR);
  const curated = options.curated ? loadCurated() : { titles: [], people: [], reviews: [] };

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

const FIRST_GENERATED_PERSON_ID = 20_001;

/**
 * Generated people: a name, the roles they hold and a short biography. Filmographies are filled in once
 * every title is cast (withFilmographies), so they hold exactly the titles that reference the person.
 */
function generatePeople(rng: Rng, count: number): Person[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${firstName(rng)} ${lastName(rng)}`;
    const roles: PersonRole[] = [...rng.weighted(ROLE_SETS)];
    return { id: FIRST_GENERATED_PERSON_ID + i, name, roles, biography: biography(rng, name, roles), filmography: [] };
  });
}

const FIRST_GENERATED_REVIEW_ID = 10_001;
const TEN_YEARS = 3652;

/**
 * Catalogue reviews by the wider world: about 30% of released, rated titles (not discs) have 1-5. A review's
 * rating follows the title's histogram, and it was written after release and before `today`.
 */
function generateReviews(rng: Rng, titles: readonly Title[], today: number): Review[] {
  const reviews: Review[] = [];
  for (const title of titles) {
    // Reviewers rated the title too: one nobody has rated has no reviews.
    if (title.parentId !== undefined || !title.releaseDate || ratingCount(title.baseHistogram) === 0 || !rng.chance(0.33)) continue;
    const released = dayNumber(title.releaseDate);
    if (released >= today) continue;
    const earliest = Math.max(released, today - TEN_YEARS);
    for (let n = rng.int(1, 5); n > 0; n--) {
      const helpful = Math.floor(Math.pow(rng.float(), 3) * 60);
      const first = firstName(rng);
      reviews.push({
        id: FIRST_GENERATED_REVIEW_ID + reviews.length,
        titleId: title.id,
        author: rng.chance(0.5) ? `${first} ${lastName(rng).charAt(0)}.` : `${first.toLowerCase()}${rng.int(1, 999)}`,
        created: dateTimeOfDay(rng.int(earliest, today - 1), rng.int(0, 86_399)),
        reviewTitle: rng.pick(WORD_LISTS.review_titles),
        reviewText: rng.sample(WORD_LISTS.review_sentences, rng.int(1, 4)).join(' '),
        helpful,
        unhelpful: Math.floor(Math.pow(rng.float(), 2) * 12),
        spoilers: rng.chance(0.1),
        rating: rng.weighted(title.baseHistogram.map((count, bin) => [(bin + 1) / 2, count] as const)),
      });
    }
  }
  return reviews;
}

/**
 * Gives each of the generated `titles` (curated ones list their own) that is neither a disc nor adult 0-8
 * similar titles sharing one of its genres. Sets `similarIds` in place: the generator owns these rows, and
 * copying 100,000 titles would cost more than drawing them.
 */
function assignSimilarIds(rng: Rng, titles: readonly Title[]): void {
  const eligible = titles.filter((title) => title.parentId === undefined && !title.adult);
  const byGenre = new Map<string, number[]>();
  for (const title of eligible) {
    for (const genre of title.genres) {
      let ids = byGenre.get(genre);
      if (!ids) byGenre.set(genre, (ids = []));
      ids.push(title.id);
    }
  }
  for (const title of eligible) {
    const pool = byGenre.get(rng.pick(title.genres)) ?? [];
    const wanted = Math.min(rng.int(0, 8), pool.length - 1);
    // Seeded with the title itself, which is thus never drawn as its own similar, then dropped.
    title.similarIds = rng.fill([title.id], wanted + 1, wanted * 4, () => rng.pick(pool)).slice(1);
  }
}

/**
 * Copies of `people` with filmographies rebuilt from the titles' actorIds and directorIds: exactly the titles
 * that name them, newest production year first, ties by id.
 */
function withFilmographies(people: readonly Person[], titles: readonly Title[]): Person[] {
  // Walking the titles newest first fills every filmography already in order: one sort, not one per person.
  const newestFirst = titles.slice().sort((a, b) => (b.productionYear ?? 0) - (a.productionYear ?? 0) || a.id - b.id);
  const credits = new Map<number, number[]>();
  for (const title of newestFirst) {
    // Someone who acts in and directs a title lists it once.
    for (const personId of new Set([...title.actorIds, ...title.directorIds])) {
      const list = credits.get(personId);
      if (list) list.push(title.id);
      else credits.set(personId, [title.id]);
    }
  }
  return people.map((person) => ({ ...person, filmography: credits.get(person.id) ?? [] }));
}

/**
 * The titles with popularityRank 1..100 on the most rated (ties: lower id first); no row comes in ranked, so
 * the rest stay as they are. Only ranked titles are copied: copying 100,000 titles cost more than generating them.
 */
function withPopularityRanks(titles: readonly Title[]): Title[] {
  const rankById = new Map(
    titles
      .map((title) => ({ id: title.id, count: ratingCount(title.baseHistogram) }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count || a.id - b.id)
      .slice(0, 100)
      .map((entry, index) => [entry.id, index + 1]),
  );
  return titles.map((title) => {
    const rank = rankById.get(title.id);
    return rank === undefined ? title : { ...title, popularityRank: rank };
  });
}
