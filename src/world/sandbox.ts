import { CoverageTally } from '../domain/coverage.js';
import type { SimClock } from '../domain/sim-clock.js';
import type { Db } from '../store/catalog-db.js';
import { stateDbFrom } from '../store/state-db.js';
import { createStores, type Stores } from '../store/stores.js';
import { writeTransaction } from '../store/write-transaction.js';

/**
 * One isolated copy of a scenario's state: a consumer key's own world (design: State). A sandbox is a copy
 * of the scenario's template database, so creating one costs a memory copy, not a reload.
 */
export class Sandbox {
  readonly db: Db;
  readonly stores: Stores;
  readonly createdAt: number;
  lastUsedAt: number;
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
  // One transaction function for every write, its statements prepared on first use (write-transaction.ts).
  private readonly transaction: <T>(fn: () => T) => T;

  constructor(
    readonly key: string,
    template: Buffer,
    now: number,
  ) {
    this.db = stateDbFrom(template);
    this.stores = createStores(this.db);
    this.transaction = writeTransaction(this.db);
    this.createdAt = now;
    this.lastUsedAt = now;
  }

  /** Runs a write as one transaction: a request that fails half-way changes nothing. */
  write<T>(fn: () => T): T {
    return this.transaction(fn);
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
    if (--this.holders === 0 && this.dropped) this.db.close();
  }

  /**
   * Dropped from its pool (the cap, idleness, a reset, a scenario switch, the simulator stopping): its
   * database is closed now, or when the last request holding it is done. Closing frees SQLite's memory at
   * once; left to the garbage collector, which sees only a small JavaScript object, thousands of dropped
   * sandboxes waited for it and the process grew by gigabytes (bench/results/soak.md).
   */
  drop(): void {
    if (this.dropped) return;
    this.dropped = true;
    if (this.holders === 0) this.db.close();
  }

  /** Whether its database is closed (dropped, with no request still holding it). */
  get closed(): boolean {
    return !this.db.open;
  }
}
