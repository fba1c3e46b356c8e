// Names for generated titles, from patterns over the fixed word lists and faker's people names.
// A name that would disturb the curated search counts is drawn again (deterministically: same stream).

import { isReservedTitle } from './clean-title.js';
import { firstName, lastName } from './names.js';
import type { Rng } from './rng.js';
import {
  ADULT_ADJECTIVES,
  ADULT_NOUNS,
  GAME_NOUNS,
  SPORTS,
  TITLE_ADJECTIVES,
  TITLE_GERUNDS,
  TITLE_NOUNS,
  TITLE_PLACES,
  TITLE_SUBTITLES,
  TV_PATTERN_NOUNS,
} from './word-lists.js';

const article = (word: string): string => (/^[AEIOU]/i.test(word) ? 'An' : 'A');

function filmPattern(rng: Rng): string {
  const noun = rng.pick(TITLE_NOUNS);
  switch (rng.int(0, 11)) {
    case 0:
      return `The ${noun}`;
    case 1:
    case 2:
      return `The ${rng.pick(TITLE_ADJECTIVES)} ${noun}`;
    case 3:
      return `${rng.pick(TITLE_ADJECTIVES)} ${noun}`;
    case 4:
      return `${noun} of the ${rng.pick(TITLE_NOUNS)}`;
    case 5:
      return `${noun} in ${rng.pick(TITLE_PLACES)}`;
    case 6:
      return `${firstName(rng)}'s ${noun}`;
    case 7:
      return `${rng.pick(TITLE_GERUNDS)} ${firstName(rng)}`;
    case 8:
      return `Return to ${rng.pick(TITLE_PLACES)}`;
    case 9:
      return `${article(noun)} ${noun} for ${firstName(rng)}`;
    case 10:
      return `${rng.pick(TITLE_ADJECTIVES)} ${noun}: ${rng.pick(TITLE_SUBTITLES)}`;
    default:
      return `The ${noun} of ${firstName(rng)} ${lastName(rng)}`;
  }
}

function tvPattern(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `The ${rng.pick(TITLE_NOUNS)} ${rng.pick(TV_PATTERN_NOUNS)}`;
    case 1:
      return `${rng.pick(TITLE_PLACES).replace(/^the /, '')} ${rng.pick(['Police', 'General', 'Nights', 'Lives'])}`;
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
      return `${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(['Racing', 'Rally', 'Drift', 'Speed'])}${rng.chance(0.4) ? ` ${rng.int(2, 5)}` : ''}`;
    case 'Sports':
      return `${rng.pick(['Pro', 'World', 'Total', 'Ultimate'])} ${rng.pick(SPORTS)} ${rng.int(2005, 2020)}`;
    case 'Puzzle':
      return `${rng.pick(TITLE_NOUNS)} ${rng.pick(['Puzzle', 'Blocks', 'Logic', 'Match'])}`;
    default:
      return rng.chance(0.5)
        ? `${rng.pick(TITLE_NOUNS)} ${rng.pick(GAME_NOUNS)}`
        : `${rng.pick(TITLE_ADJECTIVES)} ${rng.pick(GAME_NOUNS)}: ${rng.pick(TITLE_SUBTITLES)}`;
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
export const adultName = (rng: Rng): string => draw(() => `${rng.pick(ADULT_ADJECTIVES)} ${rng.pick(ADULT_NOUNS)}`);

/** The name of the n-th film of a franchise (n from 1): "Base", "Base 2", or "Base: Subtitle". */
export function sequelName(rng: Rng, base: string, n: number): string {
  if (n === 1) return base;
  return draw(() => (rng.chance(0.6) ? `${base} ${n}` : `${base}: ${rng.pick(TITLE_SUBTITLES)}`));
}
