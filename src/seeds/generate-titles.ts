// Generated title rows, ids from 10001 upwards, `count` rows in all (a multi-disc series counts its
// discs). Per row roughly: films 65%, TV 20% (series plus their discs), games 15%. Some films come as a
// franchise sharing a collection, some have a Blu-ray twin of the same film. Similars and popularity
// ranks are added afterwards, over the whole catalogue.

import type { Title } from '../domain/types.js';
import type { Casting } from './casting.js';
import { cleanTitle } from './clean-title.js';
import { dateOfDay, firstDayOfYear } from './days.js';
import { drawHistogram, drawQuality, drawRatingCount } from './histogram.js';
import type { Rng } from './rng.js';
import { synopsis } from './text.js';
import { BLU_RAY_LAUNCH_DAY, DVD_LAUNCH_DAY, drawBbfc, drawGenres, drawLanguages, drawPegi, drawPurchase, drawRelease } from './title-facts.js';
import { adultName, filmName, gameName, sequelName, tvName } from './title-names.js';
import { CONSOLES, WORD_LISTS } from './word-lists.js';

export const FIRST_GENERATED_TITLE_ID = 10_001;
export const FIRST_GENERATED_COLLECTION_ID = 1_001;

interface Generation {
  rng: Rng;
  casting: Casting;
  today: number;
  todayDate: string;
  titles: Title[];
  end: number;
  nextCollectionId: number;
}

const nextId = (g: Generation): number => FIRST_GENERATED_TITLE_ID + g.titles.length;
const room = (g: Generation): number => g.end - nextId(g);

/** Nobody has rated a title that is not out yet. */
function ratings(g: Generation, releaseDate: string, scale = 1): number[] {
  const count = releaseDate > g.todayDate ? 0 : drawRatingCount(g.rng, scale);
  return drawHistogram(g.rng, count, drawQuality(g.rng));
}

/** The fields every video title draws the same way. */
function videoTitle(g: Generation, kind: 'film' | 'tv', name: string, genres: string[], adult = false): Title {
  const { rng } = g;
  const bluRay = !adult && rng.chance(0.22);
  const release = drawRelease(rng, g.today, 1930, 9999, bluRay ? BLU_RAY_LAUNCH_DAY : DVD_LAUNCH_DAY);
  const edition = !adult && rng.chance(0.04) ? rng.pick(WORD_LISTS.editions) : '';
  const fullTitle = `${name}${edition}${bluRay ? ' (Blu-ray)' : ''}`;
  return {
    id: nextId(g),
    fullTitle,
    cleanTitle: cleanTitle(fullTitle),
    kind,
    studio: rng.pick(WORD_LISTS.studios),
    ...release,
    runTime: kind === 'film' ? Math.round(Math.min(180, Math.max(80, rng.normal(108, 18)))) : rng.int(1, 4) * rng.int(20, 60),
    canRent: !rng.chance(0.03),
    adult,
    format: bluRay ? 'Blu-ray' : 'DVD',
    certificateScheme: 'bbfc',
    certificate: adult ? 'R18' : drawBbfc(rng, genres),
    genres,
    languages: drawLanguages(rng, genres),
    purchase: adult ? [] : drawPurchase(rng, kind),
    synopsis: synopsis(rng, kind, genres[0] as string),
    baseHistogram: ratings(g, release.releaseDate, adult ? 0.2 : 1),
    ...g.casting(genres),
    collections: [],
    similarIds: [],
    discIds: [],
  };
}

function emitFilm(g: Generation): void {
  const { rng } = g;
  if (rng.chance(0.015)) {
    g.titles.push(videoTitle(g, 'film', adultName(rng), [rng.pick(['Romance', 'Drama'])], true));
    return;
  }
  const genres = drawGenres(rng, 'film');
  const parts = room(g) >= 2 && rng.chance(0.016) ? Math.min(room(g), rng.int(2, 5)) : 1;
  if (parts === 1) {
    const film = videoTitle(g, 'film', filmName(rng), genres);
    g.titles.push(film);
    if (film.format === 'DVD' && film.releaseDate! >= '2006-06-20' && room(g) > 0 && rng.chance(0.05)) g.titles.push(bluRayTwin(g, film));
    return;
  }
  const base = filmName(rng);
  const collection = { id: g.nextCollectionId++, name: parts === 3 ? `The ${base} Trilogy` : `${base} Collection` };
  const films: Title[] = [];
  for (let rank = 1; rank <= parts; rank++) {
    films.push(videoTitle(g, 'film', sequelName(rng, base, rank), genres));
    g.titles.push(films[rank - 1] as Title);
  }
  // Sequels come after the films they follow: hand the drawn dates (and the ratings they allow) out in order.
  const dates = films
    .map(({ productionYear, releaseDate, baseHistogram }) => ({ productionYear, releaseDate, baseHistogram }))
    .sort((a, b) => a.productionYear! - b.productionYear! || a.releaseDate!.localeCompare(b.releaseDate!));
  films.forEach((film, index) => {
    g.titles[film.id - FIRST_GENERATED_TITLE_ID] = { ...film, ...dates[index], collections: [{ ...collection, rank: index + 1 }] };
  });
}

/** The same film on Blu-ray as its own title: same cast and facts, own id, own ratings. */
function bluRayTwin(g: Generation, film: Title): Title {
  const fullTitle = `${film.cleanTitle} (Blu-ray)`;
  const baseHistogram = ratings(g, film.releaseDate as string, 0.3);
  return { ...film, id: nextId(g), fullTitle, format: 'Blu-ray', baseHistogram, collections: [] };
}

function emitSeries(g: Generation): void {
  const { rng } = g;
  const name = `${tvName(rng)}${rng.chance(0.3) ? ` - Series ${rng.int(1, 9)}` : ''}`;
  const discs = room(g) >= 3 && rng.chance(0.35) ? Math.min(room(g) - 1, rng.int(2, 6)) : 0;
  const series = videoTitle(g, 'tv', name, drawGenres(rng, 'tv'));
  g.titles.push(series);
  if (discs === 0) return;
  let runTime = 0;
  for (let n = 1; n <= discs; n++) {
    const base = `${series.cleanTitle}: Disc ${n}`;
    const fullTitle = series.format === 'Blu-ray' ? `${base} (Blu-ray)` : base;
    const discRunTime = rng.int(2, 4) * rng.int(22, 60);
    runTime += discRunTime;
    const baseHistogram = drawHistogram(rng, Math.round(series.baseHistogram.reduce((a, b) => a + b, 0) * rng.float() * 0.3), drawQuality(rng));
    g.titles.push({
      ...series,
      id: nextId(g),
      fullTitle,
      cleanTitle: base,
      runTime: discRunTime,
      baseHistogram,
      discIds: [],
      parentId: series.id,
    });
  }
  series.runTime = runTime;
  series.discIds = Array.from({ length: discs }, (_, i) => series.id + 1 + i);
}

function emitGame(g: Generation): void {
  const { rng } = g;
  const genres = drawGenres(rng, 'game');
  const console = rng.pick(CONSOLES);
  const fullTitle = gameName(rng, genres[0] as string);
  const release = drawRelease(rng, g.today, console.from, console.to, firstDayOfYear(console.from));
  g.titles.push({
    id: nextId(g),
    fullTitle,
    cleanTitle: cleanTitle(fullTitle),
    kind: 'game',
    studio: rng.pick(WORD_LISTS.game_publishers),
    ...release,
    players: rng.weighted([
      [1, 50],
      [2, 25],
      [3, 5],
      [4, 20],
    ] as const),
    developer: rng.pick(WORD_LISTS.game_developers),
    canRent: !rng.chance(0.03),
    adult: false,
    format: console.format,
    certificateScheme: 'pegi',
    certificate: drawPegi(rng, genres),
    genres,
    languages: { main: [], hearingImpaired: [], dubbed: [] },
    purchase: drawPurchase(rng, 'game'),
    synopsis: synopsis(rng, 'game', genres[0] as string),
    baseHistogram: ratings(g, release.releaseDate),
    actorIds: [],
    directorIds: [],
    collections: [],
    similarIds: [],
    discIds: [],
  });
}

export function generateTitles(rng: Rng, casting: Casting, count: number, today: number): Title[] {
  const g: Generation = {
    rng,
    casting,
    today,
    todayDate: dateOfDay(today),
    titles: [],
    end: FIRST_GENERATED_TITLE_ID + count,
    nextCollectionId: FIRST_GENERATED_COLLECTION_ID,
  };
  // Per product: a series averages about two rows with its discs, so 11% of products make ~20% of rows.
  while (room(g) > 0) {
    const draw = rng.float();
    if (draw < 0.11) emitSeries(g);
    else if (draw < 0.28) emitGame(g);
    else emitFilm(g);
  }
  return g.titles;
}
