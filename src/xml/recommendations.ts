import type { Recommendation } from '../domain/recommend.js';
import type { Page } from '../domain/types.js';
import { type XmlContext, categoryScheme } from './addresses.js';
import { category } from './writer.js';
import { pagedList, type PageAddress } from './paged.js';

/**
 * Adds the recommendation_source category to a rendered catalog_title: after its other categories and before
 * its links (the order of docs/reference/wire-format.md#the-catalog_title), or at the end of a bare
 * `expand=none` title. Text in a rendered title is escaped, so the first `<link` is the first link element.
 */
export function withSourceCategory(ctx: XmlContext, titleXml: string, source: string): string {
  const cat = category(categoryScheme(ctx, 'recommendation_source'), source);
  const at = titleXml.indexOf('<link');
  const i = at !== -1 ? at : titleXml.lastIndexOf('</catalog_title>');
  return titleXml.slice(0, i) + cat + titleXml.slice(i);
}

/** `<recommendations>`, paged: catalog_title items each saying why they are recommended. */
export function recommendationsXml(ctx: XmlContext, addr: PageAddress, page: Page<{ recommendation: Recommendation; titleXml: string }>): string {
  return pagedList('recommendations', ctx, addr, page, (v) => withSourceCategory(ctx, v.titleXml, v.recommendation.source));
}
