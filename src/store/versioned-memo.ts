import type { Db } from './db.js';
import { tableVersion } from './table-versions.js';

/** Entries kept between two writes at most; lookups of keys that do not exist (hostile input) count too. */
const MAX_ENTRIES = 1000;

/**
 * Rows of one table read by key, kept while the table is unchanged (its version, src/store/table-versions.ts):
 * a write to it empties the memo. Values are frozen, since every caller shares them.
 */
export class VersionedMemo<K, V extends object> {
  private readonly entries = new Map<K, V | null>();
  private version = -1;

  constructor(
    private readonly db: Db,
    private readonly table: string,
  ) {}

  get(key: K, read: () => V | undefined): V | undefined {
    // Inside a transaction a read may see writes a rollback will undo (the version would not go back).
    if (this.db.inTransaction) return read();
    const now = tableVersion(this.db, this.table);
    if (now !== this.version || this.entries.size >= MAX_ENTRIES) {
      this.entries.clear();
      this.version = now;
    }
    let value = this.entries.get(key);
    if (value === undefined) {
      value = read() ?? null;
      if (value) Object.freeze(value);
      this.entries.set(key, value);
    }
    return value ?? undefined;
  }
}
