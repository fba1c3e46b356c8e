import { describe, expect, it } from 'vitest';
import { createStateDb } from './state-db.js';
import { Sequences } from './sequences.js';

describe('Sequences.next', () => {
  it('starts at start, then counts up by one, each name on its own', () => {
    const seq = new Sequences(createStateDb());
    expect([seq.next('a', 500), seq.next('a', 500), seq.next('b'), seq.next('a', 500), seq.next('b')]).toEqual([500, 501, 1, 502, 2]);
  });

  it('goes on from a counter already stored (a seeded or loaded scenario), whatever start says', () => {
    const db = createStateDb();
    db.prepare("INSERT INTO sequences (name, value) VALUES ('queue_item', 41)").run();
    expect(new Sequences(db).next('queue_item', 1)).toBe(42);
  });

  it('gives a value back when the write that took it is rolled back', () => {
    const db = createStateDb();
    const seq = new Sequences(db);
    expect(seq.next('a')).toBe(1);
    expect(() =>
      db.transaction(() => {
        seq.next('a');
        throw new Error('half-way');
      })(),
    ).toThrow('half-way');
    expect(seq.next('a')).toBe(2);
  });
});
