import { FIXED_TERMS, orderTerms, type CategorySchemeName } from '../domain/categories.js';
import { type CatalogStore, keptIn } from './catalog-store.js';

// Each scheme's terms come from one query over the catalogue. The catalogue never changes within a scenario,
// so the answer is kept on the catalogue (CatalogStore.derived).
const DERIVED: Readonly<Partial<Record<CategorySchemeName, { sql: string; params: string[] }>>> = {
  format: { sql: 'SELECT DISTINCT value FROM title_facets WHERE facet = ?', params: ['format'] },
  genres: { sql: 'SELECT DISTINCT value FROM title_facets WHERE facet = ?', params: ['genre'] },
  purchases: { sql: 'SELECT DISTINCT value FROM title_facets WHERE facet = ?', params: ['purchase'] },
  'languages/main': { sql: 'SELECT DISTINCT value FROM title_facets WHERE facet = ?', params: ['language'] },
  'certificates/bbfc': { sql: 'SELECT DISTINCT certificate AS value FROM titles WHERE cert_scheme = ?', params: ['bbfc'] },
  'certificates/pegi': { sql: 'SELECT DISTINCT certificate AS value FROM titles WHERE cert_scheme = ?', params: ['pegi'] },
  'languages/hearing_impaired': { sql: "SELECT DISTINCT j.value AS value FROM titles, json_each(titles.data, '$.languages.hearingImpaired') j", params: [] },
  'languages/dubbed': { sql: "SELECT DISTINCT j.value AS value FROM titles, json_each(titles.data, '$.languages.dubbed') j", params: [] },
};

/** The terms of a category scheme: fixed enumerations, or the distinct values the catalogue uses. */
export function categoryTerms(catalog: CatalogStore, scheme: CategorySchemeName): string[] {
  const perCatalog = catalog.derived(categoryTerms, () => new Map<CategorySchemeName, string[]>());
  return keptIn(perCatalog, scheme, () => {
    const fixed = FIXED_TERMS[scheme];
    if (fixed) return [...fixed];
    const q = DERIVED[scheme];
    if (!q) throw new Error(`category scheme ${scheme} has neither fixed terms nor a query`);
    return orderTerms(
      scheme,
      catalog.db
        .prepare<unknown[], unknown>(q.sql)
        .pluck()
        .all(...q.params)
        .map(String),
    );
  });
}
