import { generateMersenne53Randomizer } from '@faker-js/faker';

/**
 * The generator's only source of randomness: faker's seeded Mersenne Twister (the one a seeded Faker
 * instance draws from; never Math.random) plus the few draws the generator needs, kept cheap because
 * 100,000 titles make millions. Each concern draws from its own stream ([seed, stream]) so that, say, a
 * different people count does not reshuffle every title name.
 */
export class Rng {
  private readonly randomizer = generateMersenne53Randomizer();

  constructor(seed: number, stream: number) {
    this.randomizer.seed([seed, stream]);
  }

  /** Uniform in [0, 1), without faker.number's per-call options. */
  float(): number {
    return this.randomizer.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick: empty list');
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** An entry of `table` chosen with probability proportional to its weight. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of table) total += weight;
    let point = this.float() * total;
    for (const [value, weight] of table) {
      point -= weight;
      if (point < 0) return value;
    }
    return (table[table.length - 1] as readonly [T, number])[0];
  }

  /** Normally distributed (Box-Muller). */
  normal(mean: number, sd: number): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Up to `count` distinct entries of `items`, in draw order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const want = Math.min(count, items.length);
    return this.fill([], want, want * 4, () => this.pick(items));
  }

  /** Adds what `draw` gives to `into`, skipping what it holds already, until it has `size` entries or `tries` draws are spent. */
  fill<T>(into: T[], size: number, tries: number, draw: () => T): T[] {
    for (let attempt = 0; into.length < size && attempt < tries; attempt++) {
      const item = draw();
      if (!into.includes(item)) into.push(item);
    }
    return into;
  }

  /** Fisher-Yates on a copy. */
  shuffled<T>(items: readonly T[]): T[] {
    const copy = items.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
