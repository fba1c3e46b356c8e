import { matchTier } from '../domain/search-term.js';
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
 * Read once per catalogue (the catalogue never changes), from a covering index, on the first term search:
 * about 0.15 s and 4 MB of folded titles for the 100,000-title catalogue, a few ms for the default one.
 */
export class TitleRanks {
  /** Rank by title id; -1 for a disc of another title. Ids past the end are not in the catalogue. */
  readonly rankOf: Int32Array;
  /** Title id by rank. */
  readonly idAt: Int32Array;
  /** Kind bit (KIND_BITS) by rank. */
  readonly kindAt: Uint8Array;
  /** Clean title by rank, A-Z lower-cased (as search-term.ts, asciiFolded): what the best-match tiers compare. */
  readonly foldedTitleAt: string[];
  /** The first two characters of each folded title (headOf), so most tiers are told without reading the title. */
  readonly headAt: Uint32Array;

  constructor(db: Db) {
    const count = db.prepare('SELECT count(*) FROM titles WHERE parent_id IS NULL').pluck().get() as number;
    const maxId = (db.prepare('SELECT max(id) FROM titles').pluck().get() as number | null) ?? 0;
    this.rankOf = new Int32Array(maxId + 1).fill(-1);
    this.idAt = new Int32Array(count);
    this.kindAt = new Uint8Array(count);
    this.foldedTitleAt = new Array<string>(count);
    this.headAt = new Uint32Array(count);
    // Iterated, not read whole: 100,000 row arrays at once would be 20 MB of garbage in one go.
    const rows = db
      .prepare<[], [number, string, string]>(
        // SQLite's lower() folds A-Z only, as NOCASE and LIKE compare (and makes one flat string per title).
        `SELECT id, kind, lower(clean_title) FROM titles INDEXED BY titles_for_search WHERE parent_id IS NULL
         ORDER BY base_ratings DESC, id`,
      )
      .raw()
      .iterate();
    let rank = 0;
    for (const [id, kind, folded] of rows) {
      this.rankOf[id] = rank;
      this.idAt[rank] = id;
      this.kindAt[rank] = KIND_BITS[kind as TitleKind] ?? 0;
      this.foldedTitleAt[rank] = folded;
      this.headAt[rank] = headOf(folded);
      rank++;
    }
  }

  get size(): number {
    return this.idAt.length;
  }

  /**
   * matchTier of the title at `rank` for a folded text whose headOf is `textHead`. A title that starts with
   * the text (tiers 0 and 1) starts with its first two characters, so a different head is tier 2 at once.
   */
  tier(rank: number, foldedText: string, textHead: number): 0 | 1 | 2 {
    const head = foldedText.length >= 2 ? this.headAt[rank]! : firstOfHead(this.headAt[rank]!);
    return head === textHead ? matchTier(this.foldedTitleAt[rank]!, foldedText) : 2;
  }

  /** The rank of a title that can be listed with the kinds of `mask` (kindMask), or -1. */
  rankIf(id: number, mask: number): number {
    const rank = id < this.rankOf.length ? this.rankOf[id]! : -1;
    return rank >= 0 && (mask === 0 || (this.kindAt[rank]! & mask) !== 0) ? rank : -1;
  }
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
