import { ByteRing } from './byte-ring.js';
import { routeMatches } from './route-pattern.js';
import { detached, truncated, utf8Kept, utf8WithMarker } from './truncated.js';

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
  /** That user's login, for reading beside the GUID. */
  login?: string;
  /** 0 when the connection was closed without an answer (a drop fault, or the client went away). */
  status: number;
  durationMs: number;
  rejected?: Rejection;
  /** Ids of injected faults that acted on this request. */
  faults?: number[];
  /** Id of the answer override that answered this request instead of the API (admin: /__admin/overrides). */
  override?: number;
  /** The request as it arrived. */
  request?: JournalRequest;
  /** The answer as sent; absent when the connection closed without one. */
  answer?: JournalAnswer;
}

/** A header or a parameter: name and value. */
export type NameValue = [name: string, value: string];

export interface JournalRequest {
  /**
   * Header names as the client spelt them and their values, in the order sent. Authorization is kept: it is
   * the client's own OAuth signature (no secret is in it), and what a signature problem is debugged with.
   */
  headers: NameValue[];
  /** The API parameters, decoded: the query's, then a form body's, in the order sent, duplicates kept. */
  params: NameValue[];
  /** A form body as sent, still encoded; absent without one (only form bodies are read). */
  body?: string;
}

export interface JournalAnswer {
  status: number;
  /** Header names and values as sent, in order. */
  headers: NameValue[];
  /** The body as sent, as UTF-8 text; absent when the answer had none (a HEAD, a 304). */
  body?: string;
}

/**
 * What the journal is given, and keeps, for one request: an entry with its headers as they come, so that
 * keeping them costs the request nothing. They become name/value pairs only when someone reads the
 * journal (`find`).
 */
export interface JournalRecord extends Omit<JournalEntry, 'id' | 'request' | 'answer'> {
  request?: {
    /** node's `rawHeaders`: name, value, name, value, ... */
    rawHeaders: readonly string[];
    params: ReadonlyArray<readonly [string, string]>;
    body?: string | undefined;
  };
  answer?: {
    /** The status line and headers exactly as written to the socket (node's header block). */
    head: string;
    /** The body: bytes as sent (only the budget's worth is decoded), or text. */
    body?: string | Uint8Array | undefined;
  };
}

/** An entry as held: an answer body given as bytes is kept in the journal's ByteRing. */
interface Kept extends Omit<JournalRecord, 'answer'> {
  id: number;
  answer?: { head: string; body?: string | RingBytes | undefined };
}

/** The first `length` bytes (utf8Kept) of a body of `total` bytes, put in the ring at `at`. */
interface RingBytes {
  at: number;
  length: number;
  total: number;
}

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
 * Every string a client controls, and the answer's body, is cut to `limits.stringBytes` with a visible
 * marker (`truncated`).
 */
export class Journal {
  /** Entries in the order recorded; those before `head` are gone (emptied slots, compacted in batches). */
  private entries: Array<Kept | undefined> = [];
  private sizes: number[] = [];
  private head = 0;
  private heldBytes = 0;
  private nextId = 1;
  private readonly limits: JournalLimits;
  /** The kept bytes of answer bodies. */
  private readonly bodies: ByteRing;
  /** The last consumer key seen and its detached copy: most requests come from the same client as the one before. */
  private lastConsumer: string | undefined;
  private lastConsumerCopy: string | undefined;

  constructor(
    private capacity: number,
    limits: Partial<JournalLimits> = {},
  ) {
    this.limits = { bytes: JOURNAL_BYTES, stringBytes: JOURNAL_STRING_BYTES, ...limits };
    // Room for the bodies of every entry held, by count or by bytes, and of the one being recorded (which
    // may push the oldest out only after its body is in), plus the gap a write leaves at the ring's end.
    const { bytes, stringBytes } = this.limits;
    this.bodies = new ByteRing(Math.max(1, Math.min((Math.max(0, capacity) + 2) * stringBytes, bytes + 2 * stringBytes)));
  }

  record(entry: JournalRecord): void {
    const id = this.nextId++;
    if (this.capacity <= 0) return;
    const { kept, bytes } = this.keptEntry(entry, id);
    if (bytes > this.limits.bytes) return;
    this.entries.push(kept);
    this.sizes.push(bytes);
    this.heldBytes += bytes;
    while (this.entries.length - this.head > this.capacity || this.heldBytes > this.limits.bytes) this.dropOldest();
  }

  /** Matching entries, newest first, at most `limit`. */
  find(query: JournalQuery = {}, limit = Infinity): JournalEntry[] {
    const matches = matcher(query);
    const out: JournalEntry[] = [];
    for (let i = this.entries.length - 1; i >= this.head && out.length < limit; i--) {
      if (matches(this.entries[i]!)) out.push(viewOf(this.entries[i]!, this.bodies));
    }
    return out;
  }

  count(query: JournalQuery = {}): number {
    const matches = matcher(query);
    let n = 0;
    for (let i = this.head; i < this.entries.length; i++) if (matches(this.entries[i]!)) n++;
    return n;
  }

  clear(): void {
    this.entries = [];
    this.sizes = [];
    this.head = 0;
    this.heldBytes = 0;
    this.bodies.clear();
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
   * they may be slices of the request's body or of the very string that was cut. Otherwise the request's
   * strings are kept as they are, no copy: a parameter may be a slice of the URL or of the form body, but
   * both are kept whole anyway. The answer's body, given as bytes, is copied into the ring up to the
   * budget and decoded only when the journal is read: no string per request.
   */
  private keptEntry(e: JournalRecord, id: number): { kept: Kept; bytes: number } {
    const max = this.limits.stringBytes;
    let cut = false;
    const keep = (s: string): string => {
      const t = truncated(s, max);
      if (t !== s) cut = true;
      return t;
    };
    const { answer: a, ...rest } = e;
    const kept: Kept = { id, ...rest, method: keep(e.method), url: keep(e.url), path: keep(e.path) };
    if (e.consumer !== undefined) kept.consumer = this.consumerCopy(keep(e.consumer));
    if (e.user !== undefined) kept.user = keep(e.user);
    if (e.login !== undefined) kept.login = keep(e.login);
    const r = e.rejected;
    if (r) {
      kept.rejected = { ...r, reason: keep(r.reason), code: keep(r.code), details: keep(r.details) };
      if (r.check !== undefined) kept.rejected.check = keep(r.check);
      if (r.cause !== undefined) kept.rejected.cause = keep(r.cause);
    }
    const q = e.request;
    if (q) {
      kept.request = { rawHeaders: keepAll(q.rawHeaders, keep), params: keepPairs(q.params, keep) };
      if (q.body !== undefined) kept.request.body = keep(q.body);
    }
    if (a) {
      kept.answer = { head: keep(a.head) };
      if (typeof a.body === 'string') kept.answer.body = keep(a.body);
      else if (a.body !== undefined) {
        const length = utf8Kept(a.body, max);
        kept.answer.body = { at: this.bodies.put(a.body.subarray(0, length)), length, total: a.body.length };
      }
    }
    if (cut || r) detachAll(kept);
    return { kept, bytes: ENTRY_BYTES + stringLengths(kept) };
  }

  private consumerCopy(consumer: string): string {
    if (consumer !== this.lastConsumer) {
      this.lastConsumer = consumer;
      this.lastConsumerCopy = detached(consumer);
    }
    return this.lastConsumerCopy!;
  }
}

/** The strings, each kept by `keep`: the same array when none changed (the usual case), else a copy. */
function keepAll(strings: readonly string[], keep: (s: string) => string): readonly string[] {
  let out: string[] | undefined;
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    const k = keep(s);
    if (k !== s) (out ??= strings.slice())[i] = k;
  }
  return out ?? strings;
}

function keepPairs(pairs: ReadonlyArray<readonly [string, string]>, keep: (s: string) => string): ReadonlyArray<readonly [string, string]> {
  let out: Array<readonly [string, string]> | undefined;
  for (let i = 0; i < pairs.length; i++) {
    const [k, v] = pairs[i]!;
    const kk = keep(k);
    const kv = keep(v);
    if (kk !== k || kv !== v) (out ??= pairs.slice())[i] = [kk, kv];
  }
  return out ?? pairs;
}

function detachAll(e: Kept): void {
  e.method = detached(e.method);
  e.url = detached(e.url);
  e.path = detached(e.path);
  if (e.user !== undefined) e.user = detached(e.user);
  if (e.login !== undefined) e.login = detached(e.login);
  const q = e.request;
  if (q) {
    q.rawHeaders = q.rawHeaders.map(detached);
    q.params = q.params.map(([k, v]) => [detached(k), detached(v)] as const);
    if (q.body !== undefined) q.body = detached(q.body);
  }
  if (e.answer) {
    e.answer.head = detached(e.answer.head);
    if (typeof e.answer.body === 'string') e.answer.body = detached(e.answer.body);
  }
  const r = e.rejected;
  if (!r) return;
  r.reason = detached(r.reason);
  r.code = detached(r.code);
  r.details = detached(r.details);
  if (r.check !== undefined) r.check = detached(r.check);
  if (r.cause !== undefined) r.cause = detached(r.cause);
}

function stringLengths(e: Kept): number {
  let n = e.method.length + e.url.length + e.path.length + (e.consumer?.length ?? 0) + (e.user?.length ?? 0) + (e.login?.length ?? 0);
  const r = e.rejected;
  if (r) n += r.reason.length + r.code.length + r.details.length + (r.check?.length ?? 0) + (r.cause?.length ?? 0);
  const q = e.request;
  if (q) {
    for (const s of q.rawHeaders) n += s.length;
    for (const [k, v] of q.params) n += k.length + v.length;
    n += q.body?.length ?? 0;
  }
  // A string body counts its UTF-16 units, bytes in the ring their bytes.
  if (e.answer) n += e.answer.head.length + (e.answer.body?.length ?? 0);
  return n;
}

/** An entry as shown: headers as name/value pairs (worked out here, when read, not when recorded). */
function viewOf(e: Kept, bodies: ByteRing): JournalEntry {
  const { request, answer, ...rest } = e;
  const view: JournalEntry = rest;
  if (request) {
    view.request = { headers: pairsOf(request.rawHeaders), params: request.params.map(([k, v]) => [k, v]) };
    if (request.body !== undefined) view.request.body = request.body;
  }
  if (answer) {
    view.answer = { status: e.status, headers: headersOf(answer.head) };
    if (answer.body !== undefined) view.answer.body = typeof answer.body === 'string' ? answer.body : bodyText(answer.body, bodies);
  }
  return view;
}

/** A body kept in the ring, as text with truncatedUtf8's marker. The ring is sized so it is never written over. */
function bodyText(b: RingBytes, bodies: ByteRing): string {
  const kept = bodies.read(b.at, b.length);
  return kept ? utf8WithMarker(kept, b.total) : `…[${b.total} bytes, written over]`;
}

function pairsOf(flat: readonly string[]): NameValue[] {
  const out: NameValue[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** The header lines of a header block (`HTTP/1.1 200 OK\r\nName: value\r\n...\r\n\r\n`), status line left out. */
function headersOf(head: string): NameValue[] {
  const out: NameValue[] = [];
  for (const line of head.split('\r\n').slice(1)) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    out.push(colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  return out;
}

/** The test a query makes of each entry, its instants worked out once. */
function matcher(q: JournalQuery): (e: Kept) => boolean {
  // Every `at` has one format (toISOString), so instants in it compare as text.
  const since = q.since === undefined ? undefined : new Date(q.since).toISOString();
  const until = q.until === undefined ? undefined : new Date(q.until).toISOString();
  return (e) => {
    if (q.afterId !== undefined && e.id <= q.afterId) return false;
    if (q.method !== undefined && e.method.toUpperCase() !== q.method.toUpperCase()) return false;
    if (q.consumer !== undefined && e.consumer !== q.consumer) return false;
    if (q.user !== undefined && e.user !== q.user && e.login !== q.user) return false;
    if (q.status !== undefined && e.status !== q.status) return false;
    if (since !== undefined && e.at < since) return false;
    if (until !== undefined && e.at >= until) return false;
    if (q.rejected !== undefined && (e.rejected !== undefined) !== q.rejected) return false;
    if (q.path !== undefined && !routeMatches(q.path, e.path)) return false;
    return true;
  };
}
