import { ascendingDistinct } from './ascending-distinct.js';
import type { Db } from './db.js';
import { IndexData, writeIndexData } from './search-index-data.js';

/**
 * Every static facet value of the catalogue and, per listable title, the values it has: what filtered
 * searches and refinement counts read instead of joining `title_facets` (decision 0031).
 *
 * - `facet_values` lists each (facet, value) pair once, values equal under NOCASE taken as one (as SQL's
 *   `GROUP BY value` and `value IN (...)` over `title_facets` take them), in the order of SQL's ties:
 *   facet, then value under NOCASE. A value's id is its place in that order (from 0), so the values of one
 *   facet are one range of ids and a smaller id wins a tie in counts.
 * - For each title id, the ids of its values, ascending, packed into one list (`facets.values`, 4 bytes per
 *   pair) with where each title's part starts (`facets.title_starts`, 4 bytes per id). Discs of a
 *   multi-disc title are never search results, so they have none.
 *
 * Written with the catalogue snapshot (catalog-db.ts), so a server reads two arrays, not the 1.3 million
 * facet rows of the large catalogue (decision 0031 has the measurements).
 */
export function writeFacetIndex(db: Db): void {
  db.exec(`INSERT INTO facet_values (facet, value)
    SELECT facet, min(value COLLATE BINARY) FROM title_facets GROUP BY facet, value ORDER BY facet, value`);
  const maxId = (db.prepare('SELECT max(id) FROM titles').pluck().get() as number | null) ?? 0;
  const starts = new Uint32Array(maxId + 2);
  const values: number[] = [];
  const pairs = db
    .prepare<[], [number, number]>(
      `SELECT f.title_id, v.id - 1 FROM title_facets f
       JOIN facet_values v ON v.facet = f.facet AND v.value = f.value
       JOIN titles t ON t.id = f.title_id AND t.parent_id IS NULL
       ORDER BY f.title_id, v.id`,
    )
    .raw()
    .iterate();
  for (const [titleId, valueId] of pairs) {
    starts[titleId + 1]!++;
    values.push(valueId);
  }
  for (let id = 1; id < starts.length; id++) starts[id]! += starts[id - 1]!;
  const ranges = db.prepare<[], [string, number, number]>('SELECT facet, min(id) - 1, max(id) FROM facet_values GROUP BY facet').raw().all();
  writeIndexData(db, 'facets', { title_starts: starts, values: Uint32Array.from(values), ranges: JSON.stringify(ranges) });
}

/**
 * The facet index of one catalogue (see writeFacetIndex), and its inverse made on reading it: for each value,
 * the ids of its titles ascending (a posting list, as Lucene and Meilisearch keep per facet value), what a
 * filter marks its titles from.
 */
export class FacetIndex extends IndexData {
  /** The first value id of each facet, and one past its last. */
  private readonly ranges = new Map(
    (JSON.parse(this.text('facets.ranges')) as Array<[string, number, number]>).map(([facet, start, end]) => [facet, { start, end }]),
  );
  private readonly titleStarts = this.array('facets.title_starts', Uint32Array);
  private readonly values = this.array('facets.values', Uint32Array);
  private readonly postingStarts: Uint32Array;
  private readonly postingIds: Int32Array;
  // NOCASE by the column's collation: a filter value in another case finds the same value.
  private readonly lookup = this.db.prepare<[string, string], number>('SELECT id - 1 FROM facet_values WHERE facet = ? AND value = ?').pluck();
  /** Every value as shown, by id (52,807 on the large catalogue, ~3 MB): a new refinement reads no row. */
  private readonly shown = this.db.prepare<[], string>('SELECT value FROM facet_values ORDER BY id').pluck().all();

  constructor(db: Db) {
    super(db);
    const size = [...this.ranges.values()].reduce((max, r) => Math.max(max, r.end), 0);
    ({ starts: this.postingStarts, ids: this.postingIds } = postingsOf(this.titleStarts, this.values, size));
  }

  /** How many value ids there are (the size of a counts array). */
  get size(): number {
    return this.postingStarts.length - 1;
  }

  /** The id of a facet's value, compared as SQL compares it (NOCASE); undefined when no title has it. */
  valueId(facet: string, value: string): number | undefined {
    return this.lookup.get(facet, value);
  }

  /** The values as shown in refinements, in the order asked. */
  shownValues(valueIds: readonly number[]): string[] {
    return valueIds.map((v) => this.shown[v]!);
  }

  /** The value ids of one facet: [start, end). Empty for a facet no title has. */
  range(facet: string): { start: number; end: number } {
    return this.ranges.get(facet) ?? { start: 0, end: 0 };
  }

  /** The ids of the titles that have the value, ascending. */
  titlesWith(valueId: number): Int32Array {
    return this.postingIds.subarray(this.postingStarts[valueId], this.postingStarts[valueId + 1]);
  }

  /** How many of the titles `ids` (in any order) have each value, by value id. */
  countValues(ids: Int32Array): Uint32Array {
    // Many titles are counted in id order, the order of the packed lists: read in rank order (40,000 titles
    // for "the"), each title's values are a miss in the processor's cache.
    const inOrder = ids.length > this.titleStarts.length / ASCENDING_FROM ? ascendingDistinct([ids], this.titleStarts.length) : ids;
    return countValues(inOrder, this.titleStarts, this.values, this.size);
  }
}

/** Above idLimit / ASCENDING_FROM titles, counting puts them in id order first (a pass over every id). */
const ASCENDING_FROM = 64;

/** The counting loop of FacetIndex.countValues, over locals (1.3 million pairs for the whole large catalogue). */
function countValues(ids: Int32Array, titleStarts: Uint32Array, values: Uint32Array, size: number): Uint32Array {
  const counts = new Uint32Array(size);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const end = titleStarts[id + 1]!;
    for (let k = titleStarts[id]!; k < end; k++) counts[values[k]!]!++;
  }
  return counts;
}

/**
 * The inverse of the packed title -> values lists, by counting: where each value's titles start, then each
 * title put in its values' places (ascending, as titles are visited in id order). A function of locals, not
 * a constructor's loop over `this`: V8 compiles it to a few ns per pair (1.3 million on the large catalogue).
 */
function postingsOf(titleStarts: Uint32Array, values: Uint32Array, size: number): { starts: Uint32Array; ids: Int32Array } {
  const starts = new Uint32Array(size + 1);
  for (let k = 0; k < values.length; k++) starts[values[k]! + 1]!++;
  for (let v = 1; v <= size; v++) starts[v]! += starts[v - 1]!;
  const ids = new Int32Array(values.length);
  const next = starts.slice(0, size);
  for (let id = 0; id + 1 < titleStarts.length; id++) {
    const end = titleStarts[id + 1]!;
    for (let k = titleStarts[id]!; k < end; k++) ids[next[values[k]!]!++] = id;
  }
  return { starts, ids };
}
