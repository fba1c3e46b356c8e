// Names for generated titles, from patterns over the fixed word lists and faker's people names.
// A name that would disturb the curated search counts is drawn again (deterministically: same stream).

import { firstName, lastName } from './text.js';
import type { Rng } from './rng.js';
import { WORD_LISTS } from './word-lists.js';

const article = (word: string): string => (/^[AEIOU]/i.test(word) ? 'An' : 'A');

/** Film names around a drawn noun, each pattern equally likely (so "The Adjective Noun" twice as likely). */
const FILM_PATTERNS: readonly ((rng: Rng, noun: string) => string)[] = [
  (_, noun) => `The ${noun}`,
  (rng, noun) => `The ${rng.pick(WORD_LISTS.title_adjectives)} ${noun}`,
  (rng, noun) => `The ${rng.pick(WORD_LISTS.title_adjectives)} ${noun}`,
  (rng, noun) => `${rng.pick(WORD_LISTS.title_adjectives)} ${noun}`,
  (rng, noun) => `${noun} of the ${rng.pick(WORD_LISTS.title_nouns)}`,
  (rng, noun) => `${noun} in ${rng.pick(WORD_LISTS.title_places)}`,
  (rng, noun) => `${firstName(rng)}'s ${noun}`,
  (rng) => `${rng.pick(WORD_LISTS.title_gerunds)} ${firstName(rng)}`,
  (rng) => `Return to ${rng.pick(WORD_LISTS.title_places)}`,
  (rng, noun) => `${article(noun)} ${noun} for ${firstName(rng)}`,
  (rng, noun) => `${rng.pick(WORD_LISTS.title_adjectives)} ${noun}: ${rng.pick(WORD_LISTS.title_subtitles)}`,
  (rng, noun) => `The ${noun} of ${firstName(rng)} ${lastName(rng)}`,
];

function filmPattern(rng: Rng): string {
  const noun = rng.pick(WORD_LISTS.title_nouns);
  return rng.pick(FILM_PATTERNS)(rng, noun);
}

/** TV names, each pattern equally likely: a third of them are film names. */
const TV_PATTERNS: readonly ((rng: Rng) => string)[] = [
  (rng) => `The ${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(WORD_LISTS.tv_pattern_nouns)}`,
  (rng) => `${rng.pick(WORD_LISTS.title_places).replace(/^the /, '')} ${rng.pick(['Police', 'General', 'Nights', 'Lives'])}`,
  (rng) => `${lastName(rng)} & ${lastName(rng)}`,
  lastName,
  filmPattern,
  filmPattern,
];

/** Game names of the genres with names of their own; the rest share `gamePattern`. */
const GAME_PATTERNS: Readonly<Record<string, (rng: Rng) => string>> = {
  Racing: (rng) => `${rng.pick(WORD_LISTS.title_adjectives)} ${rng.pick(['Racing', 'Rally', 'Drift', 'Speed'])}${rng.chance(0.4) ? ` ${rng.int(2, 5)}` : ''}`,
  Sports: (rng) => `${rng.pick(['Pro', 'World', 'Total', 'Ultimate'])} ${rng.pick(WORD_LISTS.sports)} ${rng.int(2005, 2020)}`,
  Puzzle: (rng) => `${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(['Puzzle', 'Blocks', 'Logic', 'Match'])}`,
};

const gamePattern = (rng: Rng): string =>
  rng.chance(0.5)
    ? `${rng.pick(WORD_LISTS.title_nouns)} ${rng.pick(WORD_LISTS.game_nouns)}`
    : `${rng.pick(WORD_LISTS.title_adjectives)} ${rng.pick(WORD_LISTS.game_nouns)}: ${rng.pick(WORD_LISTS.title_subtitles)}`;

// QA counts these words in the curated titles ("zzyzx" finds exactly one title, "firefly" finds the
// Firefly discs and "Fireflies in the Garden"), so no generated title may contain them.
const RESERVED = /zzyzx|(?:^|[^\p{L}\p{N}])firefl/iu;

/** True when a generated title would disturb the curated search counts. */
export const isReservedTitle = (title: string): boolean => RESERVED.test(title);

function draw(make: () => string): string {
  for (;;) {
    const name = make();
    if (!isReservedTitle(name)) return name;
  }
}

export const filmName = (rng: Rng): string => draw(() => filmPattern(rng));
export const tvName = (rng: Rng): string => draw(() => rng.pick(TV_PATTERNS)(rng));
export const gameName = (rng: Rng, genre: string): string => draw(() => (GAME_PATTERNS[genre] ?? gamePattern)(rng));
export const adultName = (rng: Rng): string => draw(() => `${rng.pick(WORD_LISTS.adult_adjectives)} ${rng.pick(WORD_LISTS.adult_nouns)}`);

/** The name of the n-th film of a franchise (n from 1): "Base", "Base 2", or "Base: Subtitle". */
export function sequelName(rng: Rng, base: string, n: number): string {
  if (n === 1) return base;
  return draw(() => (rng.chance(0.6) ? `${base} ${n}` : `${base}: ${rng.pick(WORD_LISTS.title_subtitles)}`));
}
