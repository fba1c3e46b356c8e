// Fixed vocabularies of the catalogue generator. Changing an entry changes every generated catalogue,
// so edit on purpose (the snapshot test in generate-catalog.test.ts will tell). No entry may contain
// "zzyzx" or start a word with "firefl": QA counts those words in the curated titles only. The lists that
// the curated file's schema names stay here, typed; the free words are data, in seeds/word-lists.yaml.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import type { PersonRole } from '../domain/types.js';
import { packageRoot } from '../package-root.js';

/** Video genres, each with its weight among a generated film's genres (only tv titles are Television, always). */
export const VIDEO_GENRE_WEIGHTS = [
  ['Action & Adventure', 11],
  ['Comedy', 14],
  ['Drama', 16],
  ['Horror', 6],
  ['Sci-Fi & Fantasy', 6],
  ['Thriller', 10],
  ['Romance', 7],
  ['Documentary', 5],
  ['Kids & Family', 6],
  ['Anime', 3],
  ['Music & Musicals', 4],
  ['Television', 0],
  ['War', 3],
  ['Westerns', 2],
  ['Crime', 7],
] as const;

export const VIDEO_GENRES = VIDEO_GENRE_WEIGHTS.map(([genre]) => genre);

export const GAME_GENRES = ['Action', 'Adventure', 'Racing', 'Sports', 'Puzzle', 'RPG', 'Shooter', 'Strategy'] as const;

export const VIDEO_FORMATS = ['DVD', 'Blu-ray'] as const;

/** Console formats with the years they sold games in (production years are drawn inside). */
export const CONSOLES: readonly { format: string; from: number; to: number }[] = [
  { format: 'PlayStation 3', from: 2006, to: 2016 },
  { format: 'PlayStation 4', from: 2013, to: 2022 },
  { format: 'Xbox 360', from: 2005, to: 2016 },
  { format: 'Xbox One', from: 2013, to: 2022 },
  { format: 'Wii', from: 2006, to: 2013 },
  { format: 'Nintendo DS', from: 2004, to: 2014 },
];

export const BBFC_CERTIFICATES = ['U', 'PG', '12', '12A', '15', '18', 'R18'] as const;
export const PEGI_CERTIFICATES = ['3', '7', '12', '16', '18'] as const;

export const PURCHASE_TYPES = ['rental', 'download to own', 'download to rent', 'streaming'] as const;

export const OTHER_LANGUAGES = ['French', 'German', 'Spanish', 'Japanese', 'Italian'] as const;

/** Roles that put a person in a title's actorIds (everyone on screen or on the soundtrack). */
export const PERFORMER_ROLES: readonly PersonRole[] = ['actor', 'dancer', 'drummer', 'narrator', 'singer', 'voice over'];

/** Role sets of generated people with their weights (most people act; some do one special thing). */
export const ROLE_SETS: readonly (readonly [PersonRole[], number])[] = [
  [['actor'], 68],
  [['director'], 13],
  [['actor', 'director'], 3],
  [['voice over'], 3],
  [['actor', 'voice over'], 3],
  [['singer'], 3],
  [['actor', 'singer'], 1],
  [['dancer'], 2],
  [['drummer'], 1.5],
  [['narrator'], 1.5],
  [['actor', 'narrator'], 1],
];

/** The lists of seeds/word-lists.yaml. */
const LISTS = [
  'studios',
  'game_publishers',
  'game_developers',
  'title_adjectives',
  'title_nouns',
  'title_places',
  'title_gerunds',
  'title_subtitles',
  'tv_pattern_nouns',
  'game_nouns',
  'sports',
  'adult_adjectives',
  'adult_nouns',
  'editions',
  'occupations',
  'synopsis_goals',
  'synopsis_events',
  'synopsis_tones',
  'review_titles',
  'review_sentences',
] as const;

/** seeds/word-lists.yaml, read when the generator loads (a child process: the server never imports this). */
export const WORD_LISTS = readWordLists();

function readWordLists(): Readonly<Record<(typeof LISTS)[number], readonly string[]>> {
  const path = join(packageRoot(), 'seeds', 'word-lists.yaml');
  const lists = (load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) ?? {}) as Record<string, unknown>;
  const words = z.array(z.string().min(1)).min(1);
  for (const key of LISTS) if (!words.safeParse(lists[key]).success) throw new Error(`${path}: ${key} must be a list of words`);
  return lists as Record<(typeof LISTS)[number], readonly string[]>;
}
