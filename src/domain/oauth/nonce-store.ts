/**
 * What makes a nonce unique (RFC 5849 3.3), the nonce within its timestamp for one consumer and token, as
 * one unambiguous string: the consumer key and token carry their lengths, a number never holds a `:`, and
 * the nonce is what is left.
 */
export function nonceKey(parts: { consumerKey: string; token?: string | undefined; timestamp: number; nonce: string }): string {
  const token = parts.token ?? '';
  return `${parts.consumerKey.length}:${parts.consumerKey}${token.length}:${token}${parts.timestamp}:${parts.nonce}`;
}

/**
 * The longest oauth_nonce accepted, in UTF-8 bytes. RFC 5849 sets no limit; clients send 8 to 64 random
 * characters. A limit keeps a request from making the verifier hash and compare kilobytes for one nonce.
 */
export const MAX_NONCE_BYTES = 255;

/** The UTF-8 length of a nonce, counted only when it could be over the limit (a UTF-16 unit is at most 3 bytes). */
export function nonceBytes(nonce: string): number {
  return nonce.length * 3 <= MAX_NONCE_BYTES ? nonce.length : Buffer.byteLength(nonce, 'utf8');
}

export interface NonceStoreOptions {
  /** The table never grows past this; it always has room for at least maxBytes / 48 nonces in their window. */
  maxBytes: number;
  /** Seed of the key hash: drawn at random by the caller, so nobody can aim keys at one part of the table. */
  seed: number;
}

export type NonceUse =
  | { ok: true }
  | { ok: false; why: 'used' }
  /** Every slot is held by a nonce still inside its window: none may be forgotten, so no new one is taken. */
  | { ok: false; why: 'full'; retryAfterSeconds: number };

/** Words per slot: the key's 64-bit hash in two, and the second after which the nonce may be forgotten. */
const WORDS = 3;
const BYTES_PER_SLOT = WORDS * 4;
const SMALLEST = 1024;

/**
 * Every nonce used within the timestamp window, so a replay is refused whatever happened in between: no
 * sandbox has to stay in memory for it, and no amount of other traffic pushes a nonce out early (issue 14).
 * Pure: no timers or clock, the caller passes `now` and when each nonce may be forgotten.
 *
 * A nonce costs a 12 byte slot whatever its length: an open-addressed table (linear probing) holds the
 * 64-bit hash of its key and the second it may be forgotten after. A hash collision could only refuse a
 * fresh nonce, never let a used one through, and with 64 bits it takes billions of nonces in one window to
 * meet one. Slots whose nonce left its window are reused; once three quarters of the slots are taken, the
 * table is rebuilt with the nonces still in their window at most half full, growing up to `maxBytes` (a
 * rebuild holds the old table beside the new one for a moment), so it takes 12 to 24 bytes per nonce. A
 * rebuild that finds more than half of the largest table still in its window means the store is full: new
 * nonces are refused (fail closed) until the oldest leaves its window, since forgetting one would let its
 * replay through.
 */
export class NonceStore {
  private table: Uint32Array;
  private slots: number;
  /** Slots taken, by nonces in their window or past it (those are reused, or dropped at the next rebuild). */
  private taken = 0;
  /** Nonces in their window the store always has room for: half the largest table. */
  readonly capacity: number;
  /** While full: the second the oldest nonce leaves its window. */
  private fullUntil = 0;

  constructor(private readonly options: NonceStoreOptions) {
    let max = 8;
    while (max * 2 * BYTES_PER_SLOT <= options.maxBytes) max *= 2;
    this.capacity = max / 2;
    this.slots = Math.min(SMALLEST, max);
    this.table = new Uint32Array(this.slots * WORDS);
  }

  /** Slots taken: the nonces remembered, some maybe past their window (reused, or dropped at the next rebuild). */
  get held(): number {
    return this.taken;
  }

  /** Memory the table takes now. */
  get bytes(): number {
    return this.table.byteLength;
  }

  /** Whether a nonce was used and is still inside its window (records nothing). */
  seen(key: string, nowSeconds: number): boolean {
    hash(key, this.options.seed);
    return this.probe(nowSeconds) === -1;
  }

  /**
   * Records a nonce that may be forgotten after `expiresAt` (its timestamp plus the window), unless it is
   * still remembered: then it is a replay.
   */
  use(key: string, expiresAt: number, nowSeconds: number): NonceUse {
    hash(key, this.options.seed);
    // 0 marks an empty slot; a caller's NaN or 0 would read as one, so it becomes "already expired".
    const expires = expiresAt >= 1 ? Math.min(expiresAt, 0xffffffff) : 1;
    for (;;) {
      const slot = this.probe(nowSeconds);
      if (slot === -1) return USED;
      if (nowSeconds < this.fullUntil) return { ok: false, why: 'full', retryAfterSeconds: this.fullUntil - nowSeconds };
      const at = slot * WORDS;
      const empty = this.table[at + 2] === 0;
      if (empty && (this.taken + 1) * 4 > this.slots * 3) {
        const full = this.rebuild(nowSeconds);
        if (full) return full;
        continue; // the table changed under the probe: look again
      }
      if (empty) this.taken++;
      this.table[at] = HASH[0]!;
      this.table[at + 1] = HASH[1]!;
      this.table[at + 2] = expires;
      return OK;
    }
  }

  /**
   * Probes for the key last hashed (HASH): -1 when it is remembered and inside its window, else the slot it
   * may take: the first whose nonce left its window, else the empty one that ends the run.
   */
  private probe(nowSeconds: number): number {
    const { table } = this;
    const hi = HASH[0]!;
    const lo = HASH[1]!;
    const mask = this.slots - 1;
    let reusable = -1;
    for (let i = hi & mask; ; i = (i + 1) & mask) {
      const at = i * WORDS;
      const was = table[at + 2]!;
      if (was === 0) return reusable === -1 ? i : reusable;
      if (was < nowSeconds) {
        if (reusable === -1) reusable = i;
      } else if (table[at] === hi && table[at + 1] === lo) {
        return -1;
      }
    }
  }

  /**
   * Copies the nonces still in their window into a table at most half full (a quarter of it can come before
   * the next rebuild, so rebuilding costs a few slot copies per nonce), or the largest allowed; past half of
   * that, the store is full.
   */
  private rebuild(nowSeconds: number): NonceUse | undefined {
    const old = this.table;
    let live = 0;
    let oldest = Infinity;
    for (let at = 2; at < old.length; at += WORDS) {
      const expires = old[at]!;
      if (expires !== 0 && expires >= nowSeconds) {
        live++;
        if (expires < oldest) oldest = expires;
      }
    }
    const max = this.capacity * 2;
    let slots = Math.min(SMALLEST, max);
    while (slots < (live + 1) * 2 && slots < max) slots *= 2;
    if (slots !== this.slots || live !== this.taken) {
      const table = new Uint32Array(slots * WORDS);
      const mask = slots - 1;
      for (let at = 0; at < old.length; at += WORDS) {
        const expires = old[at + 2]!;
        if (expires === 0 || expires < nowSeconds) continue;
        const h = old[at]!;
        let i = h & mask;
        while (table[i * WORDS + 2] !== 0) i = (i + 1) & mask;
        table[i * WORDS] = h;
        table[i * WORDS + 1] = old[at + 1]!;
        table[i * WORDS + 2] = expires;
      }
      this.table = table;
      this.slots = slots;
      this.taken = live;
    }
    if (live + 1 <= this.capacity) return undefined;
    // Full of nonces that must not be forgotten: refuse new ones until the oldest leaves its window.
    this.fullUntil = oldest + 1;
    return { ok: false, why: 'full', retryAfterSeconds: Math.max(1, this.fullUntil - nowSeconds) };
  }
}

const OK: Readonly<NonceUse> = { ok: true };
const USED: Readonly<NonceUse> = { ok: false, why: 'used' };

// The last key's hash, in two 32-bit halves: a typed array rather than a returned pair or module variables,
// so the hot path allocates nothing (a module variable holding a number past 2^30 is boxed on every write).
const HASH = new Uint32Array(2);

/** cyrb53's two lanes, kept whole: a seeded 64-bit hash of the key's UTF-16 units. */
function hash(key: string, seed: number): void {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  HASH[0] = h1;
  HASH[1] = h2;
}
