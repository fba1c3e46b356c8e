import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '../../domain/api-error.js';
import { ERROR_ROWS, variantsUsed, type AnswerFormat, type CoverageEvent, type OperationSpec } from '../../domain/coverage.js';
import { UNVERIFIED, type JournalRecord } from '../../domain/journal.js';
import { withoutSecrets } from '../../domain/journal-secrets.js';
import type { World } from '../../world/world.js';
import { headerBlockOf, type Pending, pendingOf, PENDING, type WithPending } from '../journal-notes.js';
import { contextIfAny } from '../request-context.js';
import { JSON_CONTENT_TYPE, XML_CONTENT_TYPE } from '../send-xml.js';
import { attributedConsumer } from '../oauth/verify-oauth.js';

/**
 * Records every API request in the world's journal once its answer is sent (or its connection closed).
 * Mounted before the body parsers, so a request refused while its body is read is journaled too; admin
 * requests are not journaled: the admin router, mounted before it, answers /__admin and every path under
 * /__admin/ itself (a path such as /__adminx is no admin path: the API answers it 404, journaled).
 */
export function journalMiddleware(world: World) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const p: Pending = { startedMs: performance.now(), at: world.realNow(), answerBody: undefined };
    (req as WithPending)[PENDING] = p;
    res.on('close', () => {
      world.journal.record(entryOf(req, res, p));
      // The documented operation the request is (src/domain/coverage.ts), matched once for the world's traffic
      // counts (/__admin/metrics: by route template, method and status) and the consumer's coverage record: from
      // this listener, rather than ones of their own.
      const operation = world.coverageSpec.match(req.method, contextIfAny(req)?.path ?? req.path);
      world.traffic.countRequest(operation?.path, req.method, res.writableFinished ? res.statusCode : 0);
      recordCoverage(req, res, p, world, operation);
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
  p.rejected = { check: error.check, reason: error.reason, code: error.code, details: error.details, cause: cause === undefined ? undefined : describe(cause) };
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
  const head = headerBlockOf(res);
  // node leaves the body of a HEAD, 204 or 304 answer out, whatever its sender passed.
  const bodiless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  // A field left undefined is not written (journal-bytes.ts).
  return {
    at: new Date(p.at).toISOString(),
    method: req.method,
    url: sent.url,
    path: ctx?.path ?? sent.url.split('?')[0]!,
    consumer,
    user: user?.guid,
    login: user?.login,
    status: res.writableFinished ? res.statusCode : 0,
    durationMs: Math.floor((performance.now() - p.startedMs) * 1000) / 1000,
    rejected: p.rejected,
    faults: p.faults,
    override: p.override,
    // All by reference: node's raw headers, the decoded parameters, the form body as read.
    request: { rawHeaders: sent.rawHeaders, params: sent.params, body: sent.body },
    answer: head === undefined ? undefined : { head, body: bodiless ? undefined : p.answerBody },
  };
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return (cause.stack ?? `${cause.name}: ${cause.message}`).split('\n').slice(0, 4).join('\n');
  return String(cause);
}

/**
 * Records an API request in its consumer's coverage tally (src/domain/coverage.ts) once its connection is done
 * with (from the journal's listener, with what the request noted), and only when its signature verified as
 * that consumer: a forged, unsigned or replayed request naming a team's key changes nothing in that team's
 * report.
 */
function recordCoverage(req: Request, res: Response, notes: Pending, world: World, operation: OperationSpec | undefined): void {
  const ctx = contextIfAny(req);
  if (!ctx || !res.writableFinished) return;
  const consumer = attributedConsumer(req, true);
  if (consumer === undefined) return;
  const event: CoverageEvent = {
    operation,
    status: res.statusCode,
    variants: operation
      ? variantsUsed(operation, {
          param: (name) => ctx.params.get(name),
          ifNoneMatch: req.headers['if-none-match'] !== undefined,
          ifMatch: req.headers['if-match'] !== undefined,
          status: res.statusCode,
          refusals: notes.refusals ?? [],
        })
      : [],
    errorCode: notes.errorCode,
    oauthProblem: notes.oauthProblem,
    format: formatOf(req, res),
  };
  // The sandbox the request already used, untouched (its use was counted when the route opened it); a
  // verified request refused before its route opened one opens it now.
  const sandbox = world.sandboxes.peek(consumer, world.realNow()) ?? world.sandbox(consumer);
  sandbox.coverage.record(event);
}

/**
 * The format an answer's body was sent in, from the content type in the header block node wrote (as the
 * journal reads it: `getHeader` misses what sendXmlBytes passes to `writeHead` alone); none for a body-less
 * answer, a token answer or an override's own bytes.
 */
function formatOf(req: Request, res: Response): AnswerFormat | undefined {
  if (req.method === 'HEAD' || res.statusCode === 304) return undefined;
  const head = headerBlockOf(res) ?? '';
  if (head.includes(`\r\nContent-Type: ${XML_CONTENT_TYPE}\r\n`)) return 'xml';
  if (head.includes(`\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n`)) return 'json';
  return undefined;
}
