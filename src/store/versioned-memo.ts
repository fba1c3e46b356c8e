import type { Db } from './catalog-db.js';
import { dataVersion } from './data-version.js';

/** Entries kept between two writes at most; lookups of keys that do not exist (hostile input) count too. */
const MAX_ENTRIES = 1000;

/**
 * Rows read by key, kept while the database is unchanged (its data version, src/store/data-version.ts, or
 * the version of the tables they come from, src/store/table-versions.ts): a write empties the memo. Values
 * are frozen, since every caller shares them.
 */
export class VersionedMemo<K, V extends object> {
  private readonly entries = new Map<K, V | null>();
  private version = -1;

  /** `versionOf` names the data the values come from; by default the whole database. */
  constructor(
    private readonly db: Db,
    private readonly versionOf: (db: Db) => number = dataVersion,
  ) {}

  get(key: K, read: () => V | undefined): V | undefined {
    // Inside a transaction a read may see writes a rollback will undo (the version would not go back).
    if (this.db.inTransaction) return read();
    const now = this.versionOf(this.db);
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
