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

/** The bits of an entry's flags: each says an optional field is there (they are written in this order). */
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
/** A string's encoding in an entry that is not one ASCII text: its number is its place here. */
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
    // Each bit tests exactly what its field's write below tests: a bit without its field would misread every later field.
    const flags =
      (e.consumer !== undefined ? CONSUMER : 0) |
      (e.user !== undefined ? USER : 0) |
      (e.login !== undefined ? LOGIN : 0) |
      (r !== undefined ? REJECTED : 0) |
      (e.faults !== undefined ? FAULTS : 0) |
      (e.override !== undefined ? OVERRIDE : 0) |
      (q !== undefined ? REQUEST : 0) |
      (a !== undefined ? ANSWER : 0);
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
    if (r !== undefined) {
      this.u8((r.check !== undefined ? 1 : 0) | (r.cause !== undefined ? 2 : 0));
      if (r.check !== undefined) this.add(r.check);
      this.add(r.reason);
      this.add(r.code);
      this.add(r.details);
      if (r.cause !== undefined) this.add(r.cause);
    }
    if (e.faults !== undefined) {
      this.u32(e.faults.length);
      for (const f of e.faults) this.f64(f);
    }
    if (e.override !== undefined) this.f64(e.override);
    if (q !== undefined) {
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
    if (a !== undefined) {
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
    const t = truncated(s, this.left === Infinity ? this.max : Math.min(this.max, Math.max(0, this.left)));
    this.strings.push(t);
    this.u32(t.length);
    if (this.left !== Infinity) this.left -= 4 + Buffer.byteLength(t, 'utf8');
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
      const encoding = utf8 === t.length ? 'latin1' : LONE_SURROGATE.test(t) ? 'utf16le' : 'utf8';
      const length = encoding === 'utf16le' ? t.length * 2 : utf8;
      this.u8(ENCODINGS.indexOf(encoding));
      this.u32(length);
      this.ensure(length);
      this.at += this.buf.write(t, this.at, length, encoding);
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
 * Reads an entry's fields in the order EntryWriter wrote them, twice: the first pass, made when the reader is,
 * reads each string's length alone (its text is ''), which finds where the strings start; the second pass
 * decodes each string as it is read, up to the one asked for: a query's summary decodes the first few.
 */
class EntryReader {
  private at = 0;
  /** Where each string ends in the text, in characters. */
  private ends: number[] = [];
  /** Where the strings start, once the first pass is over; -1 before. */
  private textAt = -1;
  private bodyAt = 0;
  private next = 0;
  private each = false;
  /** An ASCII entry: its text as decoded so far. */
  private decoded = '';
  /** Any other entry: its strings as decoded so far, and where the next one starts. */
  private strings: string[] = [];
  private nextAt = 0;

  constructor(private readonly buf: Buffer) {
    fieldsOf(this);
    this.rewind();
  }

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

  /** The next string: in the first pass its length is noted and its text is ''. */
  str(): string {
    const length = this.u32();
    if (this.textAt >= 0) return this.text(this.next++);
    this.ends.push((this.ends.at(-1) ?? 0) + length);
    return '';
  }

  /** The next `n` strings (name, value, name, value, ...) as pairs; none in the first pass, which notes their lengths and builds nothing. */
  pairs(n: number): NameValue[] {
    const out: NameValue[] = [];
    for (let i = 0; i < n; i += 2) {
      const name = this.str();
      const value = i + 1 < n ? this.str() : undefined;
      if (this.textAt >= 0 && value !== undefined) out.push([name, value]);
    }
    return out;
  }

  /** The answer's body kept of `total` bytes (read after the strings); '' in the first pass. */
  body(kept: number, total: number): string {
    return this.textAt < 0 ? '' : utf8WithMarker(this.buf.subarray(this.bodyAt, this.bodyAt + kept), total);
  }

  /** Ends the first pass (read after every length): finds where the strings start, and past them the answer's bytes. */
  private rewind(): void {
    this.each = this.u8() === EACH_STRING;
    this.textAt = this.nextAt = this.at;
    if (!this.each) this.at += this.ends.at(-1) ?? 0;
    else for (let i = 0; i < this.ends.length; i++) this.at += 5 + this.buf.readUInt32LE(this.at + 1);
    this.bodyAt = this.at;
    this.at = 0;
  }

  /** String number `i` of the entry. */
  private text(i: number): string {
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
}

/**
 * The entry's fields as the admin API shows them (headers as name/value pairs, bodies as text), read in the
 * order they were written; with `headOnly`, the first ones alone (what a query tests) and the rest left unread.
 */
function fieldsOf(r: EntryReader, headOnly = false): JournalEntry {
  const id = r.f64();
  const flags = r.u8();
  const durationMs = r.f64();
  const status = r.u32();
  // Fields in the order the admin API shows (the order src/http/middleware/journal-middleware.ts records them in).
  const e: JournalEntry = {
    id,
    at: r.str(),
    method: r.str(),
    url: r.str(),
    path: r.str(),
    ...(flags & CONSUMER ? { consumer: r.str() } : {}),
    ...(flags & USER ? { user: r.str() } : {}),
    ...(flags & LOGIN ? { login: r.str() } : {}),
    status,
    durationMs,
  };
  if (headOnly) return e;
  if (flags & REJECTED) {
    const has = r.u8();
    // The fields are read in the order they were written: an object literal evaluates its parts left to right.
    e.rejected = { ...(has & 1 ? { check: r.str() } : {}), reason: r.str(), code: r.str(), details: r.str(), ...(has & 2 ? { cause: r.str() } : {}) };
  }
  if (flags & FAULTS) e.faults = Array.from({ length: r.u32() }, () => r.f64());
  if (flags & OVERRIDE) e.override = r.f64();
  if (flags & REQUEST) {
    const headers = r.pairs(r.u32());
    e.request = { headers, params: r.pairs(2 * r.u32()) };
    if (r.u8() === 1) e.request.body = r.str();
  }
  if (flags & ANSWER) {
    e.answer = { status, headers: headersOf(r.str()) };
    const kind = r.u8();
    if (kind === 1) e.answer.body = r.str();
    if (kind === 2) {
      const total = r.u32();
      e.answer.body = r.body(r.u32(), total);
    }
  }
  return e;
}

/** The fields a query tests, decoding only their strings. */
export function summaryOf(bytes: Buffer): EntrySummary {
  const { id, at, method, path, consumer, user, login, status } = fieldsOf(new EntryReader(bytes), true);
  return { id, at, method, path, consumer, user, login, status, rejected: (bytes.readUInt8(8) & REJECTED) !== 0 };
}

/** The entry as the admin API shows it. */
export function entryOf(bytes: Buffer): JournalEntry {
  return fieldsOf(new EntryReader(bytes));
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
