import type { Request } from 'express';
import type { Expansion } from '../domain/expand.js';
import { titleStats } from '../domain/title-stats.js';
import type { Title, TitleStats } from '../domain/types.js';
import { assembleTitle } from '../xml/catalog-title.js';
import { ctxOf } from './request-context.js';

export type TitleRenderer = (t: Title, expansion: Expansion) => string;

/**
 * Renders catalogue titles for this request: cached fragments of the scenario joined with this sandbox's
 * rating statistics. Every resource that embeds a catalog_title uses it.
 */
export function titleRenderer(req: Request): TitleRenderer {
  const ctx = ctxOf(req);
  const cache = ctx.world.scenario.titleXml;
  return (t, expansion) => assembleTitle(cache.get(ctx.xml, t, expansion), ctx.xml, t, statsOf(req, t));
}

/** A title's statistics in this request's sandbox. */
export function statsOf(req: Request, t: Title): TitleStats {
  return titleStats(t.baseHistogram, ctxOf(req).sandbox.stores.titleStats.userRatingsOf(t.id));
}
