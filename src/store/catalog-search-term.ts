import { textHeadOf, type TitleRanks } from './catalog-search-ranks.js';
import { MAX_KEPT_KEY } from './catalog-store.js';

/**
 * The titles `ids` (distinct) of the kinds of `mask` (0: every kind) in answer order: by tier (TitleRanks.tier), then by
 * rank. Few matches are sorted by the key tier * n + rank; many are placed by marking their ranks and reading
 * the ranks in order once, which costs the catalogue's size rather than a sort of 40,000 keys ("the").
 */
export function tieredOrder(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  return ids.length > ranks.size / MARK_FROM ? orderByMarks(ids, ranks, foldedText, mask) : orderBySort(ids, ranks, foldedText, mask);
}

/** Above size / MARK_FROM matches, marking ranks (a pass over every rank) is cheaper than sorting. */
const MARK_FROM = 64;

export function orderBySort(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  const n = ranks.size;
  const textHead = textHeadOf(foldedText);
  // Sort keys tier * n + rank: one numeric sort of small integers gives tier first, then rank.
  const keys = new Int32Array(ids.length);
  let count = 0;
  for (let i = 0; i < ids.length; i++) {
    const rank = ranks.rankIf(ids[i]!, mask);
    if (rank >= 0) keys[count++] = ranks.tier(rank, foldedText, textHead) * n + rank;
  }
  const sorted = keys.subarray(0, count).sort();
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = ranks.idAt[sorted[i]! % n]!;
  return out;
}

export function orderByMarks(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  const textHead = textHeadOf(foldedText);
  // 1 + the tier of each matching rank, 0 for the rest; and where each tier's titles start in the answer.
  const marks = new Uint8Array(ranks.size);
  const starts = [0, 0, 0, 0];
  for (let i = 0; i < ids.length; i++) {
    const rank = ranks.rankIf(ids[i]!, mask);
    if (rank < 0 || marks[rank] !== 0) continue;
    const tier = ranks.tier(rank, foldedText, textHead);
    marks[rank] = tier + 1;
    starts[tier + 1]!++;
  }
  starts[2]! += starts[1]!;
  starts[3]! += starts[2]!;
  const out = new Int32Array(starts[3]!);
  const { idAt } = ranks;
  for (let rank = 0; rank < marks.length; rank++) {
    const mark = marks[rank]!;
    if (mark !== 0) out[starts[mark - 1]!++] = idAt[rank]!;
  }
  return out;
}

/** Ids in every list; each list sorted ascending. Walks the shortest, binary-searching the others. */
export function intersection(lists: readonly Int32Array[]): Int32Array {
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  if (!first) return new Int32Array(0);
  let acc = first;
  for (const other of rest) {
    const out = new Int32Array(acc.length);
    let k = 0;
    let lo = 0;
    for (const v of acc) {
      let hi = other.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (other[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < other.length && other[lo] === v) out[k++] = v;
    }
    acc = out.subarray(0, k);
  }
  return acc;
}

/**
 * Id lists by key, at most `maxEntries` of them holding at most `maxIds` ids together; oldest used out first.
 * A key longer than MAX_KEPT_KEY is not kept, so the keys hold at most maxEntries * 2 KiB.
 */
export class BoundedIds {
  private readonly entries = new Map<string, Int32Array>();
  private held = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxIds: number,
  ) {}

  get(key: string): Int32Array | undefined {
    const ids = this.entries.get(key);
    if (ids) {
      // Refresh its place so the lists in use stay.
      this.entries.delete(key);
      this.entries.set(key, ids);
    }
    return ids;
  }

  set(key: string, ids: Int32Array): Int32Array {
    if (key.length > MAX_KEPT_KEY) return ids;
    this.held += ids.length - (this.entries.get(key)?.length ?? 0);
    this.entries.delete(key);
    this.entries.set(key, ids);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxIds) break;
      if (oldest === key) break;
      this.entries.delete(oldest);
      this.held -= old.length;
    }
    return ids;
  }
}
