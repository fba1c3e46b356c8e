import type { Server } from 'node:http';
import { expect } from 'vitest';
import type { Title } from '../src/domain/types.js';
import type { World } from '../src/world/world.js';
import { signed } from './support/signing.js';
import { BASE } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';

// Helpers for the catalogue tests: signed two-legged GETs, item ids, and walking every page of a search.

export async function getXml(app: Server, path: string, status = 200) {
  const res = await signed(app, 'GET', path);
  expect(res.status, `${path}\n${res.text.slice(0, 400)}`).toBe(status);
  expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
  return parseXml(res.text);
}

/** The numeric ids of the catalog_title items of a page. */
export function titleIds(doc: ReturnType<typeof parseXml>, root = 'search'): number[] {
  return nodes(doc, `/${root}/catalog_title/id`).map((n) => Number(String(n.textContent).split('/').pop()));
}

export function personIds(doc: ReturnType<typeof parseXml>): number[] {
  return nodes(doc, '/search/person/id').map((n) => Number(String(n.textContent).split('/').pop()));
}

/** An absolute href of an answer, as a path to send again. */
export function pathOf(href: string): string {
  expect(href.startsWith(`${BASE}/`), href).toBe(true);
  return href.slice(BASE.length);
}

/** Every item id of a search, following its `next` links (250 per page, titles shrunk). */
export async function allIds(app: Server, path: string, items: 'title' | 'person' = 'title'): Promise<number[]> {
  const sep = path.includes('?') ? '&' : '?';
  let next: string | undefined = `${path}${sep}items_per_page=250${items === 'title' ? '&expand=none' : ''}`;
  const out: number[] = [];
  while (next) {
    const doc = await getXml(app, next);
    out.push(...(items === 'title' ? titleIds(doc) : personIds(doc)));
    const href = str(doc, '/search/link[@rel="next"]/@href');
    next = href ? pathOf(href) : undefined;
  }
  return out;
}

/** Every searchable title of the world's catalogue (discs are not search results), read from its database. */
export function catalogueTitles(world: World): Title[] {
  const rows = world.scenario.catalog.db.prepare('SELECT data FROM titles WHERE parent_id IS NULL').all() as Array<{ data: string }>;
  return rows.map((r) => JSON.parse(r.data) as Title);
}

export const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
