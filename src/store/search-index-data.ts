import type { Db } from './db.js';

/**
 * Arrays the search reads whole (title ranks, packed facet values) kept in the catalogue snapshot's
 * `search_index` table as `<index>.<name>` (`ranks.ids`), computed once when the snapshot is written: reading
 * a few MB of blobs is far cheaper than computing them again from the rows (decision 0031 has the
 * measurements).
 * Arrays are stored in the machine's byte order: a snapshot is written and read on the same machine.
 */
export function writeIndexData(db: Db, index: string, arrays: Record<string, ArrayBufferView | string>): void {
  const insert = db.prepare('INSERT INTO search_index (name, data) VALUES (?, ?)');
  for (const [name, data] of Object.entries(arrays)) {
    insert.run(`${index}.${name}`, typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
}

type ArrayOf<T> = { new (length: number): T; readonly BYTES_PER_ELEMENT: number };

/**
 * An index of one catalogue read once from what writeIndexData stored (TitleRanks, TermIndex, FacetIndex):
 * each of its fields reads its array or text where it is declared.
 */
export abstract class IndexData {
  constructor(protected readonly db: Db) {}

  /** A typed array written by writeIndexData, copied out (SQLite's buffer need not be aligned for a view). */
  protected array<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array>(name: string, type: ArrayOf<T>): T {
    const blob = this.read(name);
    if (!Buffer.isBuffer(blob)) throw new Error(`search_index ${name} is not an array`);
    const out = new type(blob.length / type.BYTES_PER_ELEMENT);
    new Uint8Array(out.buffer).set(blob);
    return out;
  }

  /** A text written by writeIndexData. */
  protected text(name: string): string {
    const text = this.read(name);
    if (typeof text !== 'string') throw new Error(`search_index ${name} is not a text`);
    return text;
  }

  private read(name: string): unknown {
    const data = this.db.prepare<[string], unknown>('SELECT data FROM search_index WHERE name = ?').pluck().get(name);
    if (data === undefined) throw new Error(`the catalogue has no search_index ${name}: its snapshot predates it`);
    return data;
  }
}
