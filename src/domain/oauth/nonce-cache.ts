import { flat } from '../flat.js';

/** What makes a nonce unique (RFC 5849 3.3): the nonce within its timestamp, for one consumer and token. */
export interface NonceKeyParts {
  consumerKey: string;
  token?: string | undefined;
  timestamp: number;
  nonce: string;
}

/**
 * One unambiguous string per (consumer, token, timestamp, nonce): the consumer key and token carry their
 * lengths, a number never holds a `:`, and the nonce is what is left.
 */
export function nonceKey(parts: NonceKeyParts): string {
  const token = parts.token ?? '';
  return `${parts.consumerKey.length}:${parts.consumerKey}${token.length}:${token}${parts.timestamp}:${parts.nonce}`;
}

export interface NonceCacheOptions {
  /** A nonce older than this (by its timestamp) fails the timestamp check anyway, so it can be forgotten. */
  windowSeconds: number;
  /** Hard bound on memory; past it the oldest remembered nonce is forgotten first. */
  maxEntries: number;
}

/**
 * Remembers used nonces so a replay can be refused (fidelity 8, switchable off by the caller because
 * one shipped client reuses a nonce for a whole process). Pure: no timers, the caller passes `now`.
 *
 * Every signed request remembers one, so each step is O(1) however much is held: entries sit in buckets by
 * timestamp second, and the seconds in ascending order, so pruning looks at the oldest second alone unless
 * it fell out of the window; the size bound forgets in the order remembered through one long-lived iterator
 * (a fresh `keys().next()` would walk past every entry deleted before it, thousands once the bound is hit).
 */
export class NonceCache {
  private readonly entries = new Map<string, number>();
  private readonly buckets = new Map<number, Set<string>>();
  /** Every bucket's second, ascending, from `head` on; a second whose bucket went with the size bound may stay until it leaves the window. */
  private seconds: number[] = [];
  private head = 0;
  /** A NaN timestamp sorts nowhere; like any other bucket the window does not hold, it goes at the next prune. */
  private nanBucket = false;
  private oldest: Iterator<string> | undefined;

  constructor(private readonly options: NonceCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  seen(key: string): boolean {
    return this.entries.has(key);
  }

  /** Records a nonce used at `timestamp`, after forgetting those that left the window by `nowSeconds`. */
  remember(key: string, timestamp: number, nowSeconds: number): void {
    this.prune(nowSeconds);
    if (this.entries.has(key)) return;
    // Flat, since up to maxEntries keys stay for long (src/domain/flat.ts).
    flat(key);
    this.entries.set(key, timestamp);
    let bucket = this.buckets.get(timestamp);
    if (!bucket) {
      this.buckets.set(timestamp, (bucket = new Set()));
      this.noteSecond(timestamp);
    }
    bucket.add(key);
    while (this.entries.size > this.options.maxEntries) {
      this.oldest ??= this.entries.keys();
      // Everything before the iterator was forgotten, so the next key it gives is the oldest still held.
      this.forget(this.oldest.next().value as string);
    }
  }

  /** Forgets every nonce whose timestamp is more than the window before `nowSeconds`. */
  prune(nowSeconds: number): void {
    const oldestKept = nowSeconds - this.options.windowSeconds;
    const seconds = this.seconds;
    while (this.head < seconds.length && !(seconds[this.head]! >= oldestKept)) this.dropBucket(seconds[this.head++]!);
    if (this.head === seconds.length) {
      seconds.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > seconds.length) {
      this.seconds = seconds.slice(this.head);
      this.head = 0;
    }
    if (this.nanBucket) {
      this.dropBucket(NaN);
      this.nanBucket = false;
    }
  }

  clear(): void {
    this.entries.clear();
    this.buckets.clear();
    this.seconds = [];
    this.head = 0;
    this.nanBucket = false;
    this.oldest = undefined;
  }

  private forget(key: string): void {
    const timestamp = this.entries.get(key);
    this.entries.delete(key);
    if (timestamp === undefined) return;
    const bucket = this.buckets.get(timestamp);
    bucket?.delete(key);
    if (bucket?.size === 0) this.buckets.delete(timestamp);
  }

  private dropBucket(timestamp: number): void {
    const keys = this.buckets.get(timestamp);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.buckets.delete(timestamp);
  }

  /** Adds a new bucket's second in order: nearly always the latest, so a push. */
  private noteSecond(timestamp: number): void {
    if (Number.isNaN(timestamp)) {
      this.nanBucket = true;
      return;
    }
    const seconds = this.seconds;
    if (this.head === seconds.length || timestamp > seconds[seconds.length - 1]!) {
      seconds.push(timestamp);
      return;
    }
    let lo = this.head;
    let hi = seconds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (seconds[mid]! < timestamp) lo = mid + 1;
      else hi = mid;
    }
    if (seconds[lo] !== timestamp) seconds.splice(lo, 0, timestamp);
  }
}
