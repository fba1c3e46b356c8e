import type { z } from 'zod';
import { errors } from '../domain/api-error.js';

/** Validates an admin JSON body; a bad one is a 400 that names the field and what was expected. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw errors.badRequest(`${route}: ${where}: ${issue.message}`);
}
