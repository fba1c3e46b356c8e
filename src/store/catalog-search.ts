import type { Counted, FacetCounts } from '../domain/search-facets.js';
import { type FlagFacet, isFlagFacet, MAX_REFINEMENT_VALUES, releaseWindow, TITLE_FACETS, type TitleFacet } from '../domain/search-facets.js';
import { type IdPage, TITLE_SEARCH_KINDS, type TitleSearch } from '../domain/search-request.js';
import { foldAscii, type TermQuery, wordAlternatives } from '../domain/search-term.js';
import type { PageRequest } from '../domain/types.js';
import { PeopleSearch } from './catalog-search-people.js';
import { ALL_KINDS, dayNumber, kindMask, TitleRanks } from './catalog-search-ranks.js';
import { BoundedIds, intersection, tieredOrder } from './catalog-search-term.js';
import { type CatalogStore, keptIn } from './catalog-store.js';
import { FacetIndex } from './facet-index.js';
import { isIndexedWord, TermIndex } from './term-index.js';

/**
 * Filtered result lists remembered at once, and the ids they hold together (4 bytes each). The caches below are
 * keyed by the term and filters sent; a key longer than MAX_KEPT_KEY (2 KiB: catalog-store.ts) is not kept, so
 * their keys hold at most 10,000 * 2 KiB = 20 MiB together, whatever a tenant sends.
 */
const MAX_RESULTS = 1000;
const MAX_RESULT_IDS = 1_000_000;
/** Refinements of one facet remembered at once (each at most MAX_REFINEMENT_VALUES values). */
const MAX_COUNTS = 2000;
/** Term orders remembered at once, and ids held by them all (4 bytes each). */
const MAX_ORDERS = 2000;
const MAX_HELD_IDS = 500_000;
/** Titles of one word remembered at once, and ids held by them all. */
const MAX_WORDS = 5000;
const MAX_WORD_IDS = 500_000;

/** A term's words, each with its FTS5 expression (parseTerm, search-term.ts), and its text. */
type MatchTerm = Extract<TermQuery, { kind: 'match' }>;

/**
 * A condition that is not a facet value (the flag facets): the title at a rank passes when `at[rank]` is
 * within [from, to]. Data, not a closure, so the loops that apply it stay monomorphic.
 */
interface Check {
  at: Int32Array | Uint8Array;
  from: number;
  to: number;
}

function passes(checks: readonly Check[], rank: number): boolean {
  for (const c of checks) {
    const v = c.at[rank]!;
    if (v < c.from || v > c.to) return false;
  }
  return true;
}

/** What a search's filters keep: titles with a value of each group (value ids), passing each check. */
interface Filters {
  /** Names what the filters keep (values by id, so a value in another case is the same filter). */
  key: string;
  groups: number[][];
  checks: Check[];
}

/**
 * Catalogue search (decisions 0030 and 0031). Every title search is answered from in-memory indexes built
 * with the catalogue, as search engines answer it: TermIndex for the term's matches (FTS5 for words outside
 * ASCII) put in answer order (ordered), titles without a term from TitleRanks' rating order;
 * a filter marks the titles of its values' posting lists (FacetIndex), and the candidates are kept in order
 * when marked by every filter; refinements count each kept title's packed values into one array, then take
 * each facet's most frequent. No facet row is read from SQLite. The same search written in SQL is the
 * oracle of its tests (test/support/title-search-oracle.ts).
 *
 * Order: without a term, most rated first (base_ratings DESC, id), as the real service did
 * (docs/reference/catalogue-search.md, Order).
 * With a term, best match first: the clean title equal to the term, then clean titles starting with it,
 * then any other match; each tier most rated first.
 *
 * A term's matches are found once (ids only) and ordered by (tier, rank) over TitleRanks; the text and titles
 * are compared A-Z folded (foldAscii), as SQLite's NOCASE and LIKE compare them. The term's FTS query is its
 * words' groups ANDed (search-term.ts), so its matches are the intersection of each group's matches. A word of
 * ASCII letters and digits is matched from TermIndex (FTS5's own words, in arrays); any other word by FTS5.
 * A word's titles are kept (bounded): searches share words ("dark", "night"), and a search of words matched
 * before is an intersection of sorted lists. The whole order is remembered per term and kinds (bounded), so
 * every page of a search and its total come from one match.
 */
export class CatalogSearch {
  readonly people;
  // Read by warmSteps() when a scenario loads (Catalogs.for), or on first use by a search made without it (tests).
  readonly ranks = lazy(() => new TitleRanks(this.catalog.db));
  private readonly facets = lazy(() => new FacetIndex(this.catalog.db));
  private readonly terms = lazy(() => new TermIndex(this.catalog.db));
  private readonly results = new BoundedIds(MAX_RESULTS, MAX_RESULT_IDS);
  private readonly orders = new BoundedIds(MAX_ORDERS, MAX_HELD_IDS);
  private readonly words = new BoundedIds(MAX_WORDS, MAX_WORD_IDS);
  private readonly match;
  private readonly counted = new Map<string, Counted[]>();
  /** By kind mask (at most 8): the ids of its titles in rating order. */
  private readonly ofKinds = new Map<number, Int32Array>();
  /** By single kind bit: how many of its titles have each value, by value id. */
  private readonly kindCounts = lazy(() => {
    const bits = [...new Set(this.ranks().kindAt)];
    return new Map(bits.map((bit) => [bit, this.facets().countValues(this.everyTitle(bit))] as const));
  });

  constructor(private readonly catalog: CatalogStore) {
    this.people = new PeopleSearch(catalog.db);
    // One JSON array instead of a row per match: cheaper to read than plucking rows (measured for decision 0031).
    this.match = catalog.db.prepare<[string], string>('SELECT json_group_array(rowid) FROM titles_fts WHERE titles_fts MATCH ?').pluck();
  }

  /**
   * Reads the indexes and counts each catalogue's refinements without a term now, rather than on the first
   * search, which would otherwise wait for them (decision 0031 has the cost). A client's first refine=all is
   * then about as fast as its next. In steps a caller may run a turn of the event loop apart (Catalogs.warm).
   */
  warmSteps(): Array<() => void> {
    // Every client's first question (clients discover filters with refine=all:
    // docs/reference/catalogue-search.md, Refinements): each catalogue's refinements without a term. Their
    // static facets do not depend on the day; counted now, they are answered from memory when asked.
    const refine = TITLE_FACETS.filter((f) => !isFlagFacet(f));
    const kinds = [...TITLE_SEARCH_KINDS.values()];
    return [
      ...kinds.map((k) => () => void this.everyTitle(kindMask(k))),
      () => void this.kindCounts(),
      ...kinds.map((k) => () => void this.titleRefinements({ kinds: k, term: { kind: 'none' }, filters: [], refine }, '')),
      () => void this.terms(),
    ];
  }

  titles(s: TitleSearch, page: PageRequest, today: string): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    // A page past the end is empty (startIndex is 1 or more: parsePageRequest).
    const order = this.found(s, today).ids;
    return { ids: Array.from(order.subarray(page.startIndex - 1, page.startIndex - 1 + page.itemsPerPage)), total: order.length };
  }

  /** Titles of a collection by collection id, ascending (discs of a series have no facet values: never members). */
  collectionMembers(collectionId: number): number[] {
    const value = this.facets().valueId('collection_id', String(collectionId));
    return value === undefined ? [] : Array.from(this.facets().titlesWith(value));
  }

  /**
   * For each asked facet, its values among the matching titles with counts, most frequent first (capped).
   * Each facet's answer is kept per search: a static facet's for as long as it is used, a flag facet's for
   * the day (the clock moves titles in and out of it).
   */
  titleRefinements(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    const found = this.found(s, today);
    let counts: Uint32Array | undefined;
    return s.refine.map((facet) => {
      const key = `${found.key}\u0000${facet}${isFlagFacet(facet) ? `@${today}` : ''}`;
      const values = keptIn(
        this.counted,
        key,
        () => (isFlagFacet(facet) ? this.flagCount(found.ids, facet, today) : this.mostFrequent(facet, (counts ??= this.countsOf(s, found.ids)))),
        MAX_COUNTS,
      );
      return { facet, values };
    });
  }

  /** The search's titles, and a key naming them (kinds, term and what the filters keep). */
  private found(s: TitleSearch, today: string): { ids: Int32Array; key: string } {
    const mask = kindMask(s.kinds);
    const byTerm = termKey(s, mask);
    const candidates = s.term.kind === 'match' ? this.ordered(s.term, mask, byTerm) : this.everyTitle(mask);
    if (s.filters.length === 0) return { ids: candidates, key: byTerm };
    const filters = this.filtersOf(s, today);
    const key = `${byTerm}\u0000${filters.key}`;
    return { ids: this.results.get(key) ?? this.results.set(key, this.kept(candidates, filters)), key };
  }

  /** Ids of the titles of the kinds of `mask` matching the term, best match first; kept by `key` (kinds and term). */
  private ordered(term: MatchTerm, mask: number, key: string): Int32Array {
    return this.orders.get(key) ?? this.orders.set(key, tieredOrder(this.matches(term), this.ranks(), foldAscii(term.text), mask));
  }

  /**
   * Title ids matching every group, ascending: the intersection of each word's titles when every word is
   * indexed or was matched before; otherwise the whole query in FTS5, once (so a broad word like "the" is
   * never read whole by FTS5 just to be intersected with a narrow one).
   */
  private matches({ groups, words }: MatchTerm): Int32Array {
    const lists = groups.map((group, i) => this.words.get(group) ?? this.indexed(group, words[i]!));
    if (lists.every((ids) => ids !== undefined)) return lists.length === 1 ? lists[0]! : intersection(lists as Int32Array[]);
    if (groups.length === 1) return this.words.set(groups[0]!, this.matchAll(groups[0]!));
    return this.matchAll(groups.join(' AND '));
  }

  /** The titles of a word from TermIndex (its prefix and its singular or plural: parseTerm's group), kept. */
  private indexed(group: string, word: string): Int32Array | undefined {
    if (!isIndexedWord(word)) return undefined;
    return this.words.set(group, this.terms().withPrefixes(wordAlternatives(word.toLowerCase())));
  }

  /** Ids matching an FTS query, ascending (sorted here: an aggregate's order is not promised). */
  private matchAll(fts: string): Int32Array {
    return new Int32Array(JSON.parse(this.match.get(fts)!) as number[]).sort();
  }

  /** Every listable title of the kinds of `mask`, most rated first. */
  private everyTitle(mask: number): Int32Array {
    if (mask === 0) return this.ranks().idAt;
    // In rating order: a loop over locals (87,000 ranks on large).
    return keptIn(this.ofKinds, mask, () => {
      const { idAt, kindAt } = this.ranks();
      const out = new Int32Array(idAt.length);
      let n = 0;
      for (let rank = 0; rank < idAt.length; rank++) if ((kindAt[rank]! & mask) !== 0) out[n++] = idAt[rank]!;
      return out.slice(0, n);
    });
  }

  /**
   * The candidates (in order) that pass the filters. Each group marks its titles: a title's mark counts the
   * groups it passed in turn, so it ends equal to the number of groups only when it has a value of each.
   */
  private kept(candidates: Int32Array, filters: Filters): Int32Array {
    const { rankOf } = this.ranks();
    const marks = filters.groups.length > 0 ? new Uint32Array(rankOf.length) : undefined;
    filters.groups.forEach((values, passed) => {
      for (const value of values) for (const id of this.facets().titlesWith(value)) if (marks![id] === passed) marks![id] = passed + 1;
    });
    const out = new Int32Array(candidates.length);
    let n = 0;
    for (const id of candidates) {
      if (marks && marks[id] !== filters.groups.length) continue;
      if (passes(filters.checks, rankOf[id]!)) out[n++] = id;
    }
    return out.slice(0, n);
  }

  private filtersOf(s: TitleSearch, today: string): Filters {
    const keys: string[] = [];
    const groups: number[][] = [];
    const checks: Check[] = [];
    for (const f of s.filters) {
      if (isFlagFacet(f.facet)) {
        keys.push(`${f.facet}@${today}`);
        checks.push(this.flagCheck(f.facet, today));
        continue;
      }
      const facets = this.facets();
      const values = [...new Set(f.values.map((v) => facets.valueId(f.facet, v)).filter((id) => id !== undefined))].sort((a, b) => a - b);
      keys.push(values.join(','));
      groups.push(values);
    }
    return { key: keys.join('&'), groups, checks };
  }

  /** The test of a flag facet on a day: a release window (YYYYMMDD numbers), or having a popularity rank. */
  private flagCheck(facet: FlagFacet, today: string): Check {
    const ranks = this.ranks();
    if (facet === 'most_popular') return { at: ranks.popularAt, from: 1, to: 1 };
    const win = releaseWindow(facet, today);
    if (win.after !== undefined) return { at: ranks.releaseAt, from: dayNumber(win.after) + 1, to: Number.MAX_SAFE_INTEGER };
    return { at: ranks.releaseAt, from: dayNumber(win.from!), to: dayNumber(win.to!) };
  }

  /**
   * How many of the titles `ids` (the search's) have each value. A search without term or filters keeps
   * whole kinds, so its counts are the sum of its kinds' counts, made once (kindCounts) rather than per kind
   * mask: over a million pairs on the large catalogue, each count a noticeable wait.
   */
  private countsOf(s: TitleSearch, ids: Int32Array): Uint32Array {
    if (s.term.kind !== 'none' || s.filters.length > 0) return this.facets().countValues(ids);
    const mask = kindMask(s.kinds) || ALL_KINDS;
    const sum = new Uint32Array(this.facets().size);
    for (const [bit, counts] of this.kindCounts()) if (mask & bit) for (let v = 0; v < sum.length; v++) sum[v]! += counts[v]!;
    return sum;
  }

  private mostFrequent(facet: TitleFacet, counts: Uint32Array): Counted[] {
    const facets = this.facets();
    const top = mostFrequent(counts, facets.range(facet));
    const shown = facets.shownValues(top);
    return top.map((v, i) => ({ value: shown[i]!, count: counts[v]! }));
  }

  /**
   * A flag facet has one value, its own name, shown when at least one of the titles has it. Counted in a
   * loop over locals (87,000 titles without a term).
   */
  private flagCount(ids: Int32Array, facet: FlagFacet, today: string): Counted[] {
    const { rankOf } = this.ranks();
    const { at, from, to } = this.flagCheck(facet, today);
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      const v = at[rankOf[ids[i]!]!]!;
      if (v >= from && v <= to) n++;
    }
    return n > 0 ? [{ value: facet, count: n }] : [];
  }
}

/**
 * The ids of the MAX_REFINEMENT_VALUES values of a facet most counted, most first, ties by value id (the NOCASE order
 * of SQL's `ORDER BY count DESC, value`). One pass: a value joins the short list only when it
 * beats its last, so the 43,000 cast names of the large catalogue are not sorted.
 */
export function mostFrequent(counts: Uint32Array, range: { start: number; end: number }): number[] {
  const top: number[] = [];
  for (let v = range.start; v < range.end; v++) {
    const c = counts[v]!;
    if (c === 0) continue;
    if (top.length === MAX_REFINEMENT_VALUES && c <= counts[top.at(-1)!]!) continue;
    let at = top.length;
    // Equal counts keep their id order: a later id goes after every equal one.
    while (at > 0 && counts[top[at - 1]!]! < c) at--;
    top.splice(at, 0, v);
    if (top.length > MAX_REFINEMENT_VALUES) top.pop();
  }
  return top;
}

/** A value made on first use and kept. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Names the titles of a search's kinds (`mask`) and term. */
function termKey(s: TitleSearch, mask: number): string {
  return `${mask}\u0000${s.term.kind === 'match' ? `${s.term.groups.join('\u0000')}\u0001${s.term.text}` : s.term.kind}`;
}

/** The search of a scenario's catalogue, made once per catalogue and kept on it (it holds its indexes). */
export function catalogSearchOf(catalog: CatalogStore): CatalogSearch {
  return catalog.derived(CatalogSearch, (c) => new CatalogSearch(c));
}
