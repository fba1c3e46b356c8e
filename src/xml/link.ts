import { el, type Attrs } from './writer.js';

/** A `link` element. Every link has a title (docs/reference/wire-format.md#links-and-categories). */
export function link(href: string, rel: string, title: string, ...children: string[]): string {
  const a: Attrs = { href, rel, title };
  return el('link', a, ...children);
}

/** A `category` element; every category has scheme and term (docs/reference/wire-format.md#links-and-categories). */
export function category(scheme: string, term: string, label?: string): string {
  return el('category', { scheme, term, label });
}
