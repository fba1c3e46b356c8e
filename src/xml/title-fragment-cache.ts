import { expansionKey, type Expansion } from '../domain/expand.js';
import type { Title } from '../domain/types.js';
import { titleFragments, type TitleFragments, type TitleXmlSource } from './catalog-title.js';
import type { XmlContext } from './context.js';
import { flat } from '../domain/flat.js';
import { makeRoom } from '../domain/make-room.js';

/**
 * Serialized catalogue titles, kept per scenario: the catalogue never changes within a scenario, so a
 * title's XML is built once per address and expansion. Bounded, oldest entry out first, so a
 * 100,000-title catalogue does not keep every title in memory (docs/decisions/0003-title-fragment-cache.md).
 */
export class TitleFragmentCache {
  private readonly entries = new Map<string, TitleFragments>();

  constructor(
    private readonly source: TitleXmlSource,
    private readonly maxEntries = 5_000,
  ) {}

  get(ctx: XmlContext, t: Title, expansion: Expansion): TitleFragments {
    const key = `${ctx.baseUrl}|${ctx.schemaBase}|${ctx.webBase}|${expansionKey(expansion)}|${t.id}`;
    let f = this.entries.get(key);
    if (!f) {
      f = flattened(titleFragments(ctx, t, expansion, this.source));
      makeRoom(this.entries, this.maxEntries);
      this.entries.set(key, f);
    }
    return f;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The fragments as flat strings (src/domain/flat.ts): cached ropes made 5,000 titles hundreds of thousands of GC objects. */
function flattened(f: TitleFragments): TitleFragments {
  for (const part of Object.values(f)) flat(part);
  return f;
}
