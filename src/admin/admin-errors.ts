import type { NextFunction, Request, Response } from 'express';
import { ApiError, errors } from '../domain/api-error.js';
import { answerFailed } from '../web/answer-failed.js';

/** Where admin errors with a cause are written: one line each (the simulator's stderr unless a test injects one). */
export type AdminLog = (line: string) => void;

/**
 * Admin answers are JSON, errors included: `{ error: { status, reason, details, cause? } }`. Admin calls are
 * not journaled, so an error that wraps another (a scenario file's problem, a body that is not JSON, a bug)
 * says the other's message as `cause` and writes it to the log as one line.
 */
export function adminErrors(log: AdminLog = (line) => void process.stderr.write(`${line}\n`)) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const e = asApiError(err);
    const cause = causeOf(e);
    if (cause !== undefined) log(`rentalsim: admin ${req.method} ${req.originalUrl}: ${e.status} ${e.reason}: ${cause}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The admin's last handler never throws: what it threw would be written by express from a later
    // callback, where a throw ends the process.
    try {
      res.status(e.status).json({ error: { status: e.status, reason: e.reason, details: e.details, cause } });
    } catch (error) {
      // Built here, seldom: a Buffer kept at module level could be written by anyone holding it.
      const details = 'the simulator could not send its answer to this admin request; its log says why';
      const body = Buffer.from(JSON.stringify({ error: { status: 500, reason: 'Internal Server Error', details } }));
      answerFailed(res, error, { contentType: 'application/json; charset=utf-8', body });
    }
  };
}

/** Unknown admin paths answer JSON too (without this they fell through to the API's XML 404). */
export function adminNotFound(req: Request): never {
  throw errors.notFound(
    `no admin route ${req.method} ${req.originalUrl.split('?')[0]}; docs/reference/admin-api.md lists them, and GET /__admin/ is the dashboard`,
  );
}

function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const { type, status, message } = (err ?? {}) as { type?: string; status?: number; message?: string };
  if (type === 'entity.parse.failed') return errors.badRequest('the body is not valid JSON', undefined, err);
  if (type === 'entity.too.large') return errors.payloadTooLarge((err as { limit: number }).limit);
  // The router decodes path parameters with decodeURIComponent: `%ff` or an overlong `%C0%AE` throws there.
  if (err instanceof URIError) return errors.badPathEncoding(err.message);
  if (type === 'encoding.unsupported') return errors.unsupportedContentEncoding(message ?? 'that Content-Encoding is not supported');
  // What else the body parsers refuse as the client's fault: a body that is not what its Content-Encoding
  // says (gzip's "incorrect header check"), a charset they cannot read, a body cut short.
  if (typeof status === 'number' && status >= 400 && status < 500) return errors.unreadableBody(message ?? 'refused by the body parser', err, status === 415);
  return errors.internal('the simulator failed to answer this admin request; error.cause says why (also written to its stderr)', err);
}

/** The wrapped error's message on one line; for a bug, with the place it was thrown. */
function causeOf(e: ApiError): string | undefined {
  const cause = e.cause;
  if (cause === undefined) return undefined;
  const message = cause instanceof Error ? cause.message : String(cause);
  // For a bug, the stack's first frame: its first line that starts with `at `.
  const at = cause instanceof Error && e.status >= 500 ? cause.stack?.match(/^\s*(at .*?)\s*$/m)?.[1] : undefined;
  return (at ? `${message} (${at})` : message).replace(/\s*\n\s*/g, ' ');
}
