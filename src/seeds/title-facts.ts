// The small facts of a generated title: dates, genres, certificate, languages, purchase types.

import type { TitleLanguages } from '../domain/types.js';
import { dateOfDay, dayNumber, firstDayOfYear, yearOfDay } from './days.js';
import type { Rng } from './rng.js';
import { GAME_GENRES, OTHER_LANGUAGES, PURCHASE_TYPES, VIDEO_GENRE_WEIGHTS } from './word-lists.js';

export const DVD_LAUNCH_DAY = dayNumber('1998-04-01');
export const BLU_RAY_LAUNCH_DAY = dayNumber('2006-06-20');
/** Titles released within this many days before today are new releases; keep generated ones well inside. */
const NEW_RELEASE_DAYS = 89;
const COMING_SOON_MAX_DAYS = 180;

/** Production years lean recent: half of all titles are from the last ~25 years. */
export function drawYear(rng: Rng, earliest: number, latest: number): number {
  const u = rng.float();
  return Math.max(earliest, latest - Math.floor((latest - earliest + 1) * Math.pow(u, 2.2)));
}

/** ~3% coming soon (1-180 days ahead), ~5% new releases (1-89 days ago), the rest older. */
export function drawRelease(rng: Rng, today: number, earliestYear: number, latestYear: number, launchDay: number) {
  const latest = Math.min(latestYear, yearOfDay(today));
  const earliest = Math.min(earliestYear, latest);
  const draw = rng.float();
  if (draw < 0.03) {
    const day = today + rng.int(1, COMING_SOON_MAX_DAYS);
    return { productionYear: Math.max(earliest, latest - rng.int(0, 1)), releaseDate: dateOfDay(day) };
  }
  if (draw < 0.08) {
    const day = today - rng.int(1, NEW_RELEASE_DAYS);
    const productionYear = rng.chance(0.8) ? Math.max(earliest, Math.min(latest, yearOfDay(day)) - rng.int(0, 1)) : drawYear(rng, earliest, latest);
    return { productionYear, releaseDate: dateOfDay(day) };
  }
  let productionYear = drawYear(rng, earliest, latest);
  let low = Math.max(firstDayOfYear(productionYear), launchDay);
  const high = Math.min(low + (productionYear < 1997 ? 15 : 2) * 365, today - NEW_RELEASE_DAYS - 2);
  if (high < low) low = high - 365;
  const day = rng.int(low, high);
  productionYear = Math.min(productionYear, yearOfDay(day));
  return { productionYear, releaseDate: dateOfDay(day) };
}

export function drawGenres(rng: Rng, kind: 'film' | 'tv' | 'game'): string[] {
  const count = rng.weighted([
    [1, 40],
    [2, 40],
    [3, 20],
  ] as const);
  if (kind === 'game') return rng.fill([], count, count * 5, () => rng.pick(GAME_GENRES));
  return rng.fill(kind === 'tv' ? ['Television'] : [], count, count * 5, () => rng.weighted(VIDEO_GENRE_WEIGHTS));
}

export function drawBbfc(rng: Rng, genres: readonly string[]): string {
  if (genres.includes('Kids & Family')) return rng.pick(['U', 'U', 'PG']);
  if (genres.includes('Horror')) return rng.pick(['15', '18', '18']);
  return rng.weighted([
    ['U', 6],
    ['PG', 18],
    ['12', 14],
    ['12A', 5],
    ['15', 35],
    ['18', 22],
  ] as const);
}

export function drawPegi(rng: Rng, genres: readonly string[]): string {
  if (genres.includes('Shooter')) return rng.pick(['16', '18', '18']);
  if (genres.some((genre) => genre === 'Racing' || genre === 'Sports' || genre === 'Puzzle')) return rng.pick(['3', '3', '7', '12']);
  return rng.pick(['3', '7', '12', '12', '16', '18']);
}

export function drawLanguages(rng: Rng, genres: readonly string[]): TitleLanguages {
  const main = genres.includes('Anime') && rng.chance(0.9) ? 'Japanese' : rng.chance(0.85) ? 'English' : rng.pick(OTHER_LANGUAGES);
  const hearingImpaired = rng.chance(main === 'English' ? 0.65 : 0.3) ? ['English'] : [];
  const others = OTHER_LANGUAGES.filter((language) => language !== main);
  const dubbed = main !== 'English' && rng.chance(0.5) ? ['English'] : rng.chance(0.12) ? rng.sample(others, rng.int(1, 2)) : [];
  return { main: [main], hearingImpaired, dubbed };
}

export function drawPurchase(rng: Rng, kind: 'film' | 'tv' | 'game'): string[] {
  if (kind === 'game') return rng.chance(0.3) ? [rng.pick(['rental', 'download to own'])] : [];
  const count = rng.weighted([
    [0, 40],
    [1, 40],
    [2, 20],
  ] as const);
  return rng.sample(PURCHASE_TYPES, count);
}
