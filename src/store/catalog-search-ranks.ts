import type { TitleKind } from '../domain/types.js';
import type { Db } from './db.js';
import { IndexData, writeIndexData } from './search-index-data.js';

const KIND_BITS: Readonly<Record<TitleKind, number>> = { film: 1, tv: 2, game: 4 };
/** Every kind's bit. */
export const ALL_KINDS = 7;

/** The bit set of title kinds a search keeps; 0 when it keeps every kind (no kind condition at all). */
export function kindMask(kinds: readonly TitleKind[]): number {
  return kinds.length >= 3 ? 0 : kinds.reduce((m, k) => m | KIND_BITS[k], 0);
}

/**
 * Writes the ranks of a complete catalogue into its snapshot (search-index-data.ts), read back by TitleRanks:
 * a server reads them whole instead of sorting every title again (decision 0031 has the measurements).
 */
export function writeTitleRanks(db: Db): void {
  const rows = db
    .prepare<[], [number, string, string, string | null, number]>(
      // SQLite's lower() folds A-Z only, as NOCASE and LIKE compare.
      `SELECT id, kind, lower(clean_title), release_date, popularity_rank IS NOT NULL FROM titles WHERE parent_id IS NULL
       ORDER BY base_ratings DESC, id`,
    )
    .raw()
    .all();
  const ids = Int32Array.from(rows, (r) => r[0]);
  const kinds = Uint8Array.from(rows, (r) => KIND_BITS[r[1] as TitleKind] ?? 0);
  const releases = Int32Array.from(rows, (r) => (r[3] === null ? 0 : dayNumber(r[3])));
  const popular = Uint8Array.from(rows, (r) => r[4]);
  const starts = new Uint32Array(rows.length + 1);
  for (let rank = 0; rank < rows.length; rank++) starts[rank + 1] = starts[rank]! + rows[rank]![2].length;
  const titles = rows.map((r) => r[2]).join('');
  writeIndexData(db, 'ranks', { ids, kinds, releases, popular, title_starts: starts, titles });
}

/**
 * Every title a search can list (not the discs of a multi-disc title), in the order a search without a term
 * lists them: most rated first (base_ratings DESC, id). A title's rank is its place in that order, so
 * ordering matches by rating is sorting small integers, done in JavaScript without reading any title row.
 * Read once per catalogue (the catalogue never changes) from what writeTitleRanks stored with the snapshot.
 */
export class TitleRanks extends IndexData {
  /** Title id by rank. */
  readonly idAt = this.array('ranks.ids', Int32Array);
  /** Kind bit (KIND_BITS) by rank. */
  readonly kindAt = this.array('ranks.kinds', Uint8Array);
  /** Release date by rank as the number YYYYMMDD (dayNumber), 0 for none: what the date facets compare. */
  readonly releaseAt = this.array('ranks.releases', Int32Array);
  /** 1 by rank for a title with a popularity rank (the most_popular facet). */
  readonly popularAt = this.array('ranks.popular', Uint8Array);
  /** Every folded title, one after another, and where each starts (by rank; one more for the end). */
  private readonly titles = this.text('ranks.titles');
  private readonly titleStarts = this.array('ranks.title_starts', Uint32Array);
  /** The first two characters of each folded title (headOf), so most tiers are told without reading the title. */
  readonly headAt = Uint32Array.from(this.idAt, (_, rank) => headOf(this.foldedTitle(rank)));
  /** Rank by title id; -1 for a disc of another title. Ids past the end are not in the catalogue. */
  readonly rankOf = new Int32Array(this.idAt.reduce((max, id) => Math.max(max, id), 0) + 1).fill(-1);

  constructor(db: Db) {
    super(db);
    for (let rank = 0; rank < this.idAt.length; rank++) this.rankOf[this.idAt[rank]!] = rank;
  }

  /** The clean title at `rank`, A-Z lower-cased (as search-term.ts, foldAscii): what the best-match tiers compare. */
  foldedTitle(rank: number): string {
    return this.titles.slice(this.titleStarts[rank], this.titleStarts[rank + 1]);
  }

  get size(): number {
    return this.idAt.length;
  }

  /**
   * How well the title at `rank` matches a folded text whose headOf is `textHead` (CatalogSearch): 0 the same
   * title, 1 starting with the text, 2 any other match. A title that starts with the text (tiers 0 and 1)
   * starts with its first two characters, so a different head is tier 2 at once. The rest is compared in
   * place: slicing each title out made a string per title sharing the head (a third of the catalogue for "the").
   */
  tier(rank: number, foldedText: string, textHead: number): 0 | 1 | 2 {
    const head = foldedText.length >= 2 ? this.headAt[rank]! : firstOfHead(this.headAt[rank]!);
    if (head !== textHead) return 2;
    const start = this.titleStarts[rank]!;
    const length = this.titleStarts[rank + 1]! - start;
    if (length < foldedText.length || !this.titles.startsWith(foldedText, start)) return 2;
    return length === foldedText.length ? 0 : 1;
  }

  /** The rank of a title that can be listed with the kinds of `mask` (kindMask), or -1. */
  rankIf(id: number, mask: number): number {
    const rank = id < this.rankOf.length ? this.rankOf[id]! : -1;
    return rank >= 0 && (mask === 0 || (this.kindAt[rank]! & mask) !== 0) ? rank : -1;
  }
}

/**
 * A YYYY-MM-DD date as the number YYYYMMDD, which orders as the text does (release dates are checked ISO
 * dates: load-curated.ts, and the generator's). Anything else is a programming error, not a request's.
 */
export function dayNumber(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  return Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
}

/** The first two UTF-16 units of a string in one number (0 for a missing one): a cheap necessary test for startsWith. */
export function headOf(s: string): number {
  return (s.length > 0 ? s.charCodeAt(0) : 0) * 0x10000 + (s.length > 1 ? s.charCodeAt(1) : 0);
}

/** What TitleRanks.tier compares a title's head with: a one-character text has only its first unit. */
export function textHeadOf(foldedText: string): number {
  return foldedText.length >= 2 ? headOf(foldedText) : firstOfHead(headOf(foldedText));
}

function firstOfHead(head: number): number {
  return head - (head % 0x10000);
}
