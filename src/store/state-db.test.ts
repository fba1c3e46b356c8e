import { describe, expect, it } from 'vitest';
import { createStateDb, stateDbFrom } from './state-db.js';

describe('state databases', () => {
  it('have 1 KiB pages, and a copy made from a snapshot keeps them', () => {
    const template = createStateDb();
    const copy = stateDbFrom(template.serialize());
    // A copy reads its page size from the image's header when it is first read.
    copy.prepare('SELECT count(*) FROM sequences').get();
    expect(template.pragma('page_size', { simple: true })).toBe(1024);
    expect(copy.pragma('page_size', { simple: true })).toBe(1024);
    expect(copy.serialize().readUInt16BE(16)).toBe(1024);
  });

  it('keep a rollback journal in memory, so a failed write in a transaction changes nothing', () => {
    const db = stateDbFrom(createStateDb().serialize());
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory');
    db.prepare("INSERT INTO sequences (name, value) VALUES ('list', 7001)").run();
    const failing = db.transaction(() => {
      db.prepare("UPDATE sequences SET value = 7005 WHERE name = 'list'").run();
      db.prepare("INSERT INTO sequences (name, value) VALUES ('rental', 1)").run();
      throw new Error('half-way');
    });
    expect(() => failing()).toThrow('half-way');
    expect(db.prepare('SELECT name, value FROM sequences').all()).toEqual([{ name: 'list', value: 7001 }]);
  });
});
