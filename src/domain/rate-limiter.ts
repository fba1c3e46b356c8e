// A real rate limit per consumer (design: admin), like the gateway in front of the real service: requests
// per second counted in real time, requests per day counted on the simulator clock so a test can move the
// clock a day on instead of waiting for the allowance to come back. 0 turns a limit off.

export interface RateLimits {
  perSecond: number;
  perDay: number;
}

export type RateDecision = { ok: true } | { ok: false; limit: 'second' | 'day'; retryAfterSeconds: number };

/**
 * How much the limiter remembers. In open mode any key with the prefix is a consumer, so without a bound
 * the counts of every key ever used would be kept for the life of the process: counts that hold nothing
 * (their second and their day are over) are forgotten once a second, and past either bound the counts held
 * longest go first. A consumer forgotten that way gets its allowance back; no consumer is ever refused to
 * make room for another.
 */
export interface RateLimiterBounds {
  maxKeys: number;
  /** Bytes of the keys held (UTF-16, as a string holds them) and ENTRY_BYTES for each. */
  maxBytes: number;
}

export const RATE_LIMITER_BOUNDS: Readonly<RateLimiterBounds> = { maxKeys: 10_000, maxBytes: 4 * 1024 * 1024 };

/** What one key's counts cost besides its text: its Map slot and its Usage object, about. */
const ENTRY_BYTES = 96;

const DAY_MS = 86_400_000;

interface Usage {
  second: number;
  inSecond: number;
  day: number;
  inDay: number;
}

export class RateLimiter {
  private readonly usage = new Map<string, Usage>();
  private bytes = 0;
  /** The real second of the last sweep for counts that hold nothing. */
  private sweptAt = Number.NaN;

  private readonly bounds: RateLimiterBounds;

  constructor(
    public limits: RateLimits,
    bounds: Readonly<RateLimiterBounds> = RATE_LIMITER_BOUNDS,
  ) {
    this.bounds = { ...bounds }; // its own copy: two simulators share no object (test/two-simulators.test.ts)
  }

  get enabled(): boolean {
    return this.limits.perSecond > 0 || this.limits.perDay > 0;
  }

  /** Keys whose counts are held, and what they cost (RateLimiterBounds). */
  get held(): { keys: number; bytes: number } {
    return { keys: this.usage.size, bytes: this.bytes };
  }

  /** Counts one request of a consumer, unless it is over a limit (refused requests do not count). */
  take(consumer: string, realNowMs: number, simNowMs: number): RateDecision {
    if (!this.enabled) return { ok: true };
    const second = Math.floor(realNowMs / 1000);
    const day = Math.floor(simNowMs / DAY_MS);
    if (second !== this.sweptAt) this.forgetIdle(second, day);
    const held = this.usage.get(consumer);
    const u = held ?? { second, inSecond: 0, day, inDay: 0 };
    if (u.second !== second) Object.assign(u, { second, inSecond: 0 });
    if (u.day !== day) Object.assign(u, { day, inDay: 0 });
    if (this.limits.perDay > 0 && u.inDay >= this.limits.perDay) {
      return { ok: false, limit: 'day', retryAfterSeconds: Math.max(1, Math.ceil(((day + 1) * DAY_MS - simNowMs) / 1000)) };
    }
    if (this.limits.perSecond > 0 && u.inSecond >= this.limits.perSecond) {
      return { ok: false, limit: 'second', retryAfterSeconds: 1 };
    }
    u.inSecond++;
    u.inDay++;
    if (held === undefined) this.hold(consumer, u);
    return { ok: true };
  }

  clear(): void {
    this.usage.clear();
    this.bytes = 0;
  }

  /** Forgets every count that holds nothing any more: its second is over, and its day too when days count. */
  private forgetIdle(second: number, day: number): void {
    this.sweptAt = second;
    for (const [key, u] of this.usage) {
      if (u.second < second && (this.limits.perDay <= 0 || u.day !== day)) this.forget(key);
    }
  }

  /** Keeps a new key's counts, first forgetting the longest-held ones while either bound would be passed. */
  private hold(key: string, u: Usage): void {
    const cost = costOf(key);
    for (const oldest of this.usage.keys()) {
      if (this.usage.size < this.bounds.maxKeys && this.bytes + cost <= this.bounds.maxBytes) break;
      this.forget(oldest);
    }
    this.usage.set(key, u);
    this.bytes += cost;
  }

  private forget(key: string): void {
    this.usage.delete(key);
    this.bytes -= costOf(key);
  }
}

function costOf(key: string): number {
  return 2 * key.length + ENTRY_BYTES;
}
