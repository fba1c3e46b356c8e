import { describe, expect, it } from 'vitest';
import { availabilityOf, estimatedWaitOf, type EstimatedWait } from './queue-availability.js';
import type { Plan, TitleKind } from './types.js';

const TODAY = '2024-06-15';
const title = (kind: TitleKind, format: string, releaseDate?: string) => ({ kind, format, releaseDate });

describe('availabilityOf', () => {
  it.each<[string, TitleKind, string, string | undefined, Plan, string]>([
    ['a released DVD on a DVD plan is available', 'film', 'DVD', '2020-01-01', 'dvd', 'available'],
    ['a Blu-ray on a DVD plan is quarantined', 'film', 'Blu-ray', '2020-01-01', 'dvd', 'quarantined'],
    ['a game on a DVD plan is quarantined', 'game', 'Xbox 360', '2010-01-01', 'dvd', 'quarantined'],
    ['a game on a DVD and Blu-ray plan is quarantined', 'game', 'Wii', '2010-01-01', 'dvd-bluray', 'quarantined'],
    ['a Blu-ray on a DVD and Blu-ray plan is available', 'tv', 'Blu-ray', '2020-01-01', 'dvd-bluray', 'available'],
    ['a game on the full plan is available', 'game', 'PlayStation 3', '2010-01-01', 'dvd-bluray-games', 'available'],
    ['a title released today is available', 'film', 'DVD', TODAY, 'dvd', 'available'],
    ['a title released tomorrow is unavailable', 'film', 'DVD', '2024-06-16', 'dvd', 'unavailable'],
    ['a title without a release date is available', 'film', 'DVD', undefined, 'dvd', 'available'],
    ['quarantine wins over a future release', 'film', 'Blu-ray', '2025-01-01', 'dvd', 'quarantined'],
  ])('%s', (_rule, kind, format, releaseDate, plan, expected) => {
    expect(availabilityOf(title(kind, format, releaseDate), plan, TODAY)).toBe(expected);
  });
});

describe('estimatedWaitOf', () => {
  it.each<[string, string | undefined, EstimatedWait | undefined, EstimatedWait]>([
    ['the stock table wins over everything', '2030-01-01', 'normal', 'normal'],
    ['the stock table can make an old title long', '1999-01-01', 'long', 'long'],
    ['a title not yet released waits long', '2024-06-16', undefined, 'long'],
    ['a title released today waits short', TODAY, undefined, 'short'],
    ['a title released 28 days ago waits short', '2024-05-18', undefined, 'short'],
    ['a title released 29 days ago ships normally', '2024-05-17', undefined, 'normal'],
    ['an old title ships normally', '2001-03-04', undefined, 'normal'],
    ['a title without a release date ships normally', undefined, undefined, 'normal'],
  ])('%s', (_rule, releaseDate, stock, expected) => {
    expect(estimatedWaitOf({ releaseDate }, stock, TODAY)).toBe(expected);
  });
});
