// Who appears in a generated title. Each pool deals every member once, in a shuffled order, before it
// repeats anyone, so every generated person gets a credit whenever there are enough titles; after that
// it favours the front of its order, which makes a few faces turn up in many titles, like real stars.

import type { Person, PersonRole, Title } from '../domain/types.js';
import type { Rng } from './rng.js';

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
