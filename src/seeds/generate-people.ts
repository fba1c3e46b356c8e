// Generated people: a name, the roles they hold and a short biography. Filmographies are filled in once
// every title is cast (link-catalog.ts), so they hold exactly the titles that reference the person.

import type { Person, PersonRole } from '../domain/types.js';
import { firstName, lastName } from './names.js';
import type { Rng } from './rng.js';
import { biography } from './text.js';
import { ROLE_SETS } from './word-lists.js';

export const FIRST_GENERATED_PERSON_ID = 20_001;

export function generatePeople(rng: Rng, count: number): Person[] {
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const name = `${firstName(rng)} ${lastName(rng)}`;
    const roles: PersonRole[] = [...rng.weighted(ROLE_SETS)];
    people.push({ id: FIRST_GENERATED_PERSON_ID + i, name, roles, biography: biography(rng, name, roles), filmography: [] });
  }
  return people;
}
