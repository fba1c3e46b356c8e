// What the JSON form of an answer needs to know beyond the XML text itself (docs/reference/json.md): which
// element names the schemas let repeat (always an array, under the plural name) and which hold attributes or
// elements (always an object, even when one is empty). Both are read from schemas/*.xsd:
// test/contract-json.test.ts derives them again and fails when these lists and the XSDs part.

/** Element names that may occur more than once where some schema places them. */
export const REPEATED_ELEMENTS: ReadonlySet<string> = names(`
  artwork at_home_item bin catalog_title category collection image link list list_item person queue queue_disc
  queue_item rating_item rented_item review term
`);

/** Element names whose schema type is complex (attributes or child elements): their value is an object. */
export const OBJECT_ELEMENTS: ReadonlySet<string> = names(`
  artwork artworks at_home at_home_item bin bins biography catalog_title category category_items category_scheme
  collection collections error failed_title_refs filmography histogram image languages link list list_item
  list_items lists people person queue queue_disc queue_item queues rating_item ratings recommendations rented
  rented_item resource resources_created response review reviews search similars status synopsis title user
`);

/** A set of the names in a list separated by white space. */
function names(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

/** The property of text beside attributes (an element of both, should a schema ever declare one). */
export const TEXT_KEY = 'content';

/** English plural of an element name: `link` -> `links`, `category` -> `categories`. */
export function pluralOf(name: string): string {
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}

/** The property an element becomes in its parent's object: its plural when it may repeat, else its name. */
export function jsonKeyOf(name: string): string {
  return REPEATED_ELEMENTS.has(name) ? pluralOf(name) : name;
}
