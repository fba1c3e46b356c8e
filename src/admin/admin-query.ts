import type { Request } from 'express';

/**
 * The query of an admin request. The app turns express's query parser off (API parameters are read raw,
 * as OAuth signed them), so admin routes read theirs here.
 */
export function adminQuery(req: Request): URLSearchParams {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}
