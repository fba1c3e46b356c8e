import { el, type Attrs } from './writer.js';

/** A `link` element. Every link has a title (fidelity 2). */
export function link(href: string, rel: string, title: string, ...children: string[]): string {
  const a: Attrs = { href, rel, title };
  return el('link', a, ...children);
}

/** A `category` element; every category has scheme and term (fidelity 2). */
export function category(scheme: string, term: string, label?: string): string {
  return el('category', { scheme, term, label });
}
