// People's names and home towns straight from faker's English word lists: the same data as
// faker.person.fullName() and faker.location.city(), picked with the seeded Rng at a fraction of the cost
// (those go through faker's template engine, which dominated generating 50,000 people).

import { en } from '@faker-js/faker';

import type { Rng } from './rng.js';

function list(values: readonly string[] | null | undefined, what: string): readonly string[] {
  if (!values || values.length === 0) throw new Error(`faker's en locale has no ${what}`);
  return values;
}

const FEMALE = list(en.person?.first_name?.female, 'female first names');
const MALE = list(en.person?.first_name?.male, 'male first names');
const LAST = list(en.person?.last_name?.generic, 'last names');
export const CITIES = list(en.location?.city_name, 'city names');

export function firstName(rng: Rng): string {
  return rng.pick(rng.chance(0.5) ? FEMALE : MALE);
}

export function lastName(rng: Rng): string {
  return rng.pick(LAST);
}
