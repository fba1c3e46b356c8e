import { FIXED_TERMS, orderTerms, type CategorySchemeName } from '../domain/categories.js';
import { type CatalogStore, keptIn } from './catalog-store.js';

// Each scheme's terms come from one query over the catalogue. The catalogue never changes within a scenario,
// so the answer is kept on the catalogue (CatalogStore.derived).
const DERIVED: Readonly<Partial<Record<CategorySchemeName, string>>> = {
  format: "SELECT DISTINCT value FROM title_facets WHERE facet = 'format'",
  genres: "SELECT DISTINCT value FROM title_facets WHERE facet = 'genre'",
  purchases: "SELECT DISTINCT value FROM title_facets WHERE facet = 'purchase'",
  'languages/main': "SELECT DISTINCT value FROM title_facets WHERE facet = 'language'",
  'certificates/bbfc': "SELECT DISTINCT certificate AS value FROM titles WHERE cert_scheme = 'bbfc'",
  'certificates/pegi': "SELECT DISTINCT certificate AS value FROM titles WHERE cert_scheme = 'pegi'",
  'languages/hearing_impaired': "SELECT DISTINCT j.value AS value FROM titles, json_each(titles.data, '$.languages.hearingImpaired') j",
  'languages/dubbed': "SELECT DISTINCT j.value AS value FROM titles, json_each(titles.data, '$.languages.dubbed') j",
};

/** The terms of a category scheme: fixed enumerations, or the distinct values the catalogue uses. */
export function categoryTerms(catalog: CatalogStore, scheme: CategorySchemeName): string[] {
  const perCatalog = catalog.derived(categoryTerms, () => new Map<CategorySchemeName, string[]>());
  return keptIn(perCatalog, scheme, () => {
    const fixed = FIXED_TERMS[scheme];
    if (fixed) return [...fixed];
    const sql = DERIVED[scheme];
    if (!sql) throw new Error(`category scheme ${scheme} has neither fixed terms nor a query`);
    return orderTerms(scheme, catalog.db.prepare<[], unknown>(sql).pluck().all().map(String));
  });
}
