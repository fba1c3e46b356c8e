import { errors } from './api-error.js';
import { FLAG_FACETS, isFlagFacet, PERSON_FACETS, TITLE_FACETS, type PersonFacet, type TitleFacet } from './search-facets.js';
import { commaList, parseTerm, splitOr, type TermQuery } from './search-term.js';
import { PERSON_ROLES, type PersonRole, type Review, type TitleKind } from './types.js';

/** What the parser reads: the request's parameters (query and form), repeated names kept. */
export interface ParamSource {
  get(name: string): string | undefined;
  getAll(name: string): string[];
}

/**
 * Title kinds of `/catalog/{kind}` and the title kinds each covers (docs/reference/catalogue-search.md);
 * `title` covers all.
 */
export const TITLE_SEARCH_KINDS: ReadonlyMap<string, readonly TitleKind[]> = new Map([
  ['title', ['film', 'tv', 'game']],
  ['film', ['film']],
  ['tv', ['tv']],
  ['video', ['film', 'tv']],
  ['games', ['game']],
]);

/** People kinds and the role each restricts to; `person` is everyone. */
export const PERSON_SEARCH_KINDS: ReadonlyMap<string, PersonRole | undefined> = new Map<string, PersonRole | undefined>([
  ['person', undefined],
  ...PERSON_ROLES.map((r) => [r, r] as const),
]);

/** One restriction: a title must have at least one of the values of the facet. Groups combine with AND. */
export interface FilterGroup<F extends string> {
  facet: F;
  values: string[];
}

/** Ids of one page of a search's results, and the number of all its results. */
export interface IdPage {
  ids: number[];
  total: number;
}

/** What both kinds of search read: the term, the filter groups and the facets to refine by. */
interface Search<F extends string> {
  term: TermQuery;
  filters: FilterGroup<F>[];
  refine: F[];
}

export interface TitleSearch extends Search<TitleFacet> {
  kinds: readonly TitleKind[];
}

export interface PersonSearch extends Search<PersonFacet> {
  role?: PersonRole;
}

/**
 * The search parameters that are shorthands for a facet filter (docs/reference/catalogue-search.md, Filters),
 * each also an `X OR Y` list.
 */
const TITLE_FILTER_PARAMS = ['genre', 'format', 'certificate', 'purchase'] as const satisfies readonly TitleFacet[];

export function parseTitleSearch(kind: string, p: ParamSource): TitleSearch {
  const kinds = TITLE_SEARCH_KINDS.get(kind);
  if (!kinds) throw new Error(`not a title kind: ${kind}`);
  const filters: FilterGroup<TitleFacet>[] = [];
  for (const facet of TITLE_FILTER_PARAMS) {
    const values = splitOr(p.get(facet) ?? '');
    if (values.length > 0) filters.push({ facet, values });
  }
  for (const raw of p.getAll('f')) filters.push(parseFilter(raw, TITLE_FACETS));
  return { kinds, term: parseTerm(p.get('term')), filters, refine: parseRefine(p.get('refine'), TITLE_FACETS) };
}

export function parsePersonSearch(kind: string, p: ParamSource): PersonSearch {
  if (!PERSON_SEARCH_KINDS.has(kind)) throw new Error(`not a people kind: ${kind}`);
  const filters: FilterGroup<PersonFacet>[] = [];
  const roles = splitOr(p.get('role') ?? '').map((r) => r.toLowerCase());
  if (roles.length > 0) filters.push({ facet: 'role', values: roles });
  for (const raw of p.getAll('f')) {
    const f = parseFilter(raw, PERSON_FACETS);
    filters.push({ facet: f.facet, values: f.values.map((v) => v.toLowerCase()) });
  }
  return { role: PERSON_SEARCH_KINDS.get(kind), term: parseTerm(p.get('term')), filters, refine: parseRefine(p.get('refine'), PERSON_FACETS) };
}

/**
 * One `f=<facet>|<value>` filter (docs/reference/catalogue-search.md, Filters). The value is everything after
 * the first pipe. A flag facet's only value is its own name, as the refinement links write it.
 */
export function parseFilter<F extends string>(raw: string, allowed: readonly F[]): FilterGroup<F> {
  const bar = raw.indexOf('|');
  const facet = (bar === -1 ? raw : raw.slice(0, bar)).trim().toLowerCase();
  const value = bar === -1 ? '' : raw.slice(bar + 1).trim();
  if (!(allowed as readonly string[]).includes(facet)) {
    throw errors.invalidParameter('f', `${JSON.stringify(raw)} names no known facet; send f=<facet>|<value> with a facet of ${allowed.join(', ')}`);
  }
  if (value === '') {
    throw errors.invalidParameter('f', `${JSON.stringify(raw)} has no value; send f=${facet}|<value>, as the refinement links of refine=${facet} do`);
  }
  if (isFlagFacet(facet) && value.toLowerCase() !== facet) {
    throw errors.invalidParameter('f', `${facet} has one value, ${facet}: send f=${facet}|${facet} (facets like this: ${FLAG_FACETS.join(', ')})`);
  }
  return { facet: facet as F, values: [value] };
}

/**
 * `refine`: a comma list of facet names or `all` (docs/reference/catalogue-search.md, Refinements); unknown
 * names -> 400 listing the allowed ones.
 */
export function parseRefine<F extends string>(value: string | undefined, allowed: readonly F[]): F[] {
  const names = commaList(value).map((s) => s.toLowerCase());
  for (const name of names) {
    if (name !== 'all' && !(allowed as readonly string[]).includes(name)) {
      throw errors.invalidParameter('refine', `${JSON.stringify(name)} is not a facet of this search; use a comma list of ${allowed.join(', ')}, or all`);
    }
  }
  // `all` anywhere in the list means every facet, in the order of the facet table
  // (docs/reference/catalogue-search.md, Filters).
  return names.includes('all') ? [...allowed] : ([...new Set(names)] as F[]);
}

/**
 * The order of a title's reviews (docs/reference/catalogue-search.md, Titles and people): newest first; with
 * `view=helpful` the most helpful first (then newest). Any other `view` is ignored, as unknown parameters are
 * (docs/reference/wire-format.md#parameters). Ties: higher id first.
 */
export function orderTitleReviews(reviews: readonly Review[], view: string | undefined): Review[] {
  const newest = (a: Review, b: Review) => b.created.localeCompare(a.created) || b.id - a.id;
  const helpful = (a: Review, b: Review) => b.helpful - a.helpful || newest(a, b);
  return [...reviews].sort(view?.trim().toLowerCase() === 'helpful' ? helpful : newest);
}
