import type { Request, Response } from 'express';
import { variantsUsed, type AnswerFormat, type CoverageEvent, type OperationSpec } from '../../domain/coverage.js';
import type { World } from '../../world/world.js';
import { headerBlockOf, type Pending } from '../journal-notes.js';
import { contextIfAny } from '../request-context.js';
import { JSON_CONTENT_TYPE, XML_CONTENT_TYPE } from '../send-xml.js';
import { attributedConsumer } from '../oauth/verify-oauth.js';

// On the request itself, as the journal keeps its pending entry (journal-middleware.ts says why): null when
// no documented operation matched.
const OPERATION = Symbol('rentalsim.operation');
type WithOperation = Request & { [OPERATION]?: OperationSpec | null };

/**
 * The documented operation a request is (src/domain/coverage.ts), matched once per request: the counts of
 * /__admin/metrics and the consumer's coverage record both need it when the connection closes.
 */
export function operationOf(world: World, req: Request, path: string): OperationSpec | undefined {
  const r = req as WithOperation;
  let op = r[OPERATION];
  if (op === undefined) r[OPERATION] = op = world.coverageSpec.match(req.method, path) ?? null;
  return op ?? undefined;
}

/**
 * Records an API request in its consumer's coverage tally (src/domain/coverage.ts) once its connection is done
 * with (from the journal's listener, with what the request noted), and only when its signature verified as
 * that consumer: a forged, unsigned or replayed request naming a team's key changes nothing in that team's
 * report.
 */
export function recordCoverage(world: World, req: Request, res: Response, notes: Pending): void {
  const ctx = contextIfAny(req);
  if (!ctx || !res.writableFinished) return;
  const consumer = attributedConsumer(req, true);
  if (consumer === undefined) return;
  const operation = operationOf(world, req, ctx.path);
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
  };
  if (notes.errorCode !== undefined) event.errorCode = notes.errorCode;
  if (notes.oauthProblem !== undefined) event.oauthProblem = notes.oauthProblem;
  const format = formatOf(req, res);
  if (format !== undefined) event.format = format;
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
