import { expansionKey, type Expansion } from '../domain/expand.js';
import { flattenRope } from '../domain/flatten-rope.js';
import type { Title, TitleStats } from '../domain/types.js';
import { titleStats } from '../domain/title-stats.js';
import { assembleTitle, DetailLinkBlock, titleFragments, titleRatingsXml, type TitleFragments, type TitleXmlSource } from './catalog-title.js';
import type { XmlContext } from './addresses.js';
import { utf8Length, writeText, type SelfWritten } from './writer.js';

/** Text the cache holds at most: about 30,000 titles as search lists them, 8,000 with expand=all (decision 0003). */
const MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs besides its text: the Map slot, its place in the order, the object and its string headers. */
const ENTRY_OVERHEAD = 200;
/** Shelves kept at once: addresses clients used times the expansions they asked. */
const MAX_SHELVES = 64;

/** A title's cached XML and what joining it with a sandbox's statistics needs, so a hit reads no title. */
export interface CachedTitle {
  id: number;
  /** The catalogue's own statistics: a sandbox's ratings add to them. */
  baseStats: TitleStats;
  /**
   * titleRatingsXml of baseStats: the statistics of nearly every title on a page, since few titles have a
   * rating in a given sandbox.
   */
  baseRatingsXml: string;
  fragments: TitleFragments;
  /**
   * The UTF-8 lengths of the fragments and of baseRatingsXml, when they are `plain` or `linked` (what search
   * lists): such a title, unrated in the sandbox, writes its own bytes into a page (unratedTitlePart).
   */
  utf8: FragmentLengths | undefined;
}

/** CachedTitle.utf8: bytes of each fragment. */
type FragmentLengths = Record<'head' | 'ratings' | 'body' | 'tail', number>;

/** Where the cache finds titles on a miss, and the people their expanded cast lists name. */
export interface TitleSource extends TitleXmlSource {
  title(id: number): Title | undefined;
}

/**
 * The cached titles of one address and expansion, by id. A page asks all its titles of one shelf, so a
 * request finds its shelf once and each title with a number: a key string per title (address, expansion
 * and id) cost many times more to build and look up in a full cache than a number does (the figures are in
 * docs/decisions/0003-title-fragment-cache.md).
 */
export class TitleShelf {
  /** @internal The titles held, in the cache's order of adding (the cache's to change). */
  readonly titles = new Map<number, CachedTitle>();

  constructor(
    private readonly cache: TitleFragmentCache,
    readonly ctx: XmlContext,
    readonly expansion: Expansion,
  ) {}

  /** The cached title, built from the catalogue on a miss; undefined when the catalogue has no such title. */
  byId(id: number): CachedTitle | undefined {
    return this.titles.get(id) ?? this.cache.readAndAdd(this, id);
  }

  get(t: Title): CachedTitle {
    return this.titles.get(t.id) ?? this.cache.add(this, t);
  }

  /** @internal The unexpanded links of a kind's titles at this address, made once (null: DetailLinkBlock.of has none). */
  linkBlock(kind: Title['kind']): DetailLinkBlock | undefined {
    let block = this.linkBlocks[kind];
    if (block === undefined) this.linkBlocks[kind] = block = DetailLinkBlock.of(this.ctx, kind) ?? null;
    return block ?? undefined;
  }

  private readonly linkBlocks: Partial<Record<Title['kind'], DetailLinkBlock | null>> = {};
}

/**
 * Serialized catalogue titles, kept per scenario: the catalogue never changes within a scenario, so a
 * title's XML is built once per address and expansion. Bounded in bytes of text, oldest entry out first
 * whatever its shelf, so a 100,000-title catalogue does not keep every title in memory
 * (docs/decisions/0003-title-fragment-cache.md). An entry carries the title's statistics in the catalogue,
 * so a search page of cached titles parses no title at all.
 */
export class TitleFragmentCache {
  private readonly shelves = new Map<string, TitleShelf>();
  /** Every entry held, oldest first, as shelf and id pairs from `head` on (a queue without shifting). */
  private order: Array<TitleShelf | number> = [];
  private head = 0;
  private bytes = 0;
  private count = 0;

  constructor(
    private readonly source: TitleSource,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** The titles of an address and expansion. */
  shelf(ctx: XmlContext, expansion: Expansion): TitleShelf {
    const key = `${ctx.baseUrl}|${ctx.schemaBase}|${ctx.webBase}|${expansionKey(expansion)}`;
    let shelf = this.shelves.get(key);
    if (!shelf) {
      if (this.shelves.size >= MAX_SHELVES) this.dropShelf(this.shelves.keys().next().value!);
      // Copies: a shelf outlives the request, and keeps nothing another simulator shares (NO_EXPANSION is one object).
      const own: Expansion = expansion.none ? { none: true } : { none: false, links: new Set(expansion.links) };
      shelf = new TitleShelf(this, { baseUrl: ctx.baseUrl, schemaBase: ctx.schemaBase, webBase: ctx.webBase }, own);
      this.shelves.set(key, shelf);
    }
    return shelf;
  }

  /** The cached title, built from the catalogue on a miss; undefined when the catalogue has no such title. */
  byId(ctx: XmlContext, id: number, expansion: Expansion): CachedTitle | undefined {
    return this.shelf(ctx, expansion).byId(id);
  }

  get(ctx: XmlContext, t: Title, expansion: Expansion): CachedTitle {
    return this.shelf(ctx, expansion).get(t);
  }

  get size(): number {
    return this.count;
  }

  /** Bytes of text held (see MAX_BYTES). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** @internal A shelf's miss: reads the title. */
  readAndAdd(shelf: TitleShelf, id: number): CachedTitle | undefined {
    const t = this.source.title(id);
    return t && this.add(shelf, t);
  }

  /** @internal A shelf's miss: renders the title and keeps it, unless it is larger than the whole budget. */
  add(shelf: TitleShelf, t: Title): CachedTitle {
    const fragments = titleFragments(shelf.ctx, t, shelf.expansion, this.source, (kind) => shelf.linkBlock(kind));
    const baseStats = titleStats(t.baseHistogram);
    const baseRatingsXml = flattenRope(titleRatingsXml(baseStats));
    // Flat strings (src/domain/flatten-rope.ts): cached ropes made 5,000 titles hundreds of thousands of GC objects.
    for (const part of Object.values(fragments)) if (typeof part === 'string') flattenRope(part);
    const entry: CachedTitle = { id: t.id, baseStats, baseRatingsXml, fragments, utf8: fragmentLengths(fragments, baseRatingsXml) };
    const bytes = entryBytes(entry);
    // An entry larger than the whole budget is answered but not kept: the bound holds whatever the title.
    if (bytes > this.maxBytes) return entry;
    if (this.bytes + bytes > this.maxBytes) this.makeRoom(bytes);
    shelf.titles.set(t.id, entry);
    this.order.push(shelf, t.id);
    this.bytes += bytes;
    this.count++;
    return entry;
  }

  /** Drops the oldest entries, whatever their shelf, until a tenth of the budget is free (one walk for many). */
  private makeRoom(needed: number): void {
    const target = this.maxBytes - Math.max(needed, this.maxBytes / 10);
    while (this.bytes > target && this.head < this.order.length) {
      const shelf = this.order[this.head] as TitleShelf;
      const id = this.order[this.head + 1] as number;
      this.head += 2;
      const entry = shelf.titles.get(id);
      if (entry) this.forget(shelf, entry);
    }
    if (this.head > this.order.length / 2) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }

  /** The oldest shelf and all its entries, when a new address or expansion needs a place. */
  private dropShelf(key: string): void {
    const shelf = this.shelves.get(key)!;
    this.shelves.delete(key);
    for (const entry of shelf.titles.values()) this.forget(shelf, entry);
    // Its places in the order go too, so the order never outgrows what is held.
    const order: Array<TitleShelf | number> = [];
    for (let i = this.head; i < this.order.length; i += 2) {
      if (this.order[i] !== shelf) order.push(this.order[i]!, this.order[i + 1]!);
    }
    this.order = order;
    this.head = 0;
  }

  private forget(shelf: TitleShelf, entry: CachedTitle): void {
    shelf.titles.delete(entry.id);
    this.bytes -= entryBytes(entry);
    this.count--;
  }
}

/**
 * A cached title with the catalogue's statistics (no user of the sandbox rated it), as a part of a page of
 * titles (XmlParts, src/xml/writer.ts): `plain` and `linked` fragments write their own bytes, fragment by
 * fragment, into the answer; others are joined into their text as before.
 */
export function unratedTitlePart(ctx: XmlContext, c: CachedTitle): string | SelfWritten {
  const f = c.fragments;
  if (c.utf8 && (f.kind === 'plain' || f.kind === 'linked')) return new UnratedTitle(ctx, c, f, c.utf8);
  return assembleTitle(f, ctx, c.id, c.baseStats, c.baseRatingsXml);
}

/** unratedTitlePart's title that writes itself: what assembleTitle would join, written into the bytes instead. */
class UnratedTitle implements SelfWritten {
  readonly utf8Length: number;

  constructor(
    private readonly ctx: XmlContext,
    private readonly c: CachedTitle,
    private readonly f: Exclude<TitleFragments, { kind: 'bare' }>,
    private readonly lengths: FragmentLengths,
  ) {
    this.utf8Length = lengths.head + lengths.ratings + lengths.body + lengths.tail + (f.kind === 'linked' ? f.links.utf8Length(c.id) : 0);
  }

  writeUtf8(bytes: Buffer, at: number): number {
    const { c, f, lengths } = this;
    let next = writeText(bytes, at, f.head, lengths.head);
    next = writeText(bytes, next, c.baseRatingsXml, lengths.ratings);
    next = writeText(bytes, next, f.body, lengths.body);
    if (f.kind === 'linked') next = f.links.writeUtf8(bytes, next, c.id);
    return writeText(bytes, next, f.tail, lengths.tail);
  }

  text(): string {
    return assembleTitle(this.f, this.ctx, this.c.id, this.c.baseStats, this.c.baseRatingsXml);
  }
}

/** CachedTitle.utf8 of fragments that can write themselves, or undefined. */
function fragmentLengths(f: TitleFragments, ratingsXml: string): FragmentLengths | undefined {
  if (f.kind !== 'plain' && f.kind !== 'linked') return undefined;
  return { head: utf8Length(f.head), ratings: utf8Length(ratingsXml), body: utf8Length(f.body), tail: utf8Length(f.tail) };
}

/** What an entry costs: ENTRY_OVERHEAD and its text, a byte a character for the Latin-1 text titles are mostly made of. */
function entryBytes(c: CachedTitle): number {
  let n = ENTRY_OVERHEAD + c.baseRatingsXml.length;
  for (const part of Object.values(c.fragments)) if (typeof part === 'string') n += part.length;
  return n;
}
