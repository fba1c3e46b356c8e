import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { errors } from '../domain/api-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';

// How the admin routes read a request: its query, and a JSON body checked for depth and against a schema.

/**
 * The query of an admin request. The app turns express's query parser off (API parameters are read raw,
 * as OAuth signed them), so admin routes read theirs here.
 */
export function adminQuery(req: Request): URLSearchParams {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH (400) before any route reads it. */
export function shallowJson(req: Request, _res: Response, next: NextFunction): void {
  if (typeof req.body === 'object' && req.body !== null && nestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw errors.nestedTooDeep(MAX_JSON_DEPTH);
  next();
}

/** Validates an admin JSON body; a bad one is a 400 that names the field and what was expected. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw errors.badRequest(`${route}: ${where}: ${issue.message}`);
}
