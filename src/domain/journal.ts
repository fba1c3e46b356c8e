import { ByteQueue } from './byte-queue.js';
import { EntryWriter, entryOf, summaryOf, type EntrySummary } from './journal-bytes.js';
import type { JournalEntry, JournalRecord } from './journal-entry.js';
import { routeMatches } from './route-pattern.js';

// The request journal (design: admin): the last N requests the API answered, with the reason each rejected
// one was rejected. Bounded by count and by bytes, so neither a long CI run nor a flood of big requests
// can grow it without end.

export type { JournalAnswer, JournalEntry, JournalRecord, JournalRequest, NameValue, Rejection } from './journal-entry.js';

export interface JournalQuery {
  method?: string;
  /** Exact path or a route pattern (`/users/:guid/queues/*`). */
  path?: string;
  consumer?: string;
  /** The token's user: a GUID or a login. */
  user?: string;
  status?: number;
  /** Only requests that arrived at or after this instant (epoch ms)... */
  since?: number;
  /** ...and before this one (epoch ms). */
  until?: number;
  /** Only rejected (true) or only answered (false) requests. */
  rejected?: boolean;
  /** Only entries recorded after the one with this id (for following the journal live). */
  afterId?: number;
}

/** The consumer of a journal entry no signature vouched for: the key a request names proves nothing. */
export const UNVERIFIED = 'unverified';

/** Most bytes the journal holds, about (every entry's bytes and a fixed cost per entry): 16 MiB. */
const JOURNAL_BYTES = 16 * 1024 * 1024;
/** Most UTF-8 bytes one string of an entry keeps (a URL, a base string, a consumer key): 4 KiB, then a marker. */
export const JOURNAL_STRING_BYTES = 4 * 1024;
/**
 * Most bytes one entry keeps, about: 24 KiB. Room for a rejected 64 KB body's entry (four strings cut to
 * 4 KiB, ~17 KB), while a flood of small headers or parameters, each under the string budget, cannot make
 * one entry push hundreds of others out.
 */
const JOURNAL_ENTRY_BYTES = 24 * 1024;
/** What an entry costs besides its bytes, about: its place and length in the journal's arrays, which keep spare room as they grow and until compacted. */
const ENTRY_BYTES = 24;

/**
 * Holds at most `limit` entries and about `limits.bytes` bytes, whichever binds first: the count alone
 * let a flood of rejected 64 KB bodies keep a base string several times that size each, and the process grew
 * by gigabytes (bench/results/soak.md).
 * Every string a client controls, and the answer's body, is cut to `limits.stringBytes` with a visible
 * marker (`truncated`).
 *
 * Entries are kept as bytes (src/domain/journal-bytes.ts) in a ByteQueue, off the JavaScript heap, and
 * decoded when the journal is read. Kept as objects holding the request's strings, each entry lived through
 * young-generation collections and was promoted: under load that grew the old generation with every
 * collection, and the process's RSS by many times the entries' own size.
 */
export class Journal {
  /** Each entry's place in `held` and its length, oldest first; those before `head` are gone (compacted in batches). */
  private positions: number[] = [];
  private lengths: number[] = [];
  private head = 0;
  private heldBytes = 0;
  private nextId = 1;
  /** Most bytes held, about (the oldest entries go first), and most UTF-8 bytes one string keeps. */
  private readonly limits = { bytes: JOURNAL_BYTES, stringBytes: JOURNAL_STRING_BYTES };
  private readonly held = new ByteQueue();
  private readonly writer = new EntryWriter();
  /**
   * Per consumer, the last id of the entries it cleared (`clearFor`): those read as gone. Only consumers
   * with entries still held keep one, so there are never more than the entries held.
   */
  private readonly clearedUpTo = new Map<string, number>();

  constructor(
    /** Most entries held. */
    readonly limit: number,
    limits: { bytes?: number; stringBytes?: number } = {},
  ) {
    Object.assign(this.limits, limits);
  }

  record(entry: JournalRecord): void {
    const id = this.nextId++;
    if (this.limit <= 0) return;
    const bytes = this.writer.bytesOf(entry, id, this.limits.stringBytes, JOURNAL_ENTRY_BYTES);
    if (ENTRY_BYTES + bytes.length > this.limits.bytes) return;
    this.positions.push(this.held.push(bytes));
    this.lengths.push(bytes.length);
    this.heldBytes += ENTRY_BYTES + bytes.length;
    while (this.size > this.limit || this.heldBytes > this.limits.bytes) this.dropOldest();
  }

  /** Matching entries, newest first, at most `limit`. */
  find(query: JournalQuery = {}, limit = Infinity): JournalEntry[] {
    const out: JournalEntry[] = [];
    if (limit <= 0) return out;
    // Stops at the limit'th match: reading on for one more would read back to the oldest entry when there is none.
    for (const bytes of this.matching(query)) {
      out.push(entryOf(bytes));
      if (out.length >= limit) break;
    }
    return out;
  }

  count(query: JournalQuery = {}): number {
    let n = 0;
    for (const _ of this.matching(query)) n++;
    return n;
  }

  /** Clears every entry; answers how many there were. */
  clear(): number {
    const cleared = this.size;
    while (this.size > 0) this.dropOldest();
    this.clearedUpTo.clear();
    return cleared;
  }

  /**
   * Clears one consumer's entries (a team's DELETE /__admin/journal): they read as gone to everyone, the
   * other consumers' stay. Answers how many there were.
   */
  clearFor(consumer: string): number {
    const cleared = this.count({ consumer });
    const oldest = this.size > 0 ? summaryOf(this.bytesAt(this.head)).id : this.nextId;
    for (const [key, upTo] of this.clearedUpTo) if (upTo < oldest) this.clearedUpTo.delete(key);
    if (cleared > 0) this.clearedUpTo.set(consumer, this.nextId - 1);
    return cleared;
  }

  get size(): number {
    return this.positions.length - this.head;
  }

  /** Bytes held, about (JOURNAL_BYTES says what is counted). */
  get bytes(): number {
    return this.heldBytes;
  }

  /** The bytes of each entry the query matches, newest first. */
  private *matching(q: JournalQuery): Generator<Buffer> {
    const matches = matcher(q, this.clearedUpTo);
    for (let i = this.positions.length - 1; i >= this.head; i--) {
      const bytes = this.bytesAt(i);
      const e = summaryOf(bytes);
      // Ids grow with the index: once one is not after `afterId`, no older one is.
      if (q.afterId !== undefined && e.id <= q.afterId) return;
      if (matches(e)) yield bytes;
    }
  }

  private bytesAt(i: number): Buffer {
    return this.held.read(this.positions[i]!, this.lengths[i]!);
  }

  private dropOldest(): void {
    this.heldBytes -= ENTRY_BYTES + this.lengths[this.head]!;
    this.head++;
    if (this.head < this.positions.length) this.held.forgetBefore(this.positions[this.head]!);
    else this.held.clear();
    // Compact in batches: a shift per request would be O(n) each time.
    if (this.head >= 1024 && this.head * 2 >= this.positions.length) {
      this.positions = this.positions.slice(this.head);
      this.lengths = this.lengths.slice(this.head);
      this.head = 0;
    }
  }
}

/**
 * An instant as `at` text, to compare with entries' text: one before year 0000 or after year 9999 has no
 * text in that format (toISOString writes `+010000-01-01...`, which sorts before every `2...`, so a
 * `since` in year 10,000 matched every entry), so it is the text before or after all of them.
 */
function atText(ms: number): string {
  if (!(ms >= FIRST_AT)) return '';
  if (ms > LAST_AT) return '\uffff';
  return new Date(ms).toISOString();
}
const FIRST_AT = Date.parse('0000-01-01T00:00:00Z');
const LAST_AT = Date.parse('9999-12-31T23:59:59.999Z');

/** The test a query makes of each entry, its instants worked out once. */
function matcher(q: JournalQuery, clearedUpTo: ReadonlyMap<string, number>): (e: EntrySummary) => boolean {
  const cleared = clearedUpTo.size > 0 ? clearedUpTo : undefined;
  // Every `at` has one format (toISOString, four-digit years), so instants in it compare as text.
  const since = q.since === undefined ? undefined : atText(q.since);
  const until = q.until === undefined ? undefined : atText(q.until);
  return (e) => {
    if (cleared !== undefined && e.id <= (cleared.get(e.consumer ?? '') ?? 0)) return false;
    if (q.method !== undefined && e.method.toUpperCase() !== q.method.toUpperCase()) return false;
    if (q.consumer !== undefined && e.consumer !== q.consumer) return false;
    if (q.user !== undefined && e.user !== q.user && e.login !== q.user) return false;
    if (q.status !== undefined && e.status !== q.status) return false;
    if (since !== undefined && e.at < since) return false;
    if (until !== undefined && e.at >= until) return false;
    if (q.rejected !== undefined && e.rejected !== q.rejected) return false;
    if (q.path !== undefined && !routeMatches(q.path, e.path)) return false;
    return true;
  };
}
