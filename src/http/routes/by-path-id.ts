import type { Request } from 'express';
import type { ApiError } from '../../domain/api-error.js';
import { pathId } from '../../domain/ids.js';

/**
 * What the id in path parameter `param` names (`find`), else the 404 `notFound` makes of the segment as
 * sent: a segment that is no id (`pathId`) names nothing, so every route answers it as an unknown id.
 */
export function byPathId<T>(req: Request, param: string, find: (id: number) => T | undefined, notFound: (raw: string) => ApiError): T {
  const raw = String(req.params[param] ?? '');
  const id = pathId(raw);
  const found = id === undefined ? undefined : find(id);
  if (found === undefined) throw notFound(raw);
  return found;
}
