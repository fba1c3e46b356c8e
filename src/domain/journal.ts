import { routeMatches } from './route-pattern.js';
import { detached, truncated } from './truncated.js';

// The request journal (design: admin): the last N requests the API answered, with the reason each rejected
// one was rejected. Bounded by count and by bytes, so neither a long CI run nor a flood of big requests
// can grow it without end.

export interface Rejection {
  /** Which check failed (`oauth-signature`, `rate-limit`, `fault`, ...). */
  check?: string;
  reason: string;
  /** X-Mashery-Error-Code sent with it. */
  code: string;
  /** Why, as the client was told (for a bad signature: the base string the server computed). */
  details: string;
  /** For a 500: what actually went wrong inside the simulator. */
  cause?: string;
}

export interface JournalEntry {
  id: number;
  /** When the request arrived, YYYY-MM-DDTHH:MM:SS.sssZ real time. */
  at: string;
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  /**
   * The consumer whose signature the request verified, or "unverified" (UNVERIFIED) when none did: an
   * unsigned, forged, stale or replayed request, or one refused before its signature was checked.
   */
  consumer?: string;
  /** GUID of the access token's user. */
  user?: string;
  /** 0 when the connection was closed without an answer (a drop fault, or the client went away). */
  status: number;
  durationMs: number;
  rejected?: Rejection;
  /** Ids of injected faults that acted on this request. */
  faults?: number[];
  /** Id of the answer override that answered this request instead of the API (admin: /__admin/overrides). */
  override?: number;
}

export interface JournalQuery {
  method?: string;
  /** Exact path or a route pattern (`/users/:guid/queues/*`). */
  path?: string;
  consumer?: string;
  status?: number;
  /** Only rejected (true) or only answered (false) requests. */
  rejected?: boolean;
  /** Only entries recorded after the one with this id (for following the journal live). */
  afterId?: number;
}

/** The consumer of a journal entry no signature vouched for: the key a request names proves nothing. */
export const UNVERIFIED = 'unverified';

/** Most bytes the journal holds, about (every string's length and a fixed cost per entry): 16 MiB. */
export const JOURNAL_BYTES = 16 * 1024 * 1024;
/** Most UTF-8 bytes one string of an entry keeps (a URL, a base string, a consumer key): 4 KiB, then a marker. */
export const JOURNAL_STRING_BYTES = 4 * 1024;
/** What an entry costs besides its strings: the objects, their fields, the array slot. */
const ENTRY_BYTES = 200;

export interface JournalLimits {
  /** Most bytes held, about (see JOURNAL_BYTES); the oldest entries go first. */
  bytes: number;
  /** Most UTF-8 bytes one string keeps (see JOURNAL_STRING_BYTES). */
  stringBytes: number;
}

/**
 * Holds at most `capacity` entries and about `limits.bytes` bytes, whichever binds first: the count alone
 * let a flood of rejected 64 KB bodies keep a ~330 KB base string each (RSS 2 GB after ~1,200 requests).
 * Every string a client controls is cut to `limits.stringBytes` with a visible marker (`truncated`).
 */
export class Journal {
  /** Entries in the order recorded; those before `head` are gone (emptied slots, compacted in batches). */
  private entries: Array<JournalEntry | undefined> = [];
  private sizes: number[] = [];
  private head = 0;
  private heldBytes = 0;
  private nextId = 1;
  private readonly limits: JournalLimits;
  /** The last consumer key seen and its detached copy: most requests come from the same client as the one before. */
  private lastConsumer: string | undefined;
  private lastConsumerCopy: string | undefined;

  constructor(private capacity: number, limits: Partial<JournalLimits> = {}) {
    this.limits = { bytes: JOURNAL_BYTES, stringBytes: JOURNAL_STRING_BYTES, ...limits };
  }

  record(entry: Omit<JournalEntry, 'id'>): JournalEntry {
    const { kept, bytes } = this.keptEntry({ id: this.nextId++, ...entry });
    if (this.capacity <= 0 || bytes > this.limits.bytes) return kept;
    this.entries.push(kept);
    this.sizes.push(bytes);
    this.heldBytes += bytes;
    while (this.entries.length - this.head > this.capacity || this.heldBytes > this.limits.bytes) this.dropOldest();
    return kept;
  }

  /** Matching entries, newest first, at most `limit`. */
  find(query: JournalQuery = {}, limit = Infinity): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = this.entries.length - 1; i >= this.head && out.length < limit; i--) {
      if (matchesQuery(this.entries[i]!, query)) out.push(this.entries[i]!);
    }
    return out;
  }

  count(query: JournalQuery = {}): number {
    let n = 0;
    for (let i = this.head; i < this.entries.length; i++) if (matchesQuery(this.entries[i]!, query)) n++;
    return n;
  }

  clear(): void {
    this.entries = [];
    this.sizes = [];
    this.head = 0;
    this.heldBytes = 0;
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  get limit(): number {
    return this.capacity;
  }

  /** Bytes held, about (JOURNAL_BYTES says what is counted). */
  get bytes(): number {
    return this.heldBytes;
  }

  private dropOldest(): void {
    this.heldBytes -= this.sizes[this.head]!;
    this.entries[this.head] = undefined;
    this.head++;
    // Compact in batches: a shift per request would be O(n) each time.
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.sizes = this.sizes.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * The entry as kept, and what it costs. Client-controlled strings are cut to the per-string budget; a
   * rejected request's strings, and every string of an entry that had one cut, are detached copies, since
   * they may be slices of the request's body or of the very string that was cut.
   */
  private keptEntry(e: JournalEntry): { kept: JournalEntry; bytes: number } {
    const max = this.limits.stringBytes;
    let cut = false;
    const keep = (s: string): string => {
      const t = truncated(s, max);
      if (t !== s) cut = true;
      return t;
    };
    e.method = keep(e.method);
    e.url = keep(e.url);
    e.path = keep(e.path);
    if (e.consumer !== undefined) e.consumer = this.consumerCopy(keep(e.consumer));
    if (e.user !== undefined) e.user = keep(e.user);
    const r = e.rejected;
    if (r) {
      e.rejected = { ...r, reason: keep(r.reason), code: keep(r.code), details: keep(r.details) };
      if (r.check !== undefined) e.rejected.check = keep(r.check);
      if (r.cause !== undefined) e.rejected.cause = keep(r.cause);
    }
    if (cut || r) detachAll(e);
    return { kept: e, bytes: ENTRY_BYTES + stringLengths(e) };
  }

  private consumerCopy(consumer: string): string {
    if (consumer !== this.lastConsumer) {
      this.lastConsumer = consumer;
      this.lastConsumerCopy = detached(consumer);
    }
    return this.lastConsumerCopy!;
  }
}

function detachAll(e: JournalEntry): void {
  e.method = detached(e.method);
  e.url = detached(e.url);
  e.path = detached(e.path);
  if (e.user !== undefined) e.user = detached(e.user);
  const r = e.rejected;
  if (!r) return;
  r.reason = detached(r.reason);
  r.code = detached(r.code);
  r.details = detached(r.details);
  if (r.check !== undefined) r.check = detached(r.check);
  if (r.cause !== undefined) r.cause = detached(r.cause);
}

function stringLengths(e: JournalEntry): number {
  let n = e.method.length + e.url.length + e.path.length + (e.consumer?.length ?? 0) + (e.user?.length ?? 0);
  const r = e.rejected;
  if (r) n += r.reason.length + r.code.length + r.details.length + (r.check?.length ?? 0) + (r.cause?.length ?? 0);
  return n;
}

export function matchesQuery(e: JournalEntry, q: JournalQuery): boolean {
  if (q.afterId !== undefined && e.id <= q.afterId) return false;
  if (q.method !== undefined && e.method.toUpperCase() !== q.method.toUpperCase()) return false;
  if (q.consumer !== undefined && e.consumer !== q.consumer) return false;
  if (q.status !== undefined && e.status !== q.status) return false;
  if (q.rejected !== undefined && (e.rejected !== undefined) !== q.rejected) return false;
  if (q.path !== undefined && !routeMatches(q.path, e.path)) return false;
  return true;
}
