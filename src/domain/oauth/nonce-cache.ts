/** What makes a nonce unique (RFC 5849 3.3): the nonce within its timestamp, for one consumer and token. */
export interface NonceKeyParts {
  consumerKey: string;
  token?: string | undefined;
  timestamp: number;
  nonce: string;
}

/** One unambiguous string per (consumer, token, timestamp, nonce); JSON keeps separators out of the way. */
export function nonceKey(parts: NonceKeyParts): string {
  return JSON.stringify([parts.consumerKey, parts.token ?? '', parts.timestamp, parts.nonce]);
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
 * Entries sit in buckets by timestamp second, so pruning touches only the buckets that fell out of
 * the window rather than every entry.
 */
export class NonceCache {
  private readonly entries = new Map<string, number>();
  private readonly buckets = new Map<number, Set<string>>();

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
    this.entries.set(key, timestamp);
    let bucket = this.buckets.get(timestamp);
    if (!bucket) this.buckets.set(timestamp, (bucket = new Set()));
    bucket.add(key);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.forget(oldest);
    }
  }

  /** Forgets every nonce whose timestamp is more than the window before `nowSeconds`. */
  prune(nowSeconds: number): void {
    const oldestKept = nowSeconds - this.options.windowSeconds;
    for (const [timestamp, keys] of this.buckets) {
      if (timestamp >= oldestKept) continue;
      for (const key of keys) this.entries.delete(key);
      this.buckets.delete(timestamp);
    }
  }

  clear(): void {
    this.entries.clear();
    this.buckets.clear();
  }

  private forget(key: string): void {
    const timestamp = this.entries.get(key);
    this.entries.delete(key);
    if (timestamp === undefined) return;
    const bucket = this.buckets.get(timestamp);
    bucket?.delete(key);
    if (bucket?.size === 0) this.buckets.delete(timestamp);
  }
}
