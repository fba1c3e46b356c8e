import { describe, expect, it } from 'vitest';
import { createStateDb, stateDbFrom } from './state-db.js';
import { writeTransaction } from './write-transaction.js';

const fresh = () => stateDbFrom(createStateDb().serialize());
const sequences = (db: ReturnType<typeof fresh>) => db.prepare('SELECT name, value FROM sequences ORDER BY name').all();

describe('a write transaction', () => {
  it('keeps a write that returns, and answers what it returned', () => {
    const db = fresh();
    const write = writeTransaction(db);
    expect(write(() => db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 1)").run().changes)).toBe(1);
    expect(db.inTransaction).toBe(false);
    expect(sequences(db)).toEqual([{ name: 'list', value: 1 }]);
  });

  it('changes nothing when the write throws half-way', () => {
    const db = fresh();
    const write = writeTransaction(db);
    expect(() =>
      write(() => {
        db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 1)").run();
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(db.inTransaction).toBe(false);
    expect(sequences(db)).toEqual([]);
  });

  it('inside another, undoes only its own part when it throws, and the outer one goes on', () => {
    const db = fresh();
    const write = writeTransaction(db);
    write(() => {
      db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 1)").run();
      expect(() =>
        write(() => {
          db.prepare("INSERT INTO sequences (name, value) VALUES ('rental', 1)").run();
          throw new Error('inner');
        }),
      ).toThrow('inner');
      write(() => db.prepare("INSERT INTO sequences (name, value) VALUES ('review', 1)").run());
    });
    expect(sequences(db)).toEqual([
      { name: 'list', value: 1 },
      { name: 'review', value: 1 },
    ]);
  });

  it('a failed statement (a constraint) rolls the whole write back', () => {
    const db = fresh();
    const write = writeTransaction(db);
    expect(() =>
      write(() => {
        db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 1)").run();
        db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 2)").run();
      }),
    ).toThrow();
    expect(db.inTransaction).toBe(false);
    expect(sequences(db)).toEqual([]);
  });
});
