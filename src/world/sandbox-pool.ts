import { Sandbox } from './sandbox.js';

export interface SandboxPoolLimits {
  /** Most sandboxes held at once; the least recently used goes first. */
  max: number;
  /** A sandbox unused for longer than this (real time, ms) is dropped; 0 = never. */
  idleMs: number;
}

/**
 * The sandboxes a world holds, one per consumer key, kept in least-recently-used order (a Map keeps
 * insertion order, so touching a sandbox moves it to the end). Idle ones are dropped when the pool is next
 * used: no timers, so nothing keeps a test runner's process alive.
 *
 * Every sandbox it lets go (the cap, idleness, a reset, a scenario switch, the simulator stopping) is
 * dropped (`Sandbox.drop`): its database is closed at once, or when the last request still holding it is
 * done. Memory is bounded by the cap, not by how soon the garbage collector notices.
 */
export class SandboxPool {
  private readonly boxes = new Map<string, Sandbox>();
  /** Keys dropped for idleness or the cap since start; the admin API shows it. */
  evicted = 0;
  /** Sandboxes made from the template since start, and let go for any reason (/__admin/metrics). */
  opened = 0;
  dropped = 0;

  /**
   * `open` makes a new sandbox of a key (by default a copy of the template in memory; with a data folder, a
   * file in it: data-dir.ts).
   */
  constructor(
    readonly settings: SandboxPoolLimits,
    private readonly realNow: () => number,
    private readonly open: (key: string, template: () => Buffer, now: number) => Sandbox = (key, template, now) => new Sandbox(key, template(), now),
  ) {}

  /** The sandbox of a key, made from the template on first use (or after it was dropped). */
  get(key: string, template: () => Buffer, now: number): Sandbox {
    this.dropIdle(now);
    let box = this.boxes.get(key);
    if (box) {
      this.boxes.delete(key);
    } else {
      box = this.open(key, template, now);
      this.opened++;
      while (this.boxes.size >= this.settings.max) this.dropOldest();
    }
    // Ready for writes: a sandbox in a file of the data folder checks its budget before each.
    box.disk?.guard(box.db);
    box.lastUsedAt = now;
    this.boxes.set(key, box);
    box.uses++;
    return box;
  }

  /**
   * Takes in a sandbox found in the data folder at start-up (oldest use first, one per key, into the pool the
   * switch to the scenario emptied), as if it had just been used; over the cap, the least recently used goes,
   * as it would have.
   */
  adopt(box: Sandbox): void {
    this.boxes.set(box.key, box);
    while (this.boxes.size > this.settings.max) this.dropOldest();
  }

  /**
   * The sandbox of a key if one is held and not idle past the limit (one `get` would drop), without touching
   * it: no use counted, no move in the LRU order. For reading before a request has proved who it is.
   */
  peek(key: string, now: number): Sandbox | undefined {
    const box = this.boxes.get(key);
    if (!box || (this.settings.idleMs > 0 && now - box.lastUsedAt > this.settings.idleMs)) return undefined;
    return box;
  }

  /** The sandboxes held now, without counting a use (for looking something up across all of them). */
  held(): Sandbox[] {
    return [...this.boxes.values()];
  }

  has(key: string): boolean {
    return this.boxes.has(key);
  }

  /** Held sandboxes, least recently used first. */
  list() {
    this.dropIdle(this.realNow());
    return [...this.boxes.values()].map((b) => ({ key: b.key, createdAt: b.createdAt, lastUsedAt: b.lastUsedAt, uses: b.uses }));
  }

  get size(): number {
    return this.boxes.size;
  }

  /** Drops one sandbox (its next use starts from the template again); false when none was held. */
  drop(key: string): boolean {
    const box = this.boxes.get(key);
    if (!box) return false;
    this.boxes.delete(key);
    box.drop();
    this.dropped++;
    return true;
  }

  /** Drops every sandbox (a reset of everything, a scenario switch). */
  clear(): void {
    this.dropped += this.boxes.size;
    this.closeAll(true);
  }

  /**
   * When the simulator stops; a request still running closes its sandbox when it is done. Sandboxes in the
   * data folder keep their files, for the next start (unless `forget`: `clear`).
   */
  closeAll(forget = false): void {
    const boxes = [...this.boxes.values()];
    this.boxes.clear();
    for (const box of boxes) box.drop(forget);
  }

  private dropIdle(now: number): void {
    if (this.settings.idleMs <= 0) return;
    // Oldest first: stop at the first one still in use.
    for (const box of this.boxes.values()) {
      if (now - box.lastUsedAt <= this.settings.idleMs) break;
      this.drop(box.key);
      this.evicted++;
    }
  }

  /** Only called while the pool holds at least its cap (1 or more), so there is an oldest. */
  private dropOldest(): void {
    this.drop(this.boxes.keys().next().value!);
    this.evicted++;
  }
}
