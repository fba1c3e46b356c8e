// Generated title rows, ids from 10001 upwards, `count` rows in all (a multi-disc series counts its
// discs). Per row roughly: films 65%, TV 20% (series plus their discs), games 15%. Some films come as a
// franchise sharing a collection, some have a Blu-ray twin of the same film. Similars and popularity
// ranks are added afterwards, over the whole catalogue.

import type { Person, PersonRole, Title } from '../domain/types.js';
import { cleanTitle } from './clean-title.js';
import { dateOfDay, firstDayOfYear } from './days.js';
import { drawHistogram, drawRatingCount, ratingCount } from './histogram.js';
import type { Rng } from './rng.js';
import { BLU_RAY_LAUNCH_DAY, DVD_LAUNCH_DAY, drawBbfc, drawGenres, drawLanguages, drawPegi, drawPurchase, drawRelease } from './title-facts.js';
import { adultName, filmName, gameName, sequelName, synopsis, tvName } from './text.js';
import { CONSOLES, WORD_LISTS } from './word-lists.js';

export const FIRST_GENERATED_TITLE_ID = 10_001;
export const FIRST_GENERATED_COLLECTION_ID = 1_001;

export function generateTitles(rng: Rng, casting: Casting, count: number, today: number): Title[] {
  const titles: Title[] = [];
  const todayDate = dateOfDay(today);
  const end = FIRST_GENERATED_TITLE_ID + count;
  let nextCollectionId = FIRST_GENERATED_COLLECTION_ID;
  const nextId = (): number => FIRST_GENERATED_TITLE_ID + titles.length;
  const room = (): number => end - nextId();

  /** Appends a new row: its id and names, the facts drawn for it, and no links yet (collections, similars and discs come later). */
  function emit(fullTitle: string, facts: Omit<Title, 'id' | 'fullTitle' | 'cleanTitle' | 'collections' | 'similarIds' | 'discIds'>): Title {
    const title: Title = { id: nextId(), fullTitle, cleanTitle: cleanTitle(fullTitle), ...facts, collections: [], similarIds: [], discIds: [] };
    titles.push(title);
    return title;
  }

  /** Nobody has rated a title that is not out yet. */
  function ratings(releaseDate: string, scale = 1): number[] {
    const raters = releaseDate > todayDate ? 0 : drawRatingCount(rng, scale);
    return drawHistogram(rng, raters);
  }

  /** Appends a video title, its fields drawn the same way for films and tv series. */
  function emitVideo(kind: 'film' | 'tv', name: string, genres: string[], adult = false): Title {
    const bluRay = !adult && rng.chance(0.22);
    const release = drawRelease(rng, today, 1930, 9999, bluRay ? BLU_RAY_LAUNCH_DAY : DVD_LAUNCH_DAY);
    const edition = !adult && rng.chance(0.04) ? rng.pick(WORD_LISTS.editions) : '';
    const fullTitle = `${name}${edition}${bluRay ? ' (Blu-ray)' : ''}`;
    return emit(fullTitle, {
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
      baseHistogram: ratings(release.releaseDate, adult ? 0.2 : 1),
      ...casting(genres),
    });
  }

  function emitFilm(): void {
    const genres = drawGenres(rng, 'film');
    const parts = room() >= 2 && rng.chance(0.016) ? Math.min(room(), rng.int(2, 5)) : 1;
    if (parts === 1) {
      const film = emitVideo('film', filmName(rng), genres);
      // Some DVDs have a Blu-ray twin, a title of its own: same cast and facts, own id, own ratings.
      if (film.format === 'DVD' && film.releaseDate! >= '2006-06-20' && room() > 0 && rng.chance(0.05)) {
        const baseHistogram = ratings(film.releaseDate!, 0.3);
        titles.push({ ...film, id: nextId(), fullTitle: `${film.cleanTitle} (Blu-ray)`, format: 'Blu-ray', baseHistogram, collections: [] });
      }
      return;
    }
    const base = filmName(rng);
    const collection = { id: nextCollectionId++, name: parts === 3 ? `The ${base} Trilogy` : `${base} Collection` };
    const films = Array.from({ length: parts }, (_, i) => emitVideo('film', sequelName(rng, base, i + 1), genres));
    // Sequels come after the films they follow: hand the drawn dates (and the ratings they allow) out in order.
    const dates = films
      .map(({ productionYear, releaseDate, baseHistogram }) => ({ productionYear, releaseDate, baseHistogram }))
      .sort((a, b) => a.productionYear! - b.productionYear! || a.releaseDate!.localeCompare(b.releaseDate!));
    films.forEach((film, index) => {
      titles[film.id - FIRST_GENERATED_TITLE_ID] = { ...film, ...dates[index], collections: [{ ...collection, rank: index + 1 }] };
    });
  }

  function emitSeries(): void {
    const name = `${tvName(rng)}${rng.chance(0.3) ? ` - Series ${rng.int(1, 9)}` : ''}`;
    const discs = room() >= 3 && rng.chance(0.35) ? Math.min(room() - 1, rng.int(2, 6)) : 0;
    const series = emitVideo('tv', name, drawGenres(rng, 'tv'));
    if (discs === 0) return;
    const rows = Array.from({ length: discs }, (_, i) =>
      discOf(series, i + 1, {
        id: series.id + 1 + i,
        runTime: rng.int(2, 4) * rng.int(22, 60),
        baseHistogram: drawHistogram(rng, Math.round(ratingCount(series.baseHistogram) * rng.float() * 0.3)),
      }),
    );
    titles.push(...rows);
    series.runTime = rows.reduce((sum, disc) => sum + disc.runTime!, 0);
    series.discIds = rows.map((disc) => disc.id);
  }

  function emitGame(): void {
    const genres = drawGenres(rng, 'game');
    const console = rng.pick(CONSOLES);
    const fullTitle = gameName(rng, genres[0] as string);
    const release = drawRelease(rng, today, console.from, console.to, firstDayOfYear(console.from));
    emit(fullTitle, {
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
      baseHistogram: ratings(release.releaseDate),
      actorIds: [],
      directorIds: [],
    });
  }

  // Per product: a series averages about two rows with its discs, so 11% of products make ~20% of rows. One film
  // in 67 is adult: a single title, never a franchise or a Blu-ray twin.
  while (room() > 0) {
    const draw = rng.float();
    if (draw < 0.11) emitSeries();
    else if (draw < 0.28) emitGame();
    else if (rng.chance(0.015)) emitVideo('film', adultName(rng), [rng.pick(['Romance', 'Drama'])], true);
    else emitFilm();
  }
  return titles;
}

/**
 * Disc `n` (from 1) of a tv series, generated or curated: a row of its own, so that it can be queued alone, with
 * the series' facts under its own name ("<clean>: Disc N") and `row`'s fields.
 */
export function discOf(series: Title, n: number, row: Pick<Title, 'id' | 'baseHistogram'> & Partial<Title>): Title {
  const cleanTitle = `${series.cleanTitle}: Disc ${n}`;
  const fullTitle = series.format === 'Blu-ray' ? `${cleanTitle} (Blu-ray)` : cleanTitle;
  return { ...series, fullTitle, cleanTitle, ...row, discIds: [], parentId: series.id };
}

// Who appears in a generated title. Each pool deals every member once, in a shuffled order, before it
// repeats anyone, so every generated person gets a credit whenever there are enough titles; after that
// it favours the front of its order, which makes a few faces turn up in many titles, like real stars.

/** Deals every person holding one of `roles` once in a shuffled order, then draws favouring the front of that order. */
function pool(rng: Rng, people: readonly Person[], roles: readonly PersonRole[]): { size: number; next: () => number } {
  const order = rng.shuffled(people.filter((person) => person.roles.some((role) => roles.includes(role))).map((person) => person.id));
  let dealt = 0;
  return {
    size: order.length,
    next: () => {
      if (dealt < order.length) return order[dealt++]!;
      const u = rng.float();
      return order[Math.floor(u * u * order.length)]!;
    },
  };
}

/** 2-8 performers (singers for musicals, voices for cartoons, a narrator for documentaries), 1-2 directors. */
export type Casting = (genres: readonly string[]) => Pick<Title, 'actorIds' | 'directorIds'>;

export function castingFrom(rng: Rng, people: readonly Person[]): Casting {
  const pools = {
    actor: pool(rng, people, ['actor']),
    director: pool(rng, people, ['director']),
    music: pool(rng, people, ['singer', 'dancer', 'drummer']),
    voice: pool(rng, people, ['voice over']),
    narrator: pool(rng, people, ['narrator']),
  };
  const add = (into: number[], poolName: keyof typeof pools, count: number): void => {
    const { size, next } = pools[poolName];
    // A pool with nobody in it (tiny people counts) simply leaves the slots empty.
    rng.fill(into, into.length + Math.min(count, size), count * 6, next);
  };
  return (genres) => {
    const actorIds: number[] = [];
    const wanted = rng.int(2, 8);
    if (genres.includes('Documentary')) add(actorIds, 'narrator', 1);
    if (genres.includes('Music & Musicals')) add(actorIds, 'music', rng.int(1, 3));
    if (genres.includes('Kids & Family') || genres.includes('Anime')) add(actorIds, 'voice', rng.int(1, 3));
    add(actorIds, 'actor', wanted - actorIds.length);
    const directorIds: number[] = [];
    add(directorIds, 'director', rng.chance(0.85) ? 1 : 2);
    return { actorIds, directorIds };
  };
}
