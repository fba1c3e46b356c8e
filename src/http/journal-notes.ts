import type { Request, Response } from 'express';
import type { Rejection } from '../domain/journal.js';
import type { RefusalKind } from '../domain/queue-add.js';

// What the senders and rules of one request note for its journal entry and coverage record (written when its
// connection closes, middleware/journal-middleware.ts): here, below every part of src/http/, because senders of every kind
// (send-xml, the OAuth token answers, the schemas, the faults and overrides) note into it.

export interface Pending {
  startedMs: number;
  at: number;
  rejected?: Rejection;
  faults?: number[];
  override?: number;
  /** For the consumer's coverage record (middleware/journal-middleware.ts): the refused title refs, the error row and its oauth_problem. */
  refusals?: RefusalKind[];
  errorCode?: string;
  oauthProblem?: string;
  /** The answer's body as its sender passed it to node, kept by reference until the entry is recorded. */
  answerBody: Uint8Array | undefined;
}

// On the request itself rather than in a WeakMap: a WeakMap entry per request is an ephemeron the garbage
// collector has to revisit on every pass.
export const PENDING = Symbol('rentalsim.journal');
export type WithPending = Request & { [PENDING]?: Pending };
export const pendingOf = (req: Request): Pending | undefined => (req as WithPending)[PENDING];

/**
 * Called by whatever sends an API answer's body (sendXmlBytes, the OAuth token answers, ...): the journal
 * keeps it. A reference until the connection closes, no copy; the journal then copies the first 4 KiB into
 * its ring (decoded only when the journal is read).
 * This is cheaper than wrapping `res.end` for every request, and answers go out through these few senders.
 */
export function noteAnswerBody(res: Response, body: Uint8Array): void {
  const p = pendingOf(res.req);
  if (p) p.answerBody = body;
}

/**
 * The status line and headers node wrote, as one string. Read from `_header`, which node has kept for the
 * header block it sent since 0.x (`headersSent` is `!!this._header`): `getHeaders()` would miss every
 * header passed to `writeHead` alone, as sendXmlBytes passes its content type and length. The journal keeps
 * it; coverage reads the answer's format from it.
 */
export function headerBlockOf(res: Response): string | undefined {
  const head = (res as unknown as { _header?: unknown })._header;
  return typeof head === 'string' ? head : undefined;
}
