import { expansionKey, type Expansion } from '../domain/expand.js';
import { flat } from '../domain/flat.js';
import { makeRoom } from '../domain/make-room.js';
import type { Title } from '../domain/types.js';
import { DetailLinkBlock, titleFragments, type TitleFragments, type TitleXmlSource } from './catalog-title.js';
import type { XmlContext } from './context.js';

/** Text the cache holds at most: about 30,000 titles as search lists them, 8,000 with expand=all (decision 0003). */
const MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs besides its text: the Map slot, the key, the object and its string headers. */
const ENTRY_OVERHEAD = 200;
/** Link blocks kept at once: one per kind and address a client used. */
const MAX_LINK_BLOCKS = 64;

/** A title's cached XML and what joining it with a sandbox's statistics needs, so a hit reads no title. */
export interface CachedTitle {
  id: number;
  baseHistogram: readonly number[];
  fragments: TitleFragments;
}

/** Where the cache finds titles on a miss, and the people their expanded cast lists name. */
export interface TitleSource extends TitleXmlSource {
  title(id: number): Title | undefined;
}

/**
 * Serialized catalogue titles, kept per scenario: the catalogue never changes within a scenario, so a
 * title's XML is built once per address and expansion. Bounded in bytes of text, oldest entry out first, so
 * a 100,000-title catalogue does not keep every title in memory (docs/decisions/0003-title-fragment-cache.md).
 * An entry carries the title's base histogram, so a search page of cached titles parses no title at all.
 */
export class TitleFragmentCache {
  private readonly entries = new Map<string, CachedTitle>();
  private bytes = 0;
  /** The shared unexpanded links of each kind at each address (few: addresses are the hosts clients use). */
  private readonly linkBlocks = new Map<string, DetailLinkBlock | null>();

  constructor(
    private readonly source: TitleSource,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** The cached title, built from the catalogue on a miss; undefined when the catalogue has no such title. */
  byId(ctx: XmlContext, id: number, expansion: Expansion): CachedTitle | undefined {
    const hit = this.entries.get(keyOf(ctx, id, expansion));
    if (hit) return hit;
    const t = this.source.title(id);
    return t && this.get(ctx, t, expansion);
  }

  get(ctx: XmlContext, t: Title, expansion: Expansion): CachedTitle {
    const key = keyOf(ctx, t.id, expansion);
    let entry = this.entries.get(key);
    if (!entry) {
      const fragments = titleFragments(ctx, t, expansion, this.source, (kind) => this.linkBlock(ctx, kind));
      entry = { id: t.id, baseHistogram: t.baseHistogram, fragments };
      this.add(key, entry, key.length + ENTRY_OVERHEAD + flattened(fragments));
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes of text held (see MAX_BYTES). */
  get heldBytes(): number {
    return this.bytes;
  }

  private linkBlock(ctx: XmlContext, kind: Title['kind']): DetailLinkBlock | undefined {
    const key = `${ctx.baseUrl}|${ctx.schemaBase}|${kind}`;
    let block = this.linkBlocks.get(key);
    if (block === undefined) {
      block = DetailLinkBlock.of(ctx, kind) ?? null;
      makeRoom(this.linkBlocks, MAX_LINK_BLOCKS);
      this.linkBlocks.set(key, block);
    }
    return block ?? undefined;
  }

  private add(key: string, entry: CachedTitle, bytes: number): void {
    // An entry larger than the whole budget is answered but not kept: the bound holds whatever the title.
    if (bytes > this.maxBytes) return;
    if (this.bytes + bytes > this.maxBytes) this.makeRoom(bytes);
    this.entries.set(key, entry);
    this.bytes += bytes;
  }

  /**
   * Drops the oldest entries until a tenth of the budget is free (one walk for many entries: see
   * domain/make-room.ts for why not one at a time).
   */
  private makeRoom(needed: number): void {
    const target = this.maxBytes - Math.max(needed, this.maxBytes / 10);
    for (const [key, entry] of this.entries) {
      if (this.bytes <= target) break;
      this.entries.delete(key);
      this.bytes -= key.length + ENTRY_OVERHEAD + textLength(entry.fragments);
    }
  }
}

function keyOf(ctx: XmlContext, id: number, expansion: Expansion): string {
  return `${ctx.baseUrl}|${ctx.schemaBase}|${ctx.webBase}|${expansionKey(expansion)}|${id}`;
}

/**
 * Makes the fragments flat strings (src/domain/flat.ts: cached ropes made 5,000 titles hundreds of
 * thousands of GC objects) and answers their length.
 */
function flattened(f: TitleFragments): number {
  for (const part of Object.values(f)) if (typeof part === 'string') flat(part);
  return textLength(f);
}

/** Characters of text in the fragments: a byte each for the Latin-1 text titles are mostly made of. */
function textLength(f: TitleFragments): number {
  let n = 0;
  for (const part of Object.values(f)) if (typeof part === 'string') n += part.length;
  return n;
}
