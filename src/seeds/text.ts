// What the generator writes, drawn with the seeded Rng: people's names, title names, and prose for synopses
// and biographies. People's names and home towns come straight from faker's English word lists: the same
// data as faker.person.fullName() and faker.location.city(), picked at a fraction of the cost (those go
// through faker's template engine, which dominated generating 50,000 people). Title names follow patterns
// over the fixed word lists; a name that would disturb the curated search counts is drawn again
// (deterministically: same stream). Prose is built from templates: faker's lorem would read as Latin and
// costs far more a paragraph; this reads like a sleeve note and keeps the large catalogue's synopses quick
// to generate.

import { en } from '@faker-js/faker';

import type { PersonRole, TitleKind } from '../domain/types.js';
import type { Rng } from './rng.js';
import { WORD_LISTS } from './word-lists.js';

// faker types every locale entry as optional (and the dependency is not pinned): fail with a clear message.
function list(values: readonly string[] | null | undefined, what: string): readonly string[] {
  if (!values || values.length === 0) throw new Error(`faker's en locale has no ${what}`);
  return values;
}

const FEMALE = list(en.person?.first_name?.female, 'female first names');
const MALE = list(en.person?.first_name?.male, 'male first names');
const LAST = list(en.person?.last_name?.generic, 'last names');
const CITIES = list(en.location?.city_name, 'city names');

export function firstName(rng: Rng): string {
  return rng.pick(rng.chance(0.5) ? FEMALE : MALE);
}

export function lastName(rng: Rng): string {
  return rng.pick(LAST);
}

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

/** Synopsis sentences about a drawn name, each equally likely. */
const SYNOPSIS_SENTENCES: readonly ((rng: Rng, name: string, kind: TitleKind, genre: string) => string)[] = [
  (rng, name) => `${name}, a ${rng.pick(WORD_LISTS.occupations)}, must ${rng.pick(WORD_LISTS.synopsis_goals)}.`,
  (rng, name) => `When ${rng.pick(WORD_LISTS.synopsis_events)}, ${name} sets out to ${rng.pick(WORD_LISTS.synopsis_goals)}.`,
  (rng, _, kind, genre) =>
    `Set in ${rng.pick(WORD_LISTS.title_places)}, this is ${rng.pick(WORD_LISTS.synopsis_tones)} ${genre.toLowerCase()} ${kind === 'game' ? 'game' : 'story'}.`,
  (rng, name) => `Nobody expected the ${rng.pick(WORD_LISTS.title_nouns).toLowerCase()} to change everything for ${name}.`,
  (rng, _, kind) =>
    kind === 'game'
      ? `Play alone or with friends across ${rng.int(8, 60)} levels.`
      : `A ${rng.pick(['haunting', 'rousing', 'playful', 'brooding'])} score and a cast at the top of its game.`,
  (rng, name) => `${name} and ${firstName(rng)} have ${rng.int(2, 30)} days before ${rng.pick(WORD_LISTS.synopsis_events)}.`,
];

function paragraph(rng: Rng, kind: TitleKind, genre: string): string {
  return Array.from({ length: rng.int(1, 4) }, () => {
    const name = firstName(rng);
    return rng.pick(SYNOPSIS_SENTENCES)(rng, name, kind, genre);
  }).join(' ');
}

/** 1-4 paragraphs (mostly 1-2), separated by blank lines; many run past the 200 characters of the embedded cut. */
export function synopsis(rng: Rng, kind: TitleKind, genre: string): string {
  const count = rng.weighted([
    [1, 45],
    [2, 30],
    [3, 17],
    [4, 8],
  ] as const);
  return Array.from({ length: count }, () => paragraph(rng, kind, genre)).join('\n\n');
}

export function biography(rng: Rng, name: string, roles: readonly PersonRole[]): string {
  const what = roles.map((role) => (role === 'voice over' ? 'voice artist' : role)).join(' and ');
  const born = `${name} is ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} born in ${rng.pick(CITIES)} in ${rng.int(1920, 2004)}.`;
  const career = rng.pick([
    `After years in repertory theatre, ${name.split(' ')[0]} broke through with a small part that critics could not stop talking about.`,
    `${name.split(' ')[0]} trained at drama school and has worked steadily in film and television ever since.`,
    `Known for an eye for detail, ${name.split(' ')[0]} has won several festival awards.`,
    `Before turning professional, ${name.split(' ')[0]} worked as a ${rng.pick(WORD_LISTS.occupations)}.`,
  ]);
  return `${born} ${career}`;
}
