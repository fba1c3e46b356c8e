import { RECOMMENDATION_SOURCES } from './recommend.js';
import { PERSON_ROLES } from './types.js';

/**
 * The category schemes served under /categories/: those a catalog_title's categories name, in the order of
 * docs/reference/catalogue-search.md (Categories), then recommendation_source, the scheme of the
 * recommendations' own category, so every scheme an answer names can be followed
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
export const CATEGORY_SCHEMES = [
  'catalog',
  'format',
  'genres',
  'certificates/bbfc',
  'certificates/pegi',
  'roles',
  'purchases',
  'availability',
  'estimated_wait',
  'languages/main',
  'languages/hearing_impaired',
  'languages/dubbed',
  'recommendation_source',
] as const;
export type CategorySchemeName = (typeof CATEGORY_SCHEMES)[number];

/**
 * Schemes whose terms the service fixed (docs/reference/catalogue-search.md, Categories); the others are the
 * distinct values of the catalogue.
 */
export const FIXED_TERMS: Readonly<Partial<Record<CategorySchemeName, readonly string[]>>> = {
  catalog: ['video', 'games'],
  roles: PERSON_ROLES,
  availability: ['available', 'quarantined', 'unavailable'],
  estimated_wait: ['normal', 'short', 'long'],
  recommendation_source: RECOMMENDATION_SOURCES,
};

// Certificates read best youngest audience first, as the boards publish them.
const CERTIFICATE_ORDER: Readonly<Partial<Record<CategorySchemeName, readonly string[]>>> = {
  'certificates/bbfc': ['U', 'PG', '12', '12A', '15', '18', 'R18'],
  'certificates/pegi': ['3', '7', '12', '16', '18'],
};

/**
 * Orders a scheme's terms: certificates in the board's order (unknown ones after, alphabetically), everything
 * else alphabetically, case-insensitive.
 */
export function orderTerms(scheme: CategorySchemeName, terms: readonly string[]): string[] {
  const alpha = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);
  const board = CERTIFICATE_ORDER[scheme];
  if (!board) return [...terms].sort(alpha);
  const rank = (t: string) => {
    const i = board.indexOf(t.toUpperCase());
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...terms].sort((a, b) => rank(a) - rank(b) || alpha(a, b));
}
