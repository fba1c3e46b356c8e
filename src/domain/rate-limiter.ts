// A real rate limit per consumer (design: admin), like the gateway in front of the real service: requests
// per second counted in real time, requests per day counted on the simulator clock so a test can move the
// clock a day on instead of waiting for the allowance to come back. 0 turns a limit off.

export interface RateLimits {
  perSecond: number;
  perDay: number;
}

export type RateDecision = { ok: true } | { ok: false; limit: 'second' | 'day'; retryAfterSeconds: number };

const DAY_MS = 86_400_000;

interface Usage {
  second: number;
  inSecond: number;
  day: number;
  inDay: number;
}

export class RateLimiter {
  private readonly usage = new Map<string, Usage>();

  constructor(public limits: RateLimits) {}

  get enabled(): boolean {
    return this.limits.perSecond > 0 || this.limits.perDay > 0;
  }

  /** Counts one request of a consumer, unless it is over a limit (refused requests do not count). */
  take(consumer: string, realNowMs: number, simNowMs: number): RateDecision {
    if (!this.enabled) return { ok: true };
    const second = Math.floor(realNowMs / 1000);
    const day = Math.floor(simNowMs / DAY_MS);
    const u = this.usage.get(consumer) ?? { second, inSecond: 0, day, inDay: 0 };
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
    this.usage.set(consumer, u);
    return { ok: true };
  }

  clear(): void {
    this.usage.clear();
  }
}
