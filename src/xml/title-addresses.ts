import type { Title } from '../domain/types.js';
import type { XmlContext } from './context.js';

// Addresses of a title and its public web page and images (fidelity 2).

export const titleHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/title/${id}`;
export const personHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/person/${id}`;
export const collectionHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/collections/${id}`;
export const categoryScheme = (ctx: XmlContext, path: string) => `${ctx.baseUrl}/categories/${path}`;
export const rel = (ctx: XmlContext, name: string) => `${ctx.schemaBase}/${name}`;

/** http://www.lovefilm.com/film/<Slug>/<id>/?cid=LFAPI, slug = clean title with spaces as dashes. */
export function webPageHref(ctx: XmlContext, t: Pick<Title, 'id' | 'cleanTitle'>): string {
  const slug = t.cleanTitle.trim().replace(/\s+/g, '-').replace(/[^\p{L}\p{N}\-_.~']/gu, '');
  return `${ctx.webBase}/film/${encodeURIComponent(slug)}/${t.id}/?cid=LFAPI`;
}

export const TITLE_IMAGE_SIZES = [
  ['mini', 40, 57], ['tiny', 60, 86], ['small', 80, 114], ['medium', 150, 214], ['large', 300, 429],
] as const;
export const HERO_IMAGE_SIZES = [['small', 150, 84], ['player', 515, 290], ['large', 640, 360]] as const;

/** .../lovefilm/images/products/<last digit of id>/<id>-<size>.jpg; hero shots under .../products/heroshots/. */
export function imageHref(ctx: XmlContext, id: number, size: string, hero = false): string {
  const folder = hero ? 'heroshots/' : '';
  return `${ctx.webBase}/lovefilm/images/products/${folder}${id % 10}/${id}-${size}.jpg`;
}
