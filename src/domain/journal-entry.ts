// What the request journal (src/domain/journal.ts) is given for a request, and what it shows of one.

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
 * What the journal is given for one request: an entry with its headers as they come, written into the
 * journal's bytes as they are. They become name/value pairs only when someone reads the journal (`find`).
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
