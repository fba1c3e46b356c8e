// Reads seeds/curated.yaml into domain rows. A bad file stops start-up with every problem and its path.

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';

import type { Person, Review, Title } from '../domain/types.js';
import { packageRoot } from '../package-root.js';
import type { CatalogData } from '../store/catalog-db.js';
import { cleanTitle } from './clean-title.js';
import { curatedProblems, curatedSchema, type CuratedFile, type CuratedTitle } from './curated-schema.js';

function pathOf(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') || '(top level)';
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
  const problems = parsed.success ? curatedProblems(parsed.data) : parsed.error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`);
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
    languages: {
      main: title.languages?.main ?? [],
      hearingImpaired: title.languages?.hearing_impaired ?? [],
      dubbed: title.languages?.dubbed ?? [],
    },
    purchase: title.purchase,
    synopsis: title.synopsis.trim(),
    baseHistogram: title.histogram,
    actorIds: title.actors,
    directorIds: title.directors,
    collections: collections.get(title.id) ?? [],
    similarIds: title.similar,
    discIds: title.discs.map((disc) => disc.id),
  };
  // Discs inherit the series' facts; they are rows of their own so they can be queued one by one.
  const discs = title.discs.map((disc, index): Title => {
    const discClean = `${clean}: Disc ${index + 1}`;
    const { runTime: _series, ...inherited } = series;
    return {
      ...inherited,
      id: disc.id,
      fullTitle: title.format === 'Blu-ray' ? `${discClean} (Blu-ray)` : discClean,
      cleanTitle: discClean,
      ...(disc.run_time !== undefined && { runTime: disc.run_time }),
      baseHistogram: disc.histogram,
      collections: collections.get(disc.id) ?? [],
      similarIds: [],
      discIds: [],
      parentId: title.id,
    };
  });
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
  const people = file.people
    .map((person): Person => ({ id: person.id, name: person.name, roles: person.roles, biography: person.biography, filmography: [] }))
    .sort((a, b) => a.id - b.id);
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
