import { foldAscii } from '../domain/search-term.js';
import type { TitleKind } from '../domain/types.js';
import type { Db } from './catalog-db.js';

const KIND_BITS: Readonly<Record<TitleKind, number>> = { film: 1, tv: 2, game: 4 };

/** The bit set of title kinds a search keeps; 0 when it keeps every kind (no kind condition at all). */
export function kindMask(kinds: readonly TitleKind[]): number {
  return kinds.length >= 3 ? 0 : kinds.reduce((m, k) => m | KIND_BITS[k], 0);
}

/**
 * Every title a search can list (not the discs of a multi-disc title), in the order a search without a term
 * lists them: most rated first (base_ratings DESC, id). A title's rank is its place in that order, so
 * ordering matches by rating is sorting small integers, done in JavaScript without reading any title row.
 * Read once per catalogue (the catalogue never changes), from a covering index: about 0.15 s and 4 MB of
 * folded titles for the 100,000-title catalogue, a few ms for the default one.
 */
export class TitleRanks {
  /** Rank by title id; -1 for a disc of another title. Ids past the end are not in the catalogue. */
  readonly rankOf: Int32Array;
  /** Title id by rank. */
  readonly idAt: Int32Array;
  /** Kind bit (KIND_BITS) by rank. */
  readonly kindAt: Uint8Array;
  /** Clean title by rank, A-Z lower-cased (search-term.ts, foldAscii): what the best-match tiers compare. */
  readonly foldedTitleAt: string[];

  constructor(db: Db) {
    const rows = db
      .prepare<[], [number, string, string]>(
        `SELECT id, kind, clean_title FROM titles INDEXED BY titles_for_search WHERE parent_id IS NULL
         ORDER BY base_ratings DESC, id`,
      )
      .raw()
      .all();
    const maxId = (db.prepare('SELECT max(id) FROM titles').pluck().get() as number | null) ?? 0;
    this.rankOf = new Int32Array(maxId + 1).fill(-1);
    this.idAt = new Int32Array(rows.length);
    this.kindAt = new Uint8Array(rows.length);
    this.foldedTitleAt = new Array<string>(rows.length);
    rows.forEach(([id, kind, clean], rank) => {
      this.rankOf[id] = rank;
      this.idAt[rank] = id;
      this.kindAt[rank] = KIND_BITS[kind as TitleKind] ?? 0;
      this.foldedTitleAt[rank] = foldAscii(clean);
    });
  }

  get size(): number {
    return this.idAt.length;
  }

  /** The rank of a title that can be listed with the kinds of `mask` (kindMask), or -1. */
  rankIf(id: number, mask: number): number {
    const rank = id < this.rankOf.length ? this.rankOf[id]! : -1;
    return rank >= 0 && (mask === 0 || (this.kindAt[rank]! & mask) !== 0) ? rank : -1;
  }
}
