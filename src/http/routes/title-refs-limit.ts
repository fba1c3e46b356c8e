import type { Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { parseTitleRefs } from '../../domain/title-ref.js';
import { ctxOf } from '../request-context.js';

/**
 * Caps the title references one request may carry (config maxTitleRefs), on every user route at once (ownUser
 * runs it, so OAuth answers first: an unsigned request is 403 whatever it carries): a queue or list POST, or a
 * title_refs filter, with thousands of refs would hold the sandbox's writer and build an answer of thousands of
 * links. Over the cap -> 400 naming the cap, and nothing changes. Only /users paths: elsewhere title_refs means
 * nothing, and unknown parameters are ignored (docs/reference/wire-format.md#parameters).
 */
export function checkTitleRefsLimit(req: Request): void {
  const ctx = ctxOf(req);
  const max = ctx.config.maxTitleRefs;
  const sent = ctx.params.getAll('title_refs').reduce((n, value) => n + parseTitleRefs(value).length, 0);
  if (sent > max) {
    throw errors.invalidParameter('title_refs', `${sent} title references in one request; send at most ${max} and split the rest over several requests`);
  }
}
