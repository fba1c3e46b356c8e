import type { Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { type Expansion, parseExpand } from '../../domain/expand.js';
import { titleStats } from '../../domain/title-stats.js';
import type { Page, Title } from '../../domain/types.js';
import { assembleTitle } from '../../xml/catalog-title.js';
import { unratedTitlePart, type CachedTitle, type TitleShelf } from '../../xml/title-fragment-cache.js';
import type { SelfWritten } from '../../xml/writer.js';
import { ctxOf } from '../request-context.js';

/**
 * Renders catalogue titles for this request: cached fragments of the scenario joined with this sandbox's
 * rating statistics. Every resource that embeds a catalog_title uses it (or embeddedTitles).
 */
export function titleRenderer(req: Request, expansion: Expansion): (t: Title) => string {
  const shelf = shelfOf(req, expansion);
  return (t) => assembled(req, shelf().get(t));
}

/**
 * Renders the catalog_title embedded in a user's item (rating, review, rental) by id, expanded as the request's
 * `expand` asks: a title whose fragments are cached is joined with the statistics without being read from the
 * catalogue. The scenario check and the write routes only let existing titles in, so a missing one is the
 * simulator's bug: a 500 that says so.
 */
export function embeddedTitles(req: Request): (titleId: number) => string {
  const shelf = shelfOf(req, parseExpand(ctxOf(req).params.get('expand')));
  return (titleId) => {
    const cached = shelf().byId(titleId);
    if (!cached) throw errors.internal(`title ${titleId} is held by a user but missing from the catalogue`);
    return assembled(req, cached);
  };
}

/** A page of a user's items, each made into its view by `view` with the renderer of its embedded title. */
export function withTitles<T, V>(req: Request, page: Page<T>, view: (item: T, render: (titleId: number) => string) => V): Page<V> {
  const render = embeddedTitles(req);
  return { ...page, items: page.items.map((item) => view(item, render)) };
}

/**
 * Renders titles by id for a page sent as parts (XmlParts, src/xml/writer.ts): a cached title no user of the
 * sandbox rated writes its own bytes into the answer, never joined into a string. For reads that write
 * nothing while they render (userRatingsLookup).
 */
export function titlePartRendererById(req: Request, expansion: Expansion): (id: number) => string | SelfWritten | undefined {
  const shelf = shelfOf(req, expansion);
  const ctx = ctxOf(req);
  const ratingsOf = ctx.sandbox.stores.titleStats.userRatingsLookup();
  return (id) => {
    const cached = shelf().byId(id);
    if (!cached) return undefined;
    const userRatings = ratingsOf(cached.id);
    if (userRatings.length === 0) return unratedTitlePart(ctx.xml, cached);
    return assembleTitle(cached.fragments, ctx.xml, cached.id, titleStats(cached.baseStats.histogram, userRatings));
  };
}

/** The request's shelf for the expansion its titles share, found when the first title is rendered. */
function shelfOf(req: Request, expansion: Expansion): () => TitleShelf {
  const ctx = ctxOf(req);
  let shelf: TitleShelf | undefined;
  return () => (shelf ??= ctx.world.scenario.titleXml.shelf(ctx.xml, expansion));
}

function assembled(req: Request, c: CachedTitle): string {
  const ctx = ctxOf(req);
  const userRatings = ctx.sandbox.stores.titleStats.userRatingsOf(c.id);
  // Nearly every title: no user of this sandbox rated it, so its statistics are the catalogue's, kept with it.
  if (userRatings.length === 0) return assembleTitle(c.fragments, ctx.xml, c.id, c.baseStats, c.baseRatingsXml);
  return assembleTitle(c.fragments, ctx.xml, c.id, titleStats(c.baseStats.histogram, userRatings));
}
