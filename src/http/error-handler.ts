import type { NextFunction, Request, Response } from 'express';
import { ApiError, errors } from '../domain/api-error.js';
import type { Config } from '../config.js';
import { storageFullOf } from '../store/storage-full.js';
import { errorXml } from '../xml/writer.js';
import { baseUrlOf } from './request-context.js';
import { answerNotSent, sendXml } from './send-xml.js';

/**
 * The single error handler: every failure becomes the `<error>` with the gateway's headers
 * (docs/reference/wire-format.md#errors). Never a stack trace, never an HTML page. `observe` is told about
 * every error answer (the journal records why a request was rejected).
 */
export function errorHandler(observe?: (req: Request, error: ApiError, cause?: unknown) => void) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const apiError = toApiError(err);
    observe?.(req, apiError, apiError === err ? undefined : err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // The last handler: what it throws would reach express's own, which writes from a later callback where a
    // throw ends the process (a header left from the failed answer fails it again). So it never throws.
    try {
      res.set('X-Mashery-Error-Code', apiError.code);
      if (apiError.oauthProblem && apiError.status === 401) {
        res.set('WWW-Authenticate', `OAuth realm="${baseUrlOf(req, req.app.locals['config'] as Config)}", oauth_problem="${apiError.oauthProblem}"`);
      }
      for (const [k, v] of Object.entries(apiError.headers)) res.set(k, v);
      sendXml(res, apiError.status, errorXml(apiError.reason, apiError.details));
    } catch (error) {
      answerNotSent(res, error);
    }
  };
}

/** Maps what body parsers and express throw to catalog errors; anything else is a 500 that says little. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { type?: string; status?: number; limit?: number; message?: string };
  if (e?.type === 'entity.too.large') return errors.payloadTooLarge(e.limit ?? 0);
  if (e?.type === 'encoding.unsupported') return errors.unsupportedContentEncoding(e.message ?? 'that Content-Encoding is not supported');
  if (e?.type === 'charset.unsupported') return errors.unsupportedMediaType(e.message ?? 'that encoding');
  if (err instanceof URIError) return errors.badPathEncoding(err.message);
  if (e?.type === 'request.aborted') return errors.badRequest('the request body was cut off before it ended');
  // A write outside Sandbox.write (one statement) that found the data folder's disk full.
  const full = storageFullOf(err);
  if (full) return full;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return errors.badRequest(e.message ?? 'the request could not be read');
  return errors.internal();
}
