// Names for generated titles, from patterns over the fixed word lists and faker's people names.
// A name that would disturb the curated search counts is drawn again (deterministically: same stream).

import { isReservedTitle } from './clean-title.js';
import { firstName, lastName } from './names.js';
import type { Rng } from './rng.js';
import { WORD_LISTS } from './word-lists.js';

const article = (word: string): string => (/^[AEIOU]/i.test(word) ? 'An' : 'A');

function filmPattern(rng: Rng): string {
  const noun = rng.pick(WORD_LISTS.title_nouns);
  switch (rng.int(0, 11)) {
    case 0:
      return `The ${noun}`;
    case 1:
    case 2:
      return `The ${rng.pick(WORD_LISTS.title_adjectives)} ${noun}`;
    case 3:
      return `${rng.pick(WORD_LISTS.title_adjectives)} ${noun}`;
    case 4:
      return `${noun} of the ${rng.pick(WORD_LISTS.title_nouns)}`;
    case 5:
      return `${noun} in ${rng.pick(WORD_LISTS.title_places)}`;
    case 6:
      return `${firstName(rng)}'s ${noun}`;
    case 7:
      return `${rng.pick(WORD_LISTS.title_gerunds)} ${firstName(rng)}`;
    case 8:
      return `Return to ${rng.pick(WORD_LISTS.title_places)}`;
    case 9:
      return `${article(noun)} ${noun} for ${firstName(rng)}`;
    case 10:
      return `${rng.pick(WORD_LISTS.title_adjectives)} ${noun}: ${rng.pick(WORD_LISTS.title_subtitles)}`;
    default:
      return `The ${noun} of ${firstName(rng)} ${lastName(rng)}`;
  }
}

function tvPattern(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `The ${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(WORD_LISTS.tv_pattern_nouns)}`;
    case 1:
      return `${rng.pick(WORD_LISTS.title_places).replace(/^the /, '')} ${rng.pick(['Police', 'General', 'Nights', 'Lives'])}`;
    case 2:
      return `${lastName(rng)} & ${lastName(rng)}`;
    case 3:
      return lastName(rng);
    default:
      return filmPattern(rng);
  }
}

function gamePattern(rng: Rng, genre: string): string {
  switch (genre) {
    case 'Racing':
      return `${rng.pick(WORD_LISTS.title_adjectives)} ${rng.pick(['Racing', 'Rally', 'Drift', 'Speed'])}${rng.chance(0.4) ? ` ${rng.int(2, 5)}` : ''}`;
    case 'Sports':
      return `${rng.pick(['Pro', 'World', 'Total', 'Ultimate'])} ${rng.pick(WORD_LISTS.sports)} ${rng.int(2005, 2020)}`;
    case 'Puzzle':
      return `${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(['Puzzle', 'Blocks', 'Logic', 'Match'])}`;
    default:
      return rng.chance(0.5)
        ? `${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(WORD_LISTS.game_nouns)}`
        : `${rng.pick(WORD_LISTS.title_adjectives)} ${rng.pick(WORD_LISTS.game_nouns)}: ${rng.pick(WORD_LISTS.title_subtitles)}`;
  }
}

function draw(make: () => string): string {
  for (;;) {
    const name = make();
    if (!isReservedTitle(name)) return name;
  }
}

export const filmName = (rng: Rng): string => draw(() => filmPattern(rng));
export const tvName = (rng: Rng): string => draw(() => tvPattern(rng));
export const gameName = (rng: Rng, genre: string): string => draw(() => gamePattern(rng, genre));
export const adultName = (rng: Rng): string => draw(() => `${rng.pick(WORD_LISTS.adult_adjectives)} ${rng.pick(WORD_LISTS.adult_nouns)}`);

/** The name of the n-th film of a franchise (n from 1): "Base", "Base 2", or "Base: Subtitle". */
export function sequelName(rng: Rng, base: string, n: number): string {
  if (n === 1) return base;
  return draw(() => (rng.chance(0.6) ? `${base} ${n}` : `${base}: ${rng.pick(WORD_LISTS.title_subtitles)}`));
}
