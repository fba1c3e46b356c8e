import type { JournalEntry, JournalRecord, NameValue } from './journal-entry.js';
import { truncated, utf8Kept, utf8WithMarker } from './truncated.js';

// One journal entry as bytes (src/domain/journal.ts keeps them in a ByteQueue), and back. The fields a query
// filters on come first, so a query reads them alone (`summaryOf`) and decodes the rest only of the entries
// it shows (`entryOf`). Every string is cut to the journal's per-string budget as it is written.
//
// Layout (little-endian): id f64, flags u8, durationMs f64, status u32; the lengths (u32, in characters) of
// at, method, url, path and, as the flags say, consumer, user, login; a rejection (a u8 of its optional
// fields, then the lengths of check?, reason, code, details, cause?); faults (u32 count, f64 each); override
// f64; a request (u32 count and the raw headers' lengths, u32 count and the parameter pairs' lengths, u8 and
// the body's length if any); an answer (the head's length, then u8 0 none, 1 text and its length, 2 bytes:
// u32 total and u32 kept). Then the strings: u8 0 and one Latin-1 text when they are all ASCII, else u8 1 and
// each string as a u8 encoding (0 Latin-1, 1 UTF-8, 2 UTF-16 for text with a lone surrogate), a u32 byte
// length and its bytes: no string changes on the way through. Last, the answer's bytes kept.

const CONSUMER = 1;
const USER = 2;
const LOGIN = 4;
const REJECTED = 8;
const FAULTS = 16;
const OVERRIDE = 32;
const REQUEST = 64;
const ANSWER = 128;
/** How an entry's strings are written: one ASCII text, or each string with its own encoding. */
const ASCII_TEXT = 0;
const EACH_STRING = 1;
const LATIN1 = 0;
const UTF8 = 1;
const UTF16 = 2;
const ENCODINGS = ['latin1', 'utf8', 'utf16le'] as const;
/** Half of a surrogate pair without the other half: UTF-8 cannot carry it (String.isWellFormed, which this TypeScript lib lacks). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a query tests of an entry. */
export type EntrySummary = Pick<JournalEntry, 'id' | 'at' | 'method' | 'path' | 'consumer' | 'user' | 'login' | 'status'> & { rejected: boolean };

/** Writes entries into one reused buffer, grown as an entry needs and shrunk back after a big one. */
export class EntryWriter {
  private buf = Buffer.allocUnsafeSlow(INITIAL);
  private at = 0;
  /** The entry's strings, in the order they are read back, each cut to the budget. */
  private strings: string[] = [];
  private max = 0;
  /** Bytes of the entry's budget still free; Infinity on the first write, which counts none. */
  private left = Infinity;

  /**
   * The bytes of the entry with `id`, strings cut to `stringBytes` (UTF-8) and an answer body given as
   * bytes to its first `stringBytes`, the whole about `entryBytes` at most. A view into the writer's
   * buffer, valid until the next call.
   *
   * An ordinary entry is written once and fits. One that does not (a flood of headers or parameters, each
   * under the string budget) is written again counting every string's bytes: then the headers and the
   * parameters stop, each list with a last pair `…` saying how many more there were, where they would
   * leave less than ENTRY_RESERVE for what follows them (the body and the answer), and any string is cut
   * to what is left.
   */
  bytesOf(e: JournalRecord, id: number, stringBytes: number, entryBytes = Infinity): Buffer {
    const bytes = this.write(e, id, stringBytes, Infinity);
    return bytes.length <= entryBytes ? bytes : this.write(e, id, stringBytes, entryBytes - FIXED_BYTES);
  }

  private write(e: JournalRecord, id: number, stringBytes: number, left: number): Buffer {
    if (this.buf.length > INITIAL * 4) this.buf = Buffer.allocUnsafeSlow(INITIAL);
    this.at = 0;
    this.max = stringBytes;
    this.left = left;
    this.strings = [];
    const q = e.request;
    const a = e.answer;
    const r = e.rejected;
    const flags =
      (e.consumer !== undefined ? CONSUMER : 0) |
      (e.user !== undefined ? USER : 0) |
      (e.login !== undefined ? LOGIN : 0) |
      (r ? REJECTED : 0) |
      (e.faults ? FAULTS : 0) |
      (e.override !== undefined ? OVERRIDE : 0) |
      (q ? REQUEST : 0) |
      (a ? ANSWER : 0);
    this.f64(id);
    this.u8(flags);
    this.f64(e.durationMs);
    this.u32(e.status >>> 0);
    this.add(e.at);
    this.add(e.method);
    this.add(e.url);
    this.add(e.path);
    if (e.consumer !== undefined) this.add(e.consumer);
    if (e.user !== undefined) this.add(e.user);
    if (e.login !== undefined) this.add(e.login);
    if (r) {
      this.u8((r.check !== undefined ? 1 : 0) | (r.cause !== undefined ? 2 : 0));
      if (r.check !== undefined) this.add(r.check);
      this.add(r.reason);
      this.add(r.code);
      this.add(r.details);
      if (r.cause !== undefined) this.add(r.cause);
    }
    if (e.faults) {
      this.u32(e.faults.length);
      for (const f of e.faults) this.f64(f);
    }
    if (e.override !== undefined) this.f64(e.override);
    if (q) {
      if (this.left === Infinity) {
        this.u32(q.rawHeaders.length);
        for (const h of q.rawHeaders) this.add(h);
        this.u32(q.params.length);
        for (const [k, v] of q.params) {
          this.add(k);
          this.add(v);
        }
      } else {
        this.pairs(q.rawHeaders, 'header lines', 1);
        this.pairs(q.params.flat(), 'parameters', 2);
      }
      this.u8(q.body !== undefined ? 1 : 0);
      if (q.body !== undefined) this.add(q.body);
    }
    let body: Uint8Array | undefined;
    if (a) {
      this.add(a.head);
      if (a.body === undefined) this.u8(0);
      else if (typeof a.body === 'string') {
        this.u8(1);
        this.add(a.body);
      } else {
        body = a.body.subarray(0, utf8Kept(a.body, Math.min(stringBytes, Math.max(0, this.left))));
        this.left -= body.length;
        this.u8(2);
        this.u32(a.body.length);
        this.u32(body.length);
      }
    }
    this.text();
    // Not held until the next entry: they may be the request's own strings, which would outlive a collection.
    this.strings = [];
    if (body) {
      this.ensure(body.length);
      this.buf.set(body, this.at);
      this.at += body.length;
    }
    return this.buf.subarray(0, this.at);
  }

  /** A string of the entry, cut to the budget; its length goes here, its text with the others (`text`). */
  private add(s: string): void {
    if (this.left === Infinity) {
      const t = truncated(s, this.max);
      this.strings.push(t);
      this.u32(t.length);
      return;
    }
    const t = truncated(s, Math.min(this.max, Math.max(0, this.left)));
    this.strings.push(t);
    this.u32(t.length);
    this.left -= 4 + Buffer.byteLength(t, 'utf8');
  }

  /**
   * Name/value strings (headers as node gives them, parameters flattened) while they leave ENTRY_RESERVE
   * of the entry's budget; then one pair `…` saying how many more there were. The count written first is
   * of strings (`per` 1, the headers) or of pairs (`per` 2, the parameters), as the layout has it.
   */
  private pairs(flat: readonly string[], what: string, per: 1 | 2): void {
    let kept = 0;
    let room = this.left - ENTRY_RESERVE;
    while (kept + 1 < flat.length) {
      const cost = 8 + Buffer.byteLength(truncated(flat[kept]!, this.max)) + Buffer.byteLength(truncated(flat[kept + 1]!, this.max));
      if (cost > room) break;
      room -= cost;
      kept += 2;
    }
    const more = (flat.length - kept) >> 1;
    this.u32((kept + (more > 0 ? 2 : 0)) / per);
    for (let i = 0; i < kept; i++) this.add(flat[i]!);
    if (more > 0) {
      this.add('…');
      this.add(`[${more} more ${what} not kept]`);
    }
  }

  /**
   * Every string of the entry. An ASCII entry (the usual one) is one Latin-1 text, written in one call: a
   * string at a time cost two calls into node's buffer code each, ~30 of them a request. Any other entry
   * writes each string on its own: ASCII as Latin-1, other well-formed text as UTF-8, and text with a lone
   * surrogate as UTF-16, so the marker of a cut string (`…`, not Latin-1) does not make a whole entry UTF-16.
   */
  private text(): void {
    const text = this.strings.join('');
    if (Buffer.byteLength(text, 'utf8') === text.length) {
      this.u8(ASCII_TEXT);
      this.ensure(text.length);
      this.at += this.buf.write(text, this.at, text.length, 'latin1');
      return;
    }
    this.u8(EACH_STRING);
    for (const t of this.strings) {
      const utf8 = Buffer.byteLength(t, 'utf8');
      const encoding = utf8 === t.length ? LATIN1 : LONE_SURROGATE.test(t) ? UTF16 : UTF8;
      const length = encoding === UTF16 ? t.length * 2 : utf8;
      this.u8(encoding);
      this.u32(length);
      this.ensure(length);
      this.at += this.buf.write(t, this.at, length, ENCODINGS[encoding]);
    }
  }

  private u8(n: number): void {
    this.ensure(1);
    this.at = this.buf.writeUInt8(n, this.at);
  }

  private u32(n: number): void {
    this.ensure(4);
    this.at = this.buf.writeUInt32LE(n, this.at);
  }

  private f64(n: number): void {
    this.ensure(8);
    this.at = this.buf.writeDoubleLE(n, this.at);
  }

  private ensure(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
}

const INITIAL = 64 * 1024;
/** What an entry's numbers and fixed lengths take besides its strings, about: kept out of its budget. */
const FIXED_BYTES = 128;
/** What the headers and the parameters leave, when an entry is over its budget, for the body and the answer. */
const ENTRY_RESERVE = 12 * 1024;

/**
 * Reads an entry's fields in the order EntryWriter wrote them. Strings are decoded up to the one asked for:
 * a query's summary decodes the first few alone.
 */
class EntryReader {
  private at = 0;
  /** Where each string read so far ends in the text, in characters. */
  private ends: number[] = [];
  private textAt = 0;
  private each = false;
  /** An ASCII entry: its text as decoded so far. */
  private decoded = '';
  /** Any other entry: its strings as decoded so far, and where the next one starts. */
  private strings: string[] = [];
  private nextAt = 0;

  constructor(private readonly buf: Buffer) {}

  u8(): number {
    return this.buf.readUInt8(this.at++);
  }

  u32(): number {
    const n = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return n;
  }

  f64(): number {
    const n = this.buf.readDoubleLE(this.at);
    this.at += 8;
    return n;
  }

  /** The next string's length, read now; its text, later (`text`), once the text's place is known. */
  str(): number {
    const length = this.u32();
    this.ends.push((this.ends.at(-1) ?? 0) + length);
    return this.ends.length - 1;
  }

  /** Where the strings start (read after every length), and past them the answer's bytes. */
  startText(): void {
    this.each = this.u8() === EACH_STRING;
    this.textAt = this.nextAt = this.at;
    if (!this.each) this.at += this.ends.at(-1) ?? 0;
    else for (let i = 0; i < this.ends.length; i++) this.at += 5 + this.buf.readUInt32LE(this.at + 1);
  }

  /** String number `i` of the entry. */
  text(i: number): string {
    const end = this.ends[i]!;
    if (this.each) {
      while (this.strings.length <= i) {
        const encoding = this.buf.readUInt8(this.nextAt);
        const length = this.buf.readUInt32LE(this.nextAt + 1);
        const start = this.nextAt + 5;
        this.strings.push(this.buf.toString(ENCODINGS[encoding as 0 | 1 | 2], start, start + length));
        this.nextAt = start + length;
      }
      return this.strings[i]!;
    }
    if (end > this.decoded.length) this.decoded = this.buf.toString('latin1', this.textAt, this.textAt + end);
    return this.decoded.slice(i === 0 ? 0 : this.ends[i - 1]!, end);
  }

  bytes(length: number): Buffer {
    const start = this.at;
    this.at += length;
    return this.buf.subarray(start, this.at);
  }
}

interface Layout {
  durationMs: number;
  summary: Omit<EntrySummary, 'at' | 'method' | 'path' | 'consumer' | 'user' | 'login'>;
  /** The summary's strings, by number. */
  at: number;
  method: number;
  url: number;
  path: number;
  consumer?: number;
  user?: number;
  login?: number;
  rejected?: { check?: number; reason: number; code: number; details: number; cause?: number };
  faults?: number[];
  override?: number;
  request?: { raw: number[]; params: Array<[number, number]>; body?: number };
  answer?: { head: number; text?: number; total?: number; kept?: number };
}

/** Reads every number and string length of the entry, and finds where its text and body start. */
function layoutOf(r: EntryReader): Layout {
  const id = r.f64();
  const flags = r.u8();
  const durationMs = r.f64();
  const status = r.u32();
  const l: Layout = {
    durationMs,
    summary: { id, status, rejected: (flags & REJECTED) !== 0 },
    at: r.str(),
    method: r.str(),
    url: r.str(),
    path: r.str(),
  };
  if (flags & CONSUMER) l.consumer = r.str();
  if (flags & USER) l.user = r.str();
  if (flags & LOGIN) l.login = r.str();
  if (flags & REJECTED) {
    const has = r.u8();
    const check = has & 1 ? r.str() : undefined;
    l.rejected = { reason: r.str(), code: r.str(), details: r.str() };
    if (check !== undefined) l.rejected.check = check;
    if (has & 2) l.rejected.cause = r.str();
  }
  if (flags & FAULTS) l.faults = Array.from({ length: r.u32() }, () => r.f64());
  if (flags & OVERRIDE) l.override = r.f64();
  if (flags & REQUEST) {
    const raw = Array.from({ length: r.u32() }, () => r.str());
    const params = Array.from({ length: r.u32() }, (): [number, number] => [r.str(), r.str()]);
    l.request = { raw, params };
    if (r.u8() === 1) l.request.body = r.str();
  }
  if (flags & ANSWER) {
    const head = r.str();
    const kind = r.u8();
    l.answer = { head };
    if (kind === 1) l.answer.text = r.str();
    if (kind === 2) {
      l.answer.total = r.u32();
      l.answer.kept = r.u32();
    }
  }
  r.startText();
  return l;
}

/** The fields a query tests, decoding only their strings. */
export function summaryOf(bytes: Buffer): EntrySummary {
  const r = new EntryReader(bytes);
  const l = layoutOf(r);
  const s: EntrySummary = { ...l.summary, at: r.text(l.at), method: r.text(l.method), path: r.text(l.path) };
  if (l.consumer !== undefined) s.consumer = r.text(l.consumer);
  if (l.user !== undefined) s.user = r.text(l.user);
  if (l.login !== undefined) s.login = r.text(l.login);
  return s;
}

/** The entry as the admin API shows it: headers as name/value pairs, bodies as text. */
export function entryOf(bytes: Buffer): JournalEntry {
  const r = new EntryReader(bytes);
  const l = layoutOf(r);
  // Fields in the order the admin API shows (the order src/http/middleware/journal-middleware.ts records them in).
  const e: JournalEntry = {
    id: l.summary.id,
    at: r.text(l.at),
    method: r.text(l.method),
    url: r.text(l.url),
    path: r.text(l.path),
    ...(l.consumer === undefined ? {} : { consumer: r.text(l.consumer) }),
    ...(l.user === undefined ? {} : { user: r.text(l.user) }),
    ...(l.login === undefined ? {} : { login: r.text(l.login) }),
    status: l.summary.status,
    durationMs: l.durationMs,
  };
  const j = l.rejected;
  if (j) {
    e.rejected = { ...(j.check === undefined ? {} : { check: r.text(j.check) }), reason: r.text(j.reason), code: r.text(j.code), details: r.text(j.details) };
    if (j.cause !== undefined) e.rejected.cause = r.text(j.cause);
  }
  if (l.faults) e.faults = l.faults;
  if (l.override !== undefined) e.override = l.override;
  if (l.request) {
    const headers: NameValue[] = [];
    const raw = l.request.raw;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.push([r.text(raw[i]!), r.text(raw[i + 1]!)]);
    e.request = { headers, params: l.request.params.map(([k, v]): NameValue => [r.text(k), r.text(v)]) };
    if (l.request.body !== undefined) e.request.body = r.text(l.request.body);
  }
  const a = l.answer;
  if (a) {
    e.answer = { status: l.summary.status, headers: headersOf(r.text(a.head)) };
    if (a.text !== undefined) e.answer.body = r.text(a.text);
    if (a.kept !== undefined) e.answer.body = utf8WithMarker(r.bytes(a.kept), a.total!);
  }
  return e;
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
