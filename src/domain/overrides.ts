import { inScope, type HeldRule, type ScopedRequest, ScopedRules } from './scoped-rules.js';

// Answer overrides (issue 16): what a tester adds so one request gets an answer the model cannot produce (a
// gateway's HTML 503, malformed or truncated XML, an extra element, an empty queue for one call). Faults
// (faults.ts) only delay, fail with the API's own <error> or drop; an override answers with any status,
// headers and bytes. Pure: the caller passes each request in and sends the reply it gets back.

/** Which requests an override answers: the scope faults use, narrowed by parameters. */
export interface OverrideMatch {
  /** HTTP method, upper case, or `*` for any. */
  method: string;
  /** Route pattern (`/users/:guid/queues/*`, `*` for every route), as faults and the journal read it. */
  path: string;
  /** Parameters the query string must hold, each with exactly this (decoded) value. */
  query?: Record<string, string>;
  /** Parameters the form body must hold, each with exactly this (decoded) value. */
  form?: Record<string, string>;
  /** Only requests whose signature verifies as this consumer key; absent = every request, signed or not. */
  consumer?: string;
}

/** What an override answers, as the tester wrote it (listed back the same way). */
export interface OverrideAnswer {
  /** 200-599. */
  status: number;
  /**
   * Sent as given (names as written), at most 8 KiB; the framing (Content-Length, Transfer-Encoding, Trailer)
   * and the connection (Connection but `close`, Keep-Alive, Proxy-Connection, TE, Upgrade) are the simulator's.
   */
  headers?: Record<string, string>;
  /** The body as text, sent as UTF-8; at most 1 MiB. */
  body?: string;
  /** The body as base64, for any bytes (instead of body); at most 1 MiB decoded. */
  bodyBase64?: string;
  /** Default with a body: application/xml;charset=UTF-8, as the API's answers. */
  contentType?: string;
}

export interface OverrideSpec {
  match: OverrideMatch;
  answer: OverrideAnswer;
  /** Wait this long before answering, milliseconds. */
  delayMs?: number;
  /** Answer the next N matching requests only; absent = until removed. */
  times?: number;
}

export interface Override extends OverrideSpec, HeldRule {
  /** Requests it answered. */
  answered: number;
}

type Pairs = ReadonlyArray<readonly [string, string]>;

/** What an override is matched on: the scope, and the decoded parameters of the query and of the form body. */
export interface OverrideRequest extends ScopedRequest {
  query?: Pairs;
  form?: Pairs;
}

/** The answer to send instead of the API's, after `delayMs`. */
export interface OverrideReply {
  overrideId: number;
  status: number;
  /** The tester's headers, Content-Type among them when one was given. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The Content-Length to send: the body's; none for a 204 or 304, which has neither body nor length. */
  contentLength: number | undefined;
  /** True when the answer has a body (given as body or bodyBase64, even an empty one). */
  hasBody: boolean;
  hasContentType: boolean;
  body: Uint8Array;
  delayMs: number;
}

/**
 * What the overrides may hold (docs/reference/admin-api.md#overrides). Each answer is sent whole from memory and every override
 * is listed in one JSON answer, so both a single override and all of them together are bounded: a body
 * past a client's patience, or thousands of them, would hold the process's memory for one tester. The
 * overrides scoped to one consumer hold a share of that (decision 0061), so one team filling the instance's
 * count or bytes cannot leave every other team unable to add one.
 */
export const OVERRIDE_LIMITS = {
  /** The bytes of one answer's body, as sent. */
  bodyBytes: 1024 * 1024,
  /** One answer's headers as written on the wire (`Name: value` and a line end each): well under the 16 KiB head most clients read. */
  headerBytes: 8 * 1024,
  /** Overrides held at once. */
  count: 1000,
  /** All of them together, as GET /__admin/overrides lists them (JSON, UTF-8). */
  totalBytes: 16 * 1024 * 1024,
  /** Overrides scoped to one consumer, whoever added them. */
  perConsumer: 100,
  /** Those overrides' bytes as listed: two answers of the largest body, with room to spare. */
  perConsumerBytes: 2 * 1024 * 1024,
} as const;

/** The overrides, each with its reply built once when it is added. */
export class OverrideRules extends ScopedRules<OverrideSpec, Override, Omit<OverrideReply, 'overrideId'>> {
  constructor() {
    super(
      'override',
      OVERRIDE_LIMITS,
      (o) => o.match.consumer,
      (spec, consumer) => ({ ...spec, match: { ...spec.match, consumer } }),
      (spec, id) => {
        const o = structuredClone(spec);
        return { id, ...o, match: { ...o.match, method: o.match.method.toUpperCase() }, answered: 0 };
      },
      replyOf,
    );
  }

  /** True when an override looks at parameters: only then are the query and form decoded for them. */
  get readsParams(): boolean {
    return this.held.some(({ rule: o }) => o.match.query !== undefined || o.match.form !== undefined);
  }

  /**
   * The reply of the first override (in the order added) that matches and is not used up, counting the
   * answer against it; undefined when none matches, and the API answers.
   */
  decide(req: OverrideRequest): OverrideReply | undefined {
    for (const { rule: o, state: reply } of this.held) {
      const m = o.match;
      if (o.remaining === 0 || !inScope(m.method, m.path, m.consumer, req) || !holds(req.query ?? [], m.query) || !holds(req.form ?? [], m.form)) continue;
      o.answered++;
      if (o.remaining !== undefined) o.remaining--;
      return { overrideId: o.id, ...reply };
    }
    return undefined;
  }
}

/** Every wanted parameter is among the pairs with that value (a repeated name matches on any of its values). */
function holds(pairs: Pairs, wanted: Record<string, string> | undefined): boolean {
  if (wanted === undefined) return true;
  return Object.entries(wanted).every(([name, value]) => pairs.some(([k, v]) => k === name && v === value));
}

function replyOf(o: Override): Omit<OverrideReply, 'overrideId'> {
  const a = o.answer;
  const headers: Array<[string, string]> = Object.entries(a.headers ?? {});
  if (a.contentType !== undefined) headers.unshift(['Content-Type', a.contentType]);
  const body = a.bodyBase64 !== undefined ? Buffer.from(a.bodyBase64, 'base64') : Buffer.from(a.body ?? '', 'utf8');
  return {
    status: a.status,
    headers,
    hasBody: a.body !== undefined || a.bodyBase64 !== undefined,
    hasContentType: headers.some(([name]) => name.toLowerCase() === 'content-type'),
    // A 205 says its empty body with Content-Length: 0, as HTTP asks; a 204 or 304 sends no length at all.
    contentLength: UNMEASURED_STATUSES.includes(a.status) ? undefined : body.length,
    body: new Uint8Array(body.buffer, body.byteOffset, body.length),
    delayMs: o.delayMs ?? 0,
  };
}

/**
 * Headers that frame the answer: the simulator sends each one whole with its body's Content-Length, so it
 * never sends trailers either (node refuses a Trailer header on such an answer, and the request fails).
 */
const FRAMING_HEADERS: readonly string[] = ['content-length', 'transfer-encoding', 'trailer'];

/**
 * Headers about the connection rather than the answer (HTTP's hop-by-hop headers): whether it stays open
 * is the client's and the simulator's to say. `Connection: close` alone may be given, as a gateway that
 * closes after its answer; no value may keep open a connection the client asked to close.
 */
const CONNECTION_HEADERS: readonly string[] = ['connection', 'keep-alive', 'proxy-connection', 'te', 'upgrade'];

/**
 * A request's header, meaningless on an answer; node reads it there as a cue to send the head at once,
 * and writes it as UTF-8 rather than byte for byte, so a Latin-1 value of another header came out changed.
 */
const REQUEST_HEADERS: readonly string[] = ['expect'];

/** RFC 9110 token characters, what a header name is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What node lets a header value hold: tab, visible ASCII, space and obs-text; never CR, LF or NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Why a header cannot be sent as an override's, or undefined when it can. */
export function headerProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `${JSON.stringify(name)} is not a header name (letters, digits and !#$%&'*+.^_\`|~-)`;
  if (!FIELD_VALUE.test(value)) return `the value of ${name} holds a character a header cannot carry (CR, LF, NUL or above U+00FF)`;
  const lower = name.toLowerCase();
  if (FRAMING_HEADERS.includes(lower)) return `${name} is set by the simulator, which sends the body whole with its own Content-Length; leave it out`;
  if (REQUEST_HEADERS.includes(lower)) return `${name} is a request's header, not an answer's; leave it out`;
  if (lower === 'connection' && value.trim().toLowerCase() === 'close') return undefined;
  if (CONNECTION_HEADERS.includes(lower)) {
    return `${name} is about the connection, which is the simulator's (only Connection: close may be given, to close it after this answer); leave it out`;
  }
  return undefined;
}

/** The bytes of headers as written on the wire: `Name: value` and a line end each. */
export function headerBytes(headers: ReadonlyArray<readonly [string, string]>): number {
  return headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
}

/** Statuses whose answers carry no body (RFC 9110): node would leave it out without a word. */
export const BODILESS_STATUSES: readonly number[] = [204, 205, 304];

/** Statuses sent without a Content-Length: HTTP forbids one on a 204, and on a 304 it would claim the 200's body is empty. */
const UNMEASURED_STATUSES: readonly number[] = [204, 304];
