import { CoverageTally } from '../domain/coverage.js';
import type { SimClock } from '../domain/sim-clock.js';
import type { Db } from '../store/db.js';
import { orStorageFull } from '../store/storage-full.js';
import { stateDbFrom } from '../store/state-db.js';
import { createStores, type Stores } from '../store/stores.js';
import { writeTransaction } from '../store/write-transaction.js';

/**
 * What a sandbox kept in a file of the data folder does besides its database (data-dir.ts): room is checked
 * before each write and counted after it, and its files go when it is dropped.
 */
export interface SandboxDisk {
  /** Before its first use: sets up the budget check of its writes (once; later calls do nothing). */
  guard(db: Db): void;
  /** After a request or a write: counts the bytes its files take now, if it wrote since last counted. */
  settle(): void;
  /** Its database is closed: deletes its files when it was dropped (`forget`), else leaves them for the next start. */
  closed(forget: boolean): void;
  /** Records its own clock's mode in its file. */
  saveClock(db: Db, clock: string): void;
}

/**
 * One isolated copy of a scenario's state: a consumer key's own world (design: State). A sandbox is a copy
 * of the scenario's template database, so creating one costs a memory copy, not a reload.
 */
export class Sandbox {
  readonly db: Db;
  readonly stores: Stores;
  /** Requests (and admin actions) that took it from its pool. */
  uses = 0;
  /** What this consumer's verified requests exercised of the contract (GET /__admin/coverage); a reset empties it. */
  readonly coverage = new CoverageTally();
  /**
   * This consumer's own clock, once it was set for it (a team's PUT /__admin/clock, or ?consumer=KEY);
   * until then the sandbox follows the world's clock (World.clockOf). Dropped with the sandbox.
   */
  ownClock: SimClock | undefined = undefined;
  /** Requests using it now (`hold`/`release`), and whether its pool let it go. */
  private holders = 0;
  private dropped = false;
  /** Whether its files go with it (every drop but the simulator stopping). */
  private forget = true;
  /** Set when it lives in a file of the data folder; undefined in memory. */
  readonly disk: SandboxDisk | undefined;
  // One transaction function for every write, its statements prepared on first use (write-transaction.ts).
  private readonly transaction: <T>(fn: () => T) => T;

  /**
   * `source` is the template to copy (in memory) or a database opened in the data folder with its disk. A new
   * sandbox counts as used when made; one read back from the data folder was made before (`createdAt`).
   */
  constructor(
    readonly key: string,
    source: Buffer | { db: Db; disk: SandboxDisk },
    public lastUsedAt: number,
    readonly createdAt = lastUsedAt,
  ) {
    ({ db: this.db, disk: this.disk } = Buffer.isBuffer(source) ? { db: stateDbFrom(source), disk: undefined } : source);
    this.stores = createStores(this.db);
    this.transaction = writeTransaction(this.db);
  }

  /** Runs a write as one transaction: a request that fails half-way changes nothing. */
  write<T>(fn: () => T): T {
    const disk = this.disk;
    if (disk === undefined) return this.transaction(fn);
    try {
      // A full disk (or the file size limit) rolls the write back: the client is told why, in the catalogue's words.
      return orStorageFull(() => this.transaction(fn));
    } finally {
      disk.settle();
    }
  }

  /**
   * Marks one more request as using this sandbox: a sandbox dropped meanwhile stays open until the last
   * one is done with it (`release`). A request may wait between choosing its sandbox and answering (say,
   * behind an injected latency), and its database must still be there when it comes back.
   */
  hold(): void {
    this.holders++;
  }

  /** One request done with it; the last one closes a dropped sandbox. */
  release(): void {
    if (--this.holders === 0 && this.dropped) this.close();
    else this.disk?.settle();
  }

  /**
   * Dropped from its pool (the cap, idleness, a reset, a scenario switch, the simulator stopping): its
   * database is closed now, or when the last request holding it is done. Closing frees SQLite's memory at
   * once; left to the garbage collector, which sees only a small JavaScript object, thousands of dropped
   * sandboxes waited for it and the process grew by gigabytes (bench/results/soak.md). A sandbox in the
   * data folder loses its files with it, unless `forget` is false (the simulator stopping keeps them).
   */
  drop(forget = true): void {
    if (this.dropped) return;
    this.dropped = true;
    this.forget = forget;
    if (this.holders === 0) this.close();
  }

  private close(): void {
    this.db.close();
    this.disk?.closed(this.forget);
  }

  /** Whether its database is closed (dropped, with no request still holding it). */
  get closed(): boolean {
    return !this.db.open;
  }
}
