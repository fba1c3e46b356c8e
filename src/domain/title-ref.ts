import { commaList } from './search-term.js';

// Title references sent by clients (title_ref, title_refs), docs/reference/wire-format.md#addresses-and-ids: a
// reference is matched on its `/catalog/title/<id>` path whatever its host, because clients keep ids from
// another base URL (the real service's, a proxy's) and send them back unchanged.

/**
 * `scheme://host[:port]` (optional), any path prefix (a gateway mounted under /api), then
 * /catalog/title/<id>, an optional slash, query or fragment.
 */
const TITLE_REF = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*)?(?:\/[^?#\s]*)?\/catalog\/title\/(\d{1,15})\/?(?:[?#].*)?$/i;

/** The title id a reference names, or undefined when it is not a title URI. */
export function titleIdOfRef(ref: string): number | undefined {
  // At most 15 digits: always a safe integer; NaN when nothing matched.
  const id = Number(TITLE_REF.exec(ref.trim())?.[1]);
  return id > 0 ? id : undefined;
}

export interface TitleRef {
  /** As the client sent it (trimmed); answers echo it (docs/reference/wire-format.md#addresses-and-ids). */
  ref: string;
  /** undefined when the reference is malformed. */
  id: number | undefined;
}

/** Splits a comma-separated title_refs value; blanks are dropped, the order sent is kept. */
export function parseTitleRefs(value: string | undefined): TitleRef[] {
  return commaList(value).map((ref) => ({ ref, id: titleIdOfRef(ref) }));
}
