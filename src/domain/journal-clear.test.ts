import { describe, expect, it } from 'vitest';
import { Journal, type JournalRecord } from './journal.js';

const entry = (consumer: string, url = '/catalog/title'): JournalRecord => ({
  at: '2024-01-01T00:00:00.000Z',
  method: 'GET',
  url,
  path: url,
  consumer,
  status: 200,
  durationMs: 1,
});

describe("a team's journal clear (Journal.clearFor)", () => {
  it("hides that consumer's entries from every reader and leaves the others'", () => {
    const j = new Journal(100);
    j.record(entry('a', '/a1'));
    j.record(entry('b', '/b1'));
    j.record(entry('a', '/a2'));
    expect(j.clearFor('a')).toBe(2);
    expect(j.find().map((e) => e.url)).toEqual(['/b1']);
    expect(j.count({ consumer: 'a' })).toBe(0);
    j.record(entry('a', '/a3'));
    expect(j.find({ consumer: 'a' }).map((e) => e.url)).toEqual(['/a3']);
    expect(j.clearFor('c')).toBe(0);
  });

  it('keeps a mark only while the consumer has entries held: marks never outnumber the entries', () => {
    const j = new Journal(2);
    j.record(entry('a'));
    j.clearFor('a');
    j.record(entry('b'));
    j.record(entry('b')); // a's entry drops out of the journal
    for (let i = 0; i < 50; i++) expect(j.clearFor(`nobody-${i}`)).toBe(0);
    expect((j as unknown as { clearedUpTo: Map<string, number> }).clearedUpTo.size).toBe(0);
  });

  it('a clear of everything forgets the marks', () => {
    const j = new Journal(10);
    j.record(entry('a'));
    j.clearFor('a');
    j.clear();
    j.record(entry('a'));
    expect(j.count({ consumer: 'a' })).toBe(1);
  });
});
