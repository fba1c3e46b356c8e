import { routeMatches } from './route-pattern.js';

// The request journal (design: admin): the last N requests the API answered, with the reason each rejected
// one was rejected. Bounded, so a long CI run cannot grow it without end.

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
  consumer?: string;
  /** GUID of the access token's user. */
  user?: string;
  /** 0 when the connection was closed without an answer (a drop fault, or the client went away). */
  status: number;
  durationMs: number;
  rejected?: Rejection;
  /** Ids of injected faults that acted on this request. */
  faults?: number[];
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

export class Journal {
  private entries: JournalEntry[] = [];
  private nextId = 1;

  constructor(private capacity: number) {}

  record(entry: Omit<JournalEntry, 'id'>): JournalEntry {
    const full = { id: this.nextId++, ...entry };
    if (this.capacity <= 0) return full;
    this.entries.push(full);
    // Trim in batches: an array shift per request would be O(n) each time.
    if (this.entries.length > this.capacity * 2) this.entries = this.entries.slice(-this.capacity);
    return full;
  }

  /** Matching entries, newest first, at most `limit`. */
  find(query: JournalQuery = {}, limit = Infinity): JournalEntry[] {
    const out: JournalEntry[] = [];
    const kept = this.kept();
    for (let i = kept.length - 1; i >= 0 && out.length < limit; i--) {
      if (matchesQuery(kept[i]!, query)) out.push(kept[i]!);
    }
    return out;
  }

  count(query: JournalQuery = {}): number {
    return this.kept().filter((e) => matchesQuery(e, query)).length;
  }

  clear(): void {
    this.entries = [];
  }

  get size(): number {
    return this.kept().length;
  }

  get limit(): number {
    return this.capacity;
  }

  private kept(): JournalEntry[] {
    return this.entries.length > this.capacity ? this.entries.slice(-this.capacity) : this.entries;
  }
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
