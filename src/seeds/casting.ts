// Who appears in a generated title. Each pool deals every member once, in a shuffled order, before it
// repeats anyone, so every generated person gets a credit whenever there are enough titles; after that
// it favours the front of its order, which makes a few faces turn up in many titles, like real stars.

import type { Person, PersonRole } from '../domain/types.js';
import type { Rng } from './rng.js';

class Pool {
  private dealt = 0;
  private readonly order: number[];

  constructor(
    private readonly rng: Rng,
    ids: readonly number[],
  ) {
    this.order = rng.shuffled(ids);
  }

  get size(): number {
    return this.order.length;
  }

  next(): number {
    if (this.dealt < this.order.length) return this.order[this.dealt++] as number;
    const u = this.rng.float();
    return this.order[Math.floor(u * u * this.order.length)] as number;
  }
}

type PoolName = 'actor' | 'director' | 'music' | 'voice' | 'narrator';

const POOL_ROLES: Readonly<Record<PoolName, readonly PersonRole[]>> = {
  actor: ['actor'],
  director: ['director'],
  music: ['singer', 'dancer', 'drummer'],
  voice: ['voice over'],
  narrator: ['narrator'],
};

export interface Cast {
  actorIds: number[];
  directorIds: number[];
}

export class Casting {
  private readonly pools = new Map<PoolName, Pool>();

  constructor(
    private readonly rng: Rng,
    people: readonly Person[],
  ) {
    for (const [name, roles] of Object.entries(POOL_ROLES) as [PoolName, readonly PersonRole[]][]) {
      const ids = people.filter((person) => person.roles.some((role) => roles.includes(role))).map((person) => person.id);
      this.pools.set(name, new Pool(rng, ids));
    }
  }

  /** 2-8 performers (singers for musicals, voices for cartoons, a narrator for documentaries), 1-2 directors. */
  castFor(genres: readonly string[]): Cast {
    const actorIds: number[] = [];
    const wanted = this.rng.int(2, 8);
    if (genres.includes('Documentary')) this.add(actorIds, 'narrator', 1);
    if (genres.includes('Music & Musicals')) this.add(actorIds, 'music', this.rng.int(1, 3));
    if (genres.includes('Kids & Family') || genres.includes('Anime')) this.add(actorIds, 'voice', this.rng.int(1, 3));
    this.add(actorIds, 'actor', wanted - actorIds.length);
    const directorIds: number[] = [];
    this.add(directorIds, 'director', this.rng.chance(0.85) ? 1 : 2);
    return { actorIds, directorIds };
  }

  private add(into: number[], poolName: PoolName, count: number): void {
    const pool = this.pools.get(poolName) as Pool;
    // A pool with nobody in it (tiny people counts) simply leaves the slots empty.
    this.rng.fill(into, into.length + Math.min(count, pool.size), count * 6, () => pool.next());
  }
}
