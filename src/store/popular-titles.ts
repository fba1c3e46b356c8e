import type { CatalogStore } from './catalog-store.js';

/** Title ids in the catalogue's "most popular" ranking, most popular first (Title.popularityRank). */
export function popularTitleIds(catalog: CatalogStore, limit: number): number[] {
  return catalog.db
    .prepare<[number], number>('SELECT id FROM titles WHERE popularity_rank IS NOT NULL ORDER BY popularity_rank, id LIMIT ?')
    .pluck()
    .all(limit);
}
