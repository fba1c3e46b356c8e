// Cross-references computed once every title exists: similar titles, and each person's filmography
// (exactly the titles that name them, newest production year first, ties by id).

import type { Person, Title } from '../domain/types.js';
import type { Rng } from './rng.js';

/**
 * Gives each of the generated `titles` (curated ones list their own) that is neither a disc nor adult
 * 0-8 similar titles sharing one of its genres. Sets `similarIds` in place: the generator owns these rows, and copying
 * 100,000 titles would cost more than drawing them.
 */
export function assignSimilarIds(rng: Rng, titles: readonly Title[]): void {
  const eligible = (title: Title): boolean => title.parentId === undefined && !title.adult;
  const byGenre = new Map<string, number[]>();
  for (const title of titles) {
    if (!eligible(title)) continue;
    for (const genre of title.genres) {
      let ids = byGenre.get(genre);
      if (!ids) byGenre.set(genre, (ids = []));
      ids.push(title.id);
    }
  }
  for (const title of titles) {
    if (!eligible(title)) continue;
    const pool = byGenre.get(rng.pick(title.genres)) ?? [];
    const wanted = Math.min(rng.int(0, 8), pool.length - 1);
    // Seeded with the title itself, which is thus never drawn as its own similar, then dropped.
    title.similarIds = rng.fill([title.id], wanted + 1, wanted * 4, () => rng.pick(pool)).slice(1);
  }
}

/** Copies of `people` with filmographies rebuilt from the titles' actorIds and directorIds. */
export function withFilmographies(people: readonly Person[], titles: readonly Title[]): Person[] {
  // Walking the titles newest first fills every filmography already in order: one sort, not one per person.
  const newestFirst = titles.slice().sort((a, b) => (b.productionYear ?? 0) - (a.productionYear ?? 0) || a.id - b.id);
  const credits = new Map<number, number[]>();
  for (const title of newestFirst) {
    // Someone who acts in and directs a title lists it once.
    for (const personId of new Set([...title.actorIds, ...title.directorIds])) {
      const list = credits.get(personId);
      if (list) list.push(title.id);
      else credits.set(personId, [title.id]);
    }
  }
  return people.map((person) => ({ ...person, filmography: credits.get(person.id) ?? [] }));
}
