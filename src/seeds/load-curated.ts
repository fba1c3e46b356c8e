// Reads seeds/curated.yaml into domain rows: its shape (the file's header comment explains each key), then the
// rules that span entries (ids exist, roles fit credits, certificates fit the board): curatedProblems. A bad
// file stops start-up with every problem and its path.

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';

import { PERSON_ROLES, type Person, type PersonRole, type Review, type Title } from '../domain/types.js';
import { packageRoot } from '../package-root.js';
import type { CatalogData } from '../store/catalog-db.js';
import { cleanTitle } from './clean-title.js';
import { discOf } from './generate-titles.js';
import { BBFC_CERTIFICATES, CONSOLES, GAME_GENRES, PEGI_CERTIFICATES, PERFORMER_ROLES, PURCHASE_TYPES, VIDEO_FORMATS, VIDEO_GENRES } from './word-lists.js';

const CONSOLE_FORMATS = CONSOLES.map((console) => console.format);
/** Curated rows use ids 1..999; generated ones start far above. */
const id = z.number().int().min(1).max(999);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD (quote it)');
/** Ratings by the wider world, 10 bins for 0.5..5; none when left out. */
const histogram = z.array(z.number().int().min(0)).length(10, 'expected 10 bins, for ratings 0.5 to 5').default([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const ids = z.array(id).default([]);

const titleSchema = z.strictObject({
  id,
  title: z.string().min(1),
  clean: z.string().min(1).optional(),
  kind: z.enum(['film', 'tv', 'game']),
  studio: z.string().optional(),
  release_date: isoDate.optional(),
  production_year: z.number().int().min(1888).max(2100).optional(),
  run_time: z.number().int().positive().optional(),
  players: z.number().int().min(1).optional(),
  developer: z.string().optional(),
  can_rent: z.boolean().default(true),
  adult: z.boolean().default(false),
  format: z.enum([...VIDEO_FORMATS, ...CONSOLE_FORMATS]),
  certificate: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.enum([...new Set([...BBFC_CERTIFICATES, ...PEGI_CERTIFICATES])])),
  genres: z.array(z.enum([...VIDEO_GENRES, ...GAME_GENRES])).min(1),
  languages: z
    .strictObject({
      main: z.array(z.string()).default([]),
      hearing_impaired: z.array(z.string()).default([]),
      dubbed: z.array(z.string()).default([]),
    })
    .transform((languages) => ({ main: languages.main, hearingImpaired: languages.hearing_impaired, dubbed: languages.dubbed }))
    .optional(),
  purchase: z.array(z.enum(PURCHASE_TYPES)).default([]),
  synopsis: z.string().min(1),
  histogram,
  actors: ids,
  directors: ids,
  similar: ids,
  discs: z.array(z.strictObject({ id, run_time: z.number().int().positive().optional(), histogram })).default([]),
});

const personSchema = z.strictObject({
  id,
  name: z.string().min(1),
  roles: z.array(z.enum(PERSON_ROLES)).min(1),
  biography: z.string().default(''),
});

const reviewSchema = z.strictObject({
  id,
  title: id,
  author: z.string().min(1),
  created: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected YYYY-MM-DDTHH:MM:SSZ'),
  review_title: z.string(),
  text: z.string(),
  rating: z.number().min(0.5).max(5).multipleOf(0.5),
  helpful: z.number().int().min(0).default(0),
  unhelpful: z.number().int().min(0).default(0),
  spoilers: z.boolean().default(false),
});

const curatedSchema = z.strictObject({
  people: z.array(personSchema).default([]),
  titles: z.array(titleSchema).default([]),
  collections: z.array(z.strictObject({ id, name: z.string().min(1), titles: z.array(id).min(1) })).default([]),
  reviews: z.array(reviewSchema).default([]),
});

type CuratedFile = z.output<typeof curatedSchema>;
type CuratedTitle = CuratedFile['titles'][number];

// Rules of seeds/curated.yaml that span entries. Each problem names the path of the bad entry, so a
// mistake in the file reads like "titles[4].actors[1]: person 99 is not in people".

function curatedProblems(file: CuratedFile): string[] {
  const problems: string[] = [];
  const firstUse = new Map<string, string>();
  const unique = (what: string, path: string, id: number): void => {
    const first = firstUse.get(`${what} ${id}`);
    if (first) problems.push(`${path}: ${what} id ${id} is already used by ${first}`);
    else firstUse.set(`${what} ${id}`, path);
  };
  file.titles.forEach((title, i) => {
    unique('title', `titles[${i}].id`, title.id);
    title.discs.forEach((disc, j) => unique('title', `titles[${i}].discs[${j}].id`, disc.id));
  });
  for (const [field, what] of [
    ['people', 'person'],
    ['reviews', 'review'],
    ['collections', 'collection'],
  ] as const) {
    file[field].forEach((entry, i) => unique(what, `${field}[${i}].id`, entry.id));
  }

  const knownTitles = new Set(file.titles.flatMap((title) => [title.id, ...title.discs.map((disc) => disc.id)]));
  const people = new Map(file.people.map((person) => [person.id, person]));
  const credit = (path: string, personId: number, as: 'actors' | 'directors', fits: (role: PersonRole) => boolean): void => {
    const person = people.get(personId);
    if (!person) problems.push(`${path}: person ${personId} is not in people`);
    else if (!person.roles.some(fits)) problems.push(`${path}: ${person.name} (${personId}) has no role that fits ${as}`);
  };

  file.titles.forEach((title, i) => {
    const at = `titles[${i}]`;
    const game = title.kind === 'game';
    const certificates: readonly string[] = game ? PEGI_CERTIFICATES : BBFC_CERTIFICATES;
    if (!certificates.includes(title.certificate))
      problems.push(`${at}.certificate: "${title.certificate}" is not a ${game ? 'pegi' : 'bbfc'} certificate (${certificates.join(', ')})`);
    if (title.certificate === 'R18' && !title.adult) problems.push(`${at}.certificate: R18 is only for adult titles (adult: true)`);
    const formats: readonly string[] = game ? CONSOLE_FORMATS : VIDEO_FORMATS;
    if (!formats.includes(title.format)) problems.push(`${at}.format: "${title.format}" is not a ${title.kind} format (${formats.join(', ')})`);
    const genres: readonly string[] = game ? GAME_GENRES : VIDEO_GENRES;
    title.genres.forEach((genre, j) => {
      if (!genres.includes(genre)) problems.push(`${at}.genres[${j}]: "${genre}" is not a ${game ? 'game' : 'video'} genre`);
    });
    if (game) {
      for (const key of ['actors', 'directors', 'discs'] as const) if (title[key].length > 0) problems.push(`${at}.${key}: games have none`);
      for (const key of ['languages', 'run_time'] as const) if (title[key] !== undefined) problems.push(`${at}.${key}: games have none`);
    } else {
      for (const key of ['players', 'developer'] as const) if (title[key] !== undefined) problems.push(`${at}.${key}: only games have it`);
    }
    if (title.kind === 'film' && title.discs.length > 0) problems.push(`${at}.discs: only tv titles have discs`);
    title.actors.forEach((personId, j) => credit(`${at}.actors[${j}]`, personId, 'actors', (role) => PERFORMER_ROLES.includes(role)));
    title.directors.forEach((personId, j) => credit(`${at}.directors[${j}]`, personId, 'directors', (role) => role === 'director'));
    title.similar.forEach((similarId, j) => {
      if (similarId === title.id || !knownTitles.has(similarId)) problems.push(`${at}.similar[${j}]: ${similarId} is not another curated title`);
    });
  });

  // Every role a person holds shows in their credits: performers act in something, directors direct.
  const acting = new Set(file.titles.flatMap((title) => title.actors));
  const directing = new Set(file.titles.flatMap((title) => title.directors));
  file.people.forEach((person, i) => {
    if (person.roles.some((role) => PERFORMER_ROLES.includes(role)) && !acting.has(person.id))
      problems.push(`people[${i}]: ${person.name} has a performer role but is in no title's actors`);
    if (person.roles.includes('director') && !directing.has(person.id))
      problems.push(`people[${i}]: ${person.name} is a director but is in no title's directors`);
  });
  file.collections.forEach((collection, i) => {
    collection.titles.forEach((titleId, j) => {
      if (!knownTitles.has(titleId)) problems.push(`collections[${i}].titles[${j}]: title ${titleId} is not curated`);
    });
    if (new Set(collection.titles).size !== collection.titles.length) problems.push(`collections[${i}].titles: a title is listed twice`);
  });
  file.reviews.forEach((review, i) => {
    if (!knownTitles.has(review.title)) problems.push(`reviews[${i}].title: title ${review.title} is not curated`);
  });
  return problems;
}

/** Parses and checks curated YAML text; `source` names the file in error messages. */
export function parseCurated(text: string, source = 'seeds/curated.yaml'): CatalogData {
  let raw: unknown;
  try {
    raw = load(text, { schema: CORE_SCHEMA });
  } catch (error) {
    throw new Error(`${source}: not valid YAML: ${(error as Error).message}`);
  }
  const parsed = curatedSchema.safeParse(raw ?? {});
  const problems = parsed.success
    ? curatedProblems(parsed.data)
    : parsed.error.issues.map((issue) => `${z.core.toDotPath(issue.path) || '(top level)'}: ${issue.message}`);
  if (problems.length > 0 || !parsed.success) {
    throw new Error(`${source} is not a valid curated catalogue:\n  ${problems.join('\n  ')}`);
  }
  return toCatalog(parsed.data);
}

function toTitles(title: CuratedTitle, collections: ReadonlyMap<number, Title['collections']>): Title[] {
  const clean = title.clean ?? cleanTitle(title.title);
  const runTime = title.run_time ?? (title.discs.length > 0 ? title.discs.reduce((sum, disc) => sum + (disc.run_time ?? 0), 0) : undefined);
  const series: Title = {
    id: title.id,
    fullTitle: title.title,
    cleanTitle: clean,
    kind: title.kind,
    studio: title.studio,
    releaseDate: title.release_date,
    productionYear: title.production_year,
    runTime,
    players: title.players,
    developer: title.developer,
    canRent: title.can_rent,
    adult: title.adult,
    format: title.format,
    certificateScheme: title.kind === 'game' ? 'pegi' : 'bbfc',
    certificate: title.certificate,
    genres: title.genres,
    languages: title.languages ?? { main: [], hearingImpaired: [], dubbed: [] },
    purchase: title.purchase,
    synopsis: title.synopsis.trim(),
    baseHistogram: title.histogram,
    actorIds: title.actors,
    directorIds: title.directors,
    collections: collections.get(title.id) ?? [],
    similarIds: title.similar,
    discIds: title.discs.map((disc) => disc.id),
  };
  // A disc without a run_time of its own has none: it does not inherit the series' (often the sum of its discs').
  const { runTime: _series, ...inherited } = series;
  const discs = title.discs.map((disc, index) =>
    discOf(inherited, index + 1, {
      id: disc.id,
      ...(disc.run_time !== undefined && { runTime: disc.run_time }),
      baseHistogram: disc.histogram,
      collections: collections.get(disc.id) ?? [],
      similarIds: [],
    }),
  );
  return [series, ...discs];
}

function toCatalog(file: CuratedFile): CatalogData {
  const collections = new Map<number, Title['collections']>();
  for (const collection of file.collections) {
    collection.titles.forEach((titleId, index) => {
      collections.set(titleId, [...(collections.get(titleId) ?? []), { id: collection.id, name: collection.name, rank: index + 1 }]);
    });
  }
  const titles = file.titles.flatMap((title) => toTitles(title, collections)).sort((a, b) => a.id - b.id);
  const people = file.people.map((person): Person => ({ ...person, filmography: [] })).sort((a, b) => a.id - b.id);
  const reviews = file.reviews
    .map(
      (review): Review => ({
        id: review.id,
        titleId: review.title,
        author: review.author,
        created: review.created,
        reviewTitle: review.review_title,
        reviewText: review.text,
        helpful: review.helpful,
        unhelpful: review.unhelpful,
        spoilers: review.spoilers,
        rating: review.rating,
      }),
    )
    .sort((a, b) => a.id - b.id);
  return { titles, people, reviews };
}

/** The package's seeds/curated.yaml. */
export const curatedFilePath = (): string => join(packageRoot(), 'seeds', 'curated.yaml');

/** Reads the curated catalogue fresh each time (callers get rows they may not share). */
export function loadCurated(path = curatedFilePath()): CatalogData {
  return parseCurated(readFileSync(path, 'utf8'), relative(process.cwd(), path) || path);
}
