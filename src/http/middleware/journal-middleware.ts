import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '../../domain/api-error.js';
import { ERROR_ROWS } from '../../domain/coverage.js';
import { UNVERIFIED, type JournalRecord } from '../../domain/journal.js';
import { withoutSecrets } from '../../domain/journal-secrets.js';
import type { World } from '../../world/world.js';
import { operationOf, recordCoverage } from './coverage-record.js';
import { headerBlockOf, type Pending, pendingOf, PENDING, type WithPending } from '../journal-notes.js';
import { contextIfAny } from '../request-context.js';
import { attributedConsumer } from '../oauth/verify-oauth.js';

/**
 * Records every API request in the world's journal once its answer is sent (or its connection closed).
 * Mounted before the body parsers, so a request refused while its body is read is journaled too; admin
 * requests are not journaled.
 */
export function journalMiddleware(world: World) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.originalUrl.startsWith('/__admin')) return next();
    const p: Pending = { startedMs: performance.now(), at: world.realNow(), answerBody: undefined };
    (req as WithPending)[PENDING] = p;
    res.on('close', () => {
      world.journal.record(entryOf(req, res, p));
      // The world's traffic counts (/__admin/metrics), by route template, method and status: from this
      // listener, rather than one of their own.
      const operation = operationOf(world, req, contextIfAny(req)?.path ?? req.path);
      world.traffic.countRequest(operation?.path, req.method, res.writableFinished ? res.statusCode : 0);
      recordCoverage(world, req, res, p);
    });
    next();
  };
}

/**
 * The error handler's observer: keeps why a request was rejected, for its journal entry, and which catalog row
 * answered with its oauth_problem, for its coverage record.
 */
export function noteRejection(req: Request, error: ApiError, cause?: unknown): void {
  const p = pendingOf(req);
  if (!p) return;
  p.rejected = { reason: error.reason, code: error.code, details: error.details };
  if (error.check) p.rejected.check = error.check;
  if (cause !== undefined) p.rejected.cause = describe(cause);
  // An injected fault's error counts as the row it answered with when that is a row of the catalog (a 503
  // is ERR_503_SERVICE_UNAVAILABLE): the client met that error code (docs/reference/attribution.md). A
  // status or reason the catalog lacks is the tester's own, and no row.
  if (error.check === 'fault' && !ERROR_ROWS.some((r) => r.code === error.code)) return;
  p.errorCode = error.code;
  if (error.oauthProblem) p.oauthProblem = error.oauthProblem;
}

/**
 * The journal entry of a request whose connection is done with (fields in the order the admin API shows).
 * Its consumer is the one whose signature it verified, never merely the key it named: a forged request
 * naming a team's key is journaled as "unverified", not as that team's (docs/reference/attribution.md).
 */
function entryOf(req: Request, res: Response, p: Pending): JournalRecord {
  const ctx = contextIfAny(req);
  // A password or a PLAINTEXT signature (the secrets themselves) is never kept (journal-secrets.ts).
  const sent = withoutSecrets({
    url: req.originalUrl,
    rawHeaders: req.rawHeaders,
    params: ctx?.params.pairs ?? [],
    body: ctx ? ctx.rawForm : typeof req.body === 'string' ? req.body : undefined,
  });
  const consumer = (ctx && attributedConsumer(req, res.writableFinished)) ?? UNVERIFIED;
  const user = ctx?.auth?.user;
  const entry: JournalRecord = {
    at: new Date(p.at).toISOString(),
    method: req.method,
    url: sent.url,
    path: ctx?.path ?? sent.url.split('?')[0]!,
    consumer,
    ...(user === undefined ? {} : { user: user.guid, login: user.login }),
    status: res.writableFinished ? res.statusCode : 0,
    durationMs: Math.floor((performance.now() - p.startedMs) * 1000) / 1000,
  };
  if (p.rejected) entry.rejected = p.rejected;
  if (p.faults) entry.faults = p.faults;
  if (p.override !== undefined) entry.override = p.override;
  // All by reference: node's raw headers, the decoded parameters, the form body as read.
  entry.request = { rawHeaders: sent.rawHeaders, params: sent.params, body: sent.body };
  const head = headerBlockOf(res);
  // node leaves the body of a HEAD, 204 or 304 answer out, whatever its sender passed.
  const bodiless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  if (head !== undefined) entry.answer = { head, body: bodiless ? undefined : p.answerBody };
  return entry;
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return (cause.stack ?? `${cause.name}: ${cause.message}`).split('\n').slice(0, 4).join('\n');
  return String(cause);
}
