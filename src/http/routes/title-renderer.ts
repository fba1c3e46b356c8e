import type { Request } from 'express';
import type { Expansion } from '../../domain/expand.js';
import { titleStats } from '../../domain/title-stats.js';
import type { Title, TitleStats } from '../../domain/types.js';
import { assembleTitle } from '../../xml/catalog-title.js';
import { unratedTitlePart, type CachedTitle, type TitleShelf } from '../../xml/title-fragment-cache.js';
import type { SelfWritten } from '../../xml/writer.js';
import { ctxOf } from '../request-context.js';

export type TitleRenderer = (t: Title, expansion: Expansion) => string;

/**
 * Renders catalogue titles for this request: cached fragments of the scenario joined with this sandbox's
 * rating statistics. Every resource that embeds a catalog_title uses it (or titleRendererById).
 */
export function titleRenderer(req: Request): TitleRenderer {
  const shelfOf = shelvesOf(req);
  return (t, expansion) => assembled(req, shelfOf(expansion).get(t));
}

/**
 * Renders catalogue titles by id: a title whose fragments are cached is joined with the statistics without
 * being read from the catalogue. Undefined for an id the catalogue does not have.
 */
export function titleRendererById(req: Request): (id: number, expansion: Expansion) => string | undefined {
  const shelfOf = shelvesOf(req);
  return (id, expansion) => {
    const cached = shelfOf(expansion).byId(id);
    return cached && assembled(req, cached);
  };
}

/**
 * titleRendererById for a page sent as parts (XmlParts, src/xml/writer.ts): a cached title no user of the
 * sandbox rated writes its own bytes into the answer, never joined into a string. For reads that write
 * nothing while they render (userRatingsLookup).
 */
export function titlePartRendererById(req: Request): (id: number, expansion: Expansion) => string | SelfWritten | undefined {
  const shelfOf = shelvesOf(req);
  const ctx = ctxOf(req);
  const ratingsOf = ctx.sandbox.stores.titleStats.userRatingsLookup();
  return (id, expansion) => {
    const cached = shelfOf(expansion).byId(id);
    if (!cached) return undefined;
    const userRatings = ratingsOf(cached.id);
    if (userRatings.length === 0) return unratedTitlePart(ctx.xml, cached);
    return assembleTitle(cached.fragments, ctx.xml, cached.id, titleStats(cached.baseStats.histogram, userRatings));
  };
}

/** The request's shelf for an expansion, found once for the titles of a page (they share their expansion). */
function shelvesOf(req: Request): (expansion: Expansion) => TitleShelf {
  const ctx = ctxOf(req);
  const cache = ctx.world.scenario.titleXml;
  let last: Expansion | undefined;
  let shelf: TitleShelf | undefined;
  return (expansion) => {
    if (expansion !== last || !shelf) {
      shelf = cache.shelf(ctx.xml, expansion);
      last = expansion;
    }
    return shelf;
  };
}

function assembled(req: Request, c: CachedTitle): string {
  const ctx = ctxOf(req);
  const userRatings = ctx.sandbox.stores.titleStats.userRatingsOf(c.id);
  // Nearly every title: no user of this sandbox rated it, so its statistics are the catalogue's, kept with it.
  if (userRatings.length === 0) return assembleTitle(c.fragments, ctx.xml, c.id, c.baseStats, c.baseRatingsXml);
  return assembleTitle(c.fragments, ctx.xml, c.id, titleStats(c.baseStats.histogram, userRatings));
}

/** A title's statistics in this request's sandbox. */
export function statsOf(req: Request, t: Title): TitleStats {
  return titleStats(t.baseHistogram, ctxOf(req).sandbox.stores.titleStats.userRatingsOf(t.id));
}
