import type { Title } from '../domain/types.js';

/**
 * Addresses every serializer needs; built once per request from the request and the config
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
export interface XmlContext {
  /** scheme://host[:port] the client used, or the configured public URL; no trailing slash. */
  readonly baseUrl: string;
  /** Prefix of every `rel`, default http://schemas.lovefilm.com. */
  readonly schemaBase: string;
  /** Host of the public web pages and artwork images, default http://www.lovefilm.com. */
  readonly webBase: string;
}

// Addresses of the catalogue and of users, and a title's public web page and images
// (docs/reference/wire-format.md#addresses-and-ids, docs/reference/wire-format.md#web-page-and-images).

export const userHref = (ctx: XmlContext, guid: string) => `${ctx.baseUrl}/users/${guid}`;
export const titleHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/title/${id}`;
export const personHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/person/${id}`;
export const collectionHref = (ctx: XmlContext, id: number) => `${ctx.baseUrl}/catalog/collections/${id}`;
export const rel = (ctx: XmlContext, name: string) => `${ctx.schemaBase}/${name}`;

/**
 * http://www.lovefilm.com/film/<Slug>/<id>/?cid=LFAPI (docs/reference/wire-format.md#web-page-and-images); a
 * non-ASCII letter of the slug is percent-encoded.
 */
export function webPageHref(ctx: XmlContext, t: Pick<Title, 'id' | 'cleanTitle'>): string {
  return `${ctx.webBase}/film/${encodeURIComponent(webPageSlug(t.cleanTitle))}/${t.id}/?cid=LFAPI`;
}

/**
 * The slug of a title's web page, by the one rule all 50 captured links follow
 * (docs/reference/wire-format.md#web-page-and-images): keep letters, digits, apostrophes, spaces and hyphens,
 * then turn each run of spaces and hyphens into one `-`, so "A Valley for Freeda - Series 9" is
 * `A-Valley-for-Freeda-Series-9`, never `...Freeda---Series-9`. A letter is any Unicode letter (with its
 * combining accents): the rule names letters, not ASCII ones, and dropping é would turn "Amélie" into `Amlie`.
 * An apostrophe is U+0027, the one the captures show.
 */
export function webPageSlug(cleanTitle: string): string {
  return cleanTitle
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{Nd}'\s-]/gu, '')
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const TITLE_IMAGE_SIZES = [
  ['mini', 40, 57],
  ['tiny', 60, 86],
  ['small', 80, 114],
  ['medium', 150, 214],
  ['large', 300, 429],
] as const;
export const HERO_IMAGE_SIZES = [
  ['small', 150, 84],
  ['player', 515, 290],
  ['large', 640, 360],
] as const;
