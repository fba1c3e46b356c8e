import { beforeAll, describe, expect, it } from 'vitest';
import { NO_EXPANSION, parseExpand } from '../domain/expand.js';
import type { Title } from '../domain/types.js';
import { testWorld } from '../../test/support/world.js';
import { titleStats } from '../domain/title-stats.js';
import { assembleTitle, catalogTitleXml, DetailLinkBlock, titleRatingsXml } from './catalog-title.js';
import type { XmlContext } from './addresses.js';
import { TitleFragmentCache, unratedTitlePart, type TitleSource } from './title-fragment-cache.js';

// Titles come from the default scenario's catalogue through a source that counts what the cache reads. The
// source can be switched off: a cache asked then for a title it does not hold answers undefined without
// adding anything, so which titles it holds is seen without disturbing it.

const CTX: XmlContext = { baseUrl: 'http://a.test', schemaBase: 'http://schemas.lovefilm.com', webBase: 'http://www.lovefilm.com' };
const OTHER_HOST: XmlContext = { ...CTX, baseUrl: 'http://b.test:8080' };

interface CountingSource extends TitleSource {
  /** Titles read while on. */
  reads: number;
  off: boolean;
}

let titles: Title[];
let source: CountingSource;
beforeAll(() => {
  const catalog = testWorld('default').world.scenario.catalog;
  titles = [];
  for (let id = 1; titles.length < 40; id++) {
    const t = catalog.title(id);
    if (t && t.parentId === undefined) titles.push(t);
  }
  source = {
    reads: 0,
    off: false,
    title(id) {
      if (this.off) return undefined;
      this.reads++;
      return catalog.title(id);
    },
    personName: (id) => catalog.personName(id),
  };
});

function freshCache(maxBytes?: number): TitleFragmentCache {
  source.reads = 0;
  source.off = false;
  return new TitleFragmentCache(source, maxBytes);
}

/** The ids of `candidates` the cache holds (for CTX, no expansion), asked with the source off. */
function held(cache: TitleFragmentCache, candidates: readonly number[], ctx = CTX): number[] {
  source.off = true;
  try {
    return candidates.filter((id) => cache.byId(ctx, id, NO_EXPANSION) !== undefined);
  } finally {
    source.off = false;
  }
}

/** Every string of a cached title's fragments, joined. */
const textOf = (entry: { fragments: object }) => Object.values(entry.fragments).join('');

describe('TitleFragmentCache', () => {
  it("carries the title's id and the catalogue's statistics, with their XML, beside its fragments", () => {
    const cache = freshCache();
    const t = titles[3]!;
    const entry = cache.byId(CTX, t.id, NO_EXPANSION)!;
    expect(entry.id).toBe(t.id);
    expect(entry.baseStats).toEqual(titleStats(t.baseHistogram));
    expect(entry.baseStats.numberOfRatings).toBeGreaterThan(0);
    expect(entry.baseRatingsXml).toBe(titleRatingsXml(titleStats(t.baseHistogram)));
    expect(entry.baseRatingsXml).toMatch(/^<number_of_ratings>\d+<\/number_of_ratings><rating>[\d.]+<\/rating>$/);
    expect(textOf(entry)).toContain(`http://a.test/catalog/title/${t.id}`);
  });

  it('joined with its kept statistics, a title is what catalogTitleXml makes of the catalogue statistics', () => {
    const cache = freshCache();
    for (const expansion of [NO_EXPANSION, parseExpand('histogram'), parseExpand('all'), { none: true as const }]) {
      for (const t of titles.slice(0, 8)) {
        const entry = cache.get(CTX, t, expansion);
        expect(assembleTitle(entry.fragments, CTX, t.id, entry.baseStats, entry.baseRatingsXml)).toBe(
          catalogTitleXml(CTX, t, titleStats(t.baseHistogram), expansion, source),
        );
      }
    }
  });

  it('reads the title once: a second byId or get is a hit, the same entry', () => {
    const cache = freshCache();
    const t = titles[0]!;
    const first = cache.byId(CTX, t.id, NO_EXPANSION);
    expect(source.reads).toBe(1);
    expect(cache.byId(CTX, t.id, NO_EXPANSION)).toBe(first);
    expect(cache.get(CTX, t, NO_EXPANSION)).toBe(first);
    expect(source.reads).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('answers undefined for a title the catalogue does not have, and keeps nothing for it', () => {
    const cache = freshCache();
    expect(cache.byId(CTX, 999_999, NO_EXPANSION)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.heldBytes).toBe(0);
  });

  it('keeps one entry per address, each naming its own host', () => {
    const cache = freshCache();
    const id = titles[0]!.id;
    const a = cache.byId(CTX, id, NO_EXPANSION)!;
    const b = cache.byId(OTHER_HOST, id, NO_EXPANSION)!;
    const c = cache.byId({ ...CTX, webBase: 'http://www.example.test' }, id, NO_EXPANSION)!;
    expect(source.reads).toBe(3);
    expect(cache.size).toBe(3);
    expect(textOf(a)).toContain('http://a.test/');
    expect(textOf(a)).not.toContain('http://b.test');
    expect(textOf(b)).toContain('http://b.test:8080/');
    expect(textOf(b)).not.toContain('http://a.test');
    expect(c).not.toBe(a);
  });

  it('keeps one entry per expansion, whatever order its links were named in', () => {
    const cache = freshCache();
    const id = titles[0]!.id;
    const plain = cache.byId(CTX, id, NO_EXPANSION)!;
    const none = cache.byId(CTX, id, { none: true })!;
    const synopsis = cache.byId(CTX, id, parseExpand('synopsis,actors'))!;
    expect(new Set([plain, none, synopsis]).size).toBe(3);
    expect(none.fragments.kind).toBe('bare');
    expect(cache.byId(CTX, id, parseExpand('actors,synopsis'))).toBe(synopsis);
    expect(cache.size).toBe(3);
    expect(source.reads).toBe(3);
  });

  it('never holds more bytes than its budget, dropping the oldest entries and keeping the newest', () => {
    const budget = 20_000;
    const cache = freshCache(budget);
    const ids = titles.map((t) => t.id);
    for (const [k, id] of ids.entries()) {
      cache.byId(CTX, id, NO_EXPANSION);
      expect(cache.heldBytes, `after ${k + 1} titles`).toBeLessThanOrEqual(budget);
      expect(cache.heldBytes).toBeGreaterThan(0);
      // What it holds is always the titles added last, in a row, the one just added among them.
      const kept = held(cache, ids.slice(0, k + 1));
      expect(kept).toEqual(ids.slice(k + 1 - kept.length, k + 1));
      expect(kept.length).toBe(cache.size);
    }
    expect(cache.size).toBeGreaterThan(1);
    expect(cache.size).toBeLessThan(ids.length);
    expect(source.reads).toBe(ids.length);
  });

  it('renders a cached title exactly as catalogTitleXml does, its links joined from the shared block of its kind', () => {
    const cache = freshCache();
    const stats = { numberOfRatings: 3, average: 3.5, histogram: [0, 0, 0, 0, 1, 0, 1, 0, 1, 0] };
    // An address holding the id the block is cut at keeps the links in the title: same XML either way.
    const odd: XmlContext = { ...CTX, baseUrl: `http://a.test/${Number.MAX_SAFE_INTEGER}` };
    for (const ctx of [CTX, OTHER_HOST, odd]) {
      for (const t of titles) {
        const entry = cache.get(ctx, t, NO_EXPANSION);
        expect(entry.fragments.kind).toBe(ctx === odd ? 'plain' : 'linked');
        expect(assembleTitle(entry.fragments, ctx, t.id, stats)).toBe(catalogTitleXml(ctx, t, stats, NO_EXPANSION, source));
      }
    }
    expect(new Set(titles.map((t) => t.kind))).toContain('game');
  });

  it('answers a title larger than the whole budget without keeping it, so the bound holds', () => {
    const cache = freshCache(100);
    const entry = cache.byId(CTX, titles[0]!.id, NO_EXPANSION);
    expect(entry?.id).toBe(titles[0]!.id);
    expect(cache.heldBytes).toBe(0);
    expect(held(cache, [titles[0]!.id])).toEqual([]);
  });

  it('drops the oldest entries whatever their address: what it holds is the titles added last, across shelves', () => {
    const cache = freshCache(20_000);
    const added: Array<[XmlContext, number]> = [];
    for (const [k, t] of titles.entries()) {
      const ctx = k % 3 === 0 ? OTHER_HOST : CTX;
      cache.byId(ctx, t.id, NO_EXPANSION);
      added.push([ctx, t.id]);
      const kept = added.filter(([c, id]) => held(cache, [id], c).length === 1);
      expect(kept).toEqual(added.slice(added.length - kept.length));
      expect(kept.length).toBe(cache.size);
    }
    expect(cache.size).toBeLessThan(titles.length);
  });

  it('keeps titles of at most 64 addresses and expansions: a new one drops the oldest one with its titles', () => {
    const cache = freshCache();
    const hosts = Array.from({ length: 70 }, (_, i): XmlContext => ({ ...CTX, baseUrl: `http://h${i}.test` }));
    for (const ctx of hosts) for (const t of titles.slice(0, 3)) cache.byId(ctx, t.id, NO_EXPANSION);
    const ids = titles.slice(0, 3).map((t) => t.id);
    expect(cache.size).toBe(64 * 3);
    expect(hosts.slice(6).map((ctx) => held(cache, ids, ctx).length)).toEqual(Array(64).fill(3));
    // The bytes are those of the titles kept: a cache that only added those holds as many.
    const fresh = freshCache();
    for (const ctx of hosts.slice(6)) for (const id of ids) fresh.byId(ctx, id, NO_EXPANSION);
    expect(cache.heldBytes).toBe(fresh.heldBytes);
    // Asked last, as asking for an address makes its shelf (and drops the oldest).
    expect(hosts.slice(0, 6).map((ctx) => held(cache, ids, ctx).length)).toEqual(Array(6).fill(0));
  });

  it('counts the bytes it holds after dropping entries as a cache that only ever added those entries does', () => {
    const cache = freshCache(20_000);
    const ids = titles.map((t) => t.id);
    for (const id of ids) cache.byId(CTX, id, NO_EXPANSION);
    const kept = held(cache, ids);
    const fresh = freshCache();
    for (const id of kept) fresh.byId(CTX, id, NO_EXPANSION);
    expect(fresh.size).toBe(cache.size);
    expect(cache.heldBytes).toBe(fresh.heldBytes);
  });

  it('writes an unrated title into an answer as the UTF-8 bytes of the text assembleTitle joins, whatever its text, id and address', () => {
    // Titles of every width of id, with text beyond ASCII (two, three and four UTF-8 bytes a character, and
    // characters the XML escapes), at addresses whose shared link block is ASCII or not, or kept in the title.
    const texts = ['', 'Amélie & <Łódź>', '東京 "☃"', 'film 🎬'];
    const variants: Title[] = [];
    for (const [k, t] of titles.slice(0, 8).entries()) {
      const id = [7, 42, 123, 4_567, 89_012, 345_678, 9_012_345, 123_456_789][k]!;
      const extra = texts[k % texts.length]!;
      variants.push({ ...t, id, studio: t.studio + extra, fullTitle: t.fullTitle + extra, cleanTitle: extra + t.cleanTitle });
    }
    const byId = new Map(variants.map((t) => [t.id, t]));
    const cache = new TitleFragmentCache({ title: (id) => byId.get(id), personName: source.personName });
    const beyondAscii: XmlContext = { ...CTX, baseUrl: 'http://bücher.test', webBase: 'http://www.bücher.test' };
    const odd: XmlContext = { ...CTX, baseUrl: `http://a.test/${Number.MAX_SAFE_INTEGER}` };
    const kinds = new Set<string>();
    let written = 0;
    for (const ctx of [CTX, beyondAscii, odd]) {
      for (const expansion of [NO_EXPANSION, parseExpand('synopsis'), parseExpand('histogram'), { none: true as const }]) {
        for (const t of variants) {
          const entry = cache.byId(ctx, t.id, expansion)!;
          const expected = assembleTitle(entry.fragments, ctx, t.id, entry.baseStats, entry.baseRatingsXml);
          expect(expected).toBe(catalogTitleXml(ctx, t, titleStats(t.baseHistogram), expansion, source));
          const part = unratedTitlePart(ctx, entry);
          kinds.add(entry.fragments.kind);
          if (typeof part === 'string') {
            expect(part).toBe(expected);
            continue;
          }
          written++;
          expect(part.text()).toBe(expected);
          const utf8 = Buffer.from(expected, 'utf8');
          expect(part.utf8Length).toBe(utf8.length);
          // Written after other bytes and before others, which stay as they were.
          const bytes = Buffer.alloc(utf8.length + 10, 0xee);
          expect(part.writeUtf8(bytes, 5)).toBe(5 + utf8.length);
          expect(bytes.subarray(5, 5 + utf8.length).equals(utf8)).toBe(true);
          expect([...bytes.subarray(0, 5), ...bytes.subarray(5 + utf8.length)]).toEqual(Array(10).fill(0xee));
        }
      }
    }
    expect([...kinds].sort()).toEqual(['bare', 'histogram', 'linked', 'plain']);
    expect(written).toBeGreaterThanOrEqual(variants.length * 4);
  });
});

describe('DetailLinkBlock', () => {
  it('writes the UTF-8 bytes of its links for any id, the id written in place', () => {
    for (const ctx of [CTX, { ...CTX, baseUrl: 'http://bücher.test/ü' }]) {
      for (const kind of ['film', 'game'] as const) {
        const block = DetailLinkBlock.of(ctx, kind)!;
        for (const id of [0, 7, 10, 99, 100, 4_567, 123_456_789, 2 ** 40, -5, 1.5, 1e21]) {
          const utf8 = Buffer.from(block.xml(id), 'utf8');
          expect(block.utf8Length(id)).toBe(utf8.length);
          const bytes = Buffer.alloc(utf8.length + 2, 0xee);
          expect(block.writeUtf8(bytes, 1, id)).toBe(1 + utf8.length);
          expect(bytes.subarray(1, 1 + utf8.length).toString('utf8')).toBe(block.xml(id));
          expect([bytes[0], bytes.at(-1)]).toEqual([0xee, 0xee]);
        }
      }
    }
  });
});
