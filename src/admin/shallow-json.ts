import type { NextFunction, Request, Response } from 'express';
import { errors } from '../domain/api-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';

/** Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH (400) before any route reads it. */
export function shallowJson(req: Request, _res: Response, next: NextFunction): void {
  if (typeof req.body === 'object' && req.body !== null && nestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw errors.nestedTooDeep(MAX_JSON_DEPTH);
  next();
}
