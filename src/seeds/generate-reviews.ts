// Catalogue reviews by the wider world: about 30% of released, rated titles (not discs) have 1-5. A review's
// rating follows the title's histogram, and it was written after release and before `today`.

import type { Review, Title } from '../domain/types.js';
import { dateTimeOfDay, dayNumber } from './days.js';
import { ratingCount } from './histogram.js';
import { firstName, lastName } from './names.js';
import type { Rng } from './rng.js';
import { WORD_LISTS } from './word-lists.js';

export const FIRST_GENERATED_REVIEW_ID = 10_001;
const TEN_YEARS = 3652;

function author(rng: Rng): string {
  const first = firstName(rng);
  return rng.chance(0.5) ? `${first} ${lastName(rng).charAt(0)}.` : `${first.toLowerCase()}${rng.int(1, 999)}`;
}

export function generateReviews(rng: Rng, titles: readonly Title[], today: number): Review[] {
  const reviews: Review[] = [];
  for (const title of titles) {
    // Reviewers rated the title too: one nobody has rated has no reviews.
    if (title.parentId !== undefined || !title.releaseDate || ratingCount(title.baseHistogram) === 0 || !rng.chance(0.33)) continue;
    const released = dayNumber(title.releaseDate);
    if (released >= today) continue;
    const earliest = Math.max(released, today - TEN_YEARS);
    for (let n = rng.int(1, 5); n > 0; n--) {
      const helpful = Math.floor(Math.pow(rng.float(), 3) * 60);
      reviews.push({
        id: FIRST_GENERATED_REVIEW_ID + reviews.length,
        titleId: title.id,
        author: author(rng),
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
