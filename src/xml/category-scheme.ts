import { el, text } from './writer.js';

/**
 * `/categories/<scheme>`: `<category_scheme><category_items><term>..</term>...</category_items></category_scheme>`,
 * the shape the issue names (no capture of the real answer is known; docs/reference/catalogue-search.md, Categories).
 * A term here is the `term` of `category` elements with scheme `{base_url}/categories/<scheme>`.
 */
export function categorySchemeXml(terms: readonly string[]): string {
  return el('category_scheme', undefined, el('category_items', undefined, ...terms.map((t) => text('term', t))));
}
