import type { Person } from '../domain/types.js';
import { artworkXml } from './catalog-title.js';
import { type XmlContext, categoryScheme, personHref, rel, TITLE_IMAGE_SIZES } from './addresses.js';
import { el, text, category, link } from './writer.js';

/** The detail links of a person, in order (docs/reference/catalogue-search.md, Titles and people). */
export const PERSON_LINKS = ['artworks', 'biography', 'filmography'] as const;

/**
 * `person` (docs/reference/catalogue-search.md, Titles and people): name, id, one roles category per role, then
 * the artworks, biography and filmography links.
 */
export function personXml(ctx: XmlContext, p: Person): string {
  return el(
    'person',
    undefined,
    text('name', p.name),
    text('id', personHref(ctx, p.id)),
    ...p.roles.map((r) => category(categoryScheme(ctx, 'roles'), r)),
    ...PERSON_LINKS.map((name) => link(`${personHref(ctx, p.id)}/${name}`, rel(ctx, name), name)),
  );
}

/** `/catalog/person/<id>/biography`: shaped like a title's synopsis [chosen]. */
export function biographyXml(p: Person): string {
  return el('biography', undefined, text('biography_text', p.biography));
}

/**
 * `/catalog/person/<id>/artworks`: portraits in the title artwork sizes, under
 * `.../lovefilm/images/people/<last digit of id>/<id>-<size>.jpg` [chosen, modelled on title images].
 */
export function personArtworksXml(ctx: XmlContext, id: number): string {
  return `<artworks>${artworkXml(ctx, 'person', 'people', id, TITLE_IMAGE_SIZES)}</artworks>`;
}
