import { NonceCache } from '../domain/oauth/nonce-cache.js';
import type { Db } from '../store/catalog-db.js';
import { stateDbFrom } from '../store/state-db.js';
import { createStores, type Stores } from '../store/stores.js';

/**
 * One isolated copy of a scenario's state: a consumer key's own world (design: State). A sandbox is a copy
 * of the scenario's template database, so creating one costs a memory copy, not a reload.
 */
export class Sandbox {
  readonly db: Db;
  readonly stores: Stores;
  /** Nonces already used here; a day covers any sane timestamp window, and the cap bounds memory. */
  readonly nonces = new NonceCache({ windowSeconds: 86_400, maxEntries: 50_000 });
  readonly createdAt: number;
  lastUsedAt: number;
  // One transaction function for every write: better-sqlite3 builds its wrappers each time transaction() is called.
  private readonly transaction: (fn: () => unknown) => unknown;

  constructor(readonly key: string, template: Buffer, now: number) {
    this.db = stateDbFrom(template);
    this.stores = createStores(this.db);
    this.transaction = this.db.transaction((fn: () => unknown) => fn());
    this.createdAt = now;
    this.lastUsedAt = now;
  }

  /** Runs a write as one transaction: a request that fails half-way changes nothing. */
  write<T>(fn: () => T): T {
    return this.transaction(fn) as T;
  }

  close(): void {
    this.db.close();
  }
}
