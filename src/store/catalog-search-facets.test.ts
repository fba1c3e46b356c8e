import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEW_RELEASE_DAYS, TITLE_FACETS, isFlagFacet, type FacetCounts, type TitleFacet } from '../domain/search-facets.js';
import { parseTitleSearch, TITLE_SEARCH_KINDS, type IdPage, type ParamSource } from '../domain/search-request.js';
import { isoDate } from '../domain/sim-clock.js';
import type { Person, Title } from '../domain/types.js';
import { TitleSearchOracle } from '../../test/support/title-search-oracle.js';
import { COMING_SOON, freezeClock, testWorld, type TestWorld } from '../../test/support/world.js';
import { buildCatalogDb } from './catalog-db.js';
import type { Db } from './db.js';
import { catalogSearchOf, type CatalogSearch } from './catalog-search.js';
import { CatalogStore } from './catalog-store.js';

// Filtered search and refinement counts come from in-memory indexes (titles, titleRefinements); the same search
// written in SQL (test/support/title-search-oracle.ts) is their oracle (issue 17). Here both answer random
// searches, built from parameters as a request sends them, over two catalogues: the default scenario's, and a
// copy of it given what the generator never makes (one value in three ASCII spellings, names beyond ASCII,
// values only discs have, a tie between texts that UTF-16 and SQLite order differently).

const DAY = 86_400_000;
const ALL: { startIndex: number; itemsPerPage: number } = { startIndex: 1, itemsPerPage: 100_000 };
type Pair = readonly [name: string, value: string];

interface Catalogue {
  name: string;
  search: CatalogSearch;
  sql: TitleSearchOracle;
  /** Every spelling each facet has in title_facets (discs' too), flag facets their own name. */
  values: ReadonlyMap<TitleFacet, readonly string[]>;
  /** Clean titles and the words in them. */
  cleans: readonly string[];
  words: readonly string[];
  /** Refinements as compared: exactly, or (several spellings of one value) with the shown spelling's ASCII case folded. */
  compared(r: FacetCounts<TitleFacet>[]): unknown;
}

let tw: TestWorld;
let base: number;
let plain: Catalogue;
let twisted: Catalogue;
beforeAll(() => {
  tw = testWorld('default');
  base = freezeClock(tw.world);
  const db = tw.world.scenario.catalog.db;
  plain = catalogue('default', db, catalogSearchOf(tw.world.scenario.catalog), false);
  const copy = buildCatalogDb(twistedData(db));
  twisted = catalogue('twisted copy', copy, catalogSearchOf(new CatalogStore(copy)), true);
});

/** The world's today `days` after its frozen now (never the real date). */
function dayAt(days: number): string {
  tw.world.clock.set({ mode: 'frozen', at: base + days * DAY });
  return isoDate(tw.world.clock.now());
}

/** Parameters in the order sent, repeats kept: the first of a name is its value (as Params in src/http/request-context.ts). */
function params(pairs: readonly Pair[]): ParamSource {
  return {
    get: (n) => pairs.find(([k]) => k === n)?.[1],
    getAll: (n) => pairs.filter(([k]) => k === n).map(([, v]) => v),
  };
}

/** `a=1&b=x|y` as written (no percent-decoding), for the fixed cases. */
function query(q: string): Pair[] {
  return q.split('&').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const);
}

/** The fast answers of a search, after checking each is what the SQL oracle answers. */
function expectAsSql(
  c: Catalogue,
  kind: string,
  sent: readonly Pair[] | string,
  today: string,
  page = ALL,
): { page: IdPage; refinements: FacetCounts<TitleFacet>[] } {
  const pairs = typeof sent === 'string' ? query(sent) : sent;
  const s = parseTitleSearch(kind, params(pairs));
  const what = `${c.name}: /catalog/${kind}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')} on ${today}`;
  const fast = c.search.titles(s, page, today);
  expect(fast, what).toEqual(c.sql.titles(s, page, today));
  const refinements = c.search.titleRefinements(s, today);
  expect(c.compared(refinements), what).toEqual(c.compared(c.sql.refinements(s, today)));
  return { page: fast, refinements };
}

describe('refinement counts and filtered search give what the SQL oracle gives', () => {
  it('the default catalogue has one spelling per value, so its refinements compare exactly; the copy has several', () => {
    const spellings = (c: Catalogue) => [...c.values.values()].flat().length;
    const folded = (c: Catalogue) => [...c.values.entries()].reduce((n, [, vs]) => n + new Set(vs.map(foldAscii)).size, 0);
    expect(spellings(plain)).toBe(folded(plain));
    expect(spellings(twisted)).toBeGreaterThan(folded(twisted));
  });

  it('random searches: kind, term, filters, refine, page and day (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('default', 'twisted').chain((which) => searchArb(which === 'default' ? plain : twisted).map((s) => ({ which, ...s }))),
        fc.nat(),
        ({ which, kind, pairs, page, days }, pick) => {
          const c = which === 'default' ? plain : twisted;
          const today = dayAt(days);
          const { refinements } = expectAsSql(c, kind, pairs, today, page);
          // A refinement value's link (this search and f=<facet>|<value>) gives exactly its count.
          const shown = refinements.flatMap((f) => f.values.map((v) => ({ facet: f.facet, ...v })));
          if (shown.length === 0) return;
          const v = shown[pick % shown.length]!;
          const narrowed = expectAsSql(c, kind, [...pairs, ['f', `${v.facet}|${v.value}`]], today, { startIndex: 1, itemsPerPage: 1 });
          expect(narrowed.page.total, `${v.facet}|${v.value}`).toBe(v.count);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('rules of filters and refinements, on both paths', () => {
  it.each([
    ['genre=Drama', 'genre=dRAMA'],
    ['format=Blu-ray', 'format=BLU-RAY'],
    ['certificate=PG', 'certificate=pg'],
    ['purchase=download to own', 'purchase=Download To Own'],
    ['f=cast|Nathan Fillion', 'f=cast|nathan fillion'],
    ['f=media|Games', 'f=MEDIA|GAMES'],
    ['f=most_popular|most_popular', 'f=most_popular|MOST_POPULAR'],
  ])('a filter value in another case counts the same: %s and %s', (asStored, otherCase) => {
    const today = dayAt(0);
    const a = expectAsSql(plain, 'title', `${asStored}&refine=all`, today);
    const b = expectAsSql(plain, 'title', `${otherCase}&refine=all`, today);
    expect(a.page.total).toBeGreaterThan(0);
    expect(b).toEqual(a);
  });

  it.each([
    ['genre=Drama', 'f=production_decade|2000'],
    ['genre=Drama', 'f=genre|Comedy'],
    ['format=DVD', 'f=most_popular|most_popular'],
    ['f=cast|Nathan Fillion', 'term=serenity'],
    ['f=language|French', 'f=new_releases|new_releases'],
  ])('two filters AND: %s&%s finds the titles both find', (x, y) => {
    const today = dayAt(0);
    const ids = (query: string) => expectAsSql(plain, 'title', `${query}&refine=all`, today).page.ids;
    const onlyY = new Set(ids(y));
    const both = ids(`${x}&${y}`);
    expect(both.length).toBeGreaterThan(0);
    expect(new Set(both)).toEqual(new Set(ids(x).filter((id) => onlyY.has(id))));
  });

  it.each([
    ['genre', 'Drama', 'Comedy'],
    ['certificate', '15', '18'],
    ['format', 'Wii', 'Xbox One'],
    ['purchase', 'rental', 'streaming'],
  ])('X OR Y ORs: %s=%s OR %s finds the titles either finds', (param, x, y) => {
    const today = dayAt(0);
    const ids = (value: string) => expectAsSql(plain, 'title', `${param}=${value}&refine=all`, today).page.ids;
    const either = ids(`${x} OR ${y}`);
    expect(either.length).toBeGreaterThan(ids(x).length);
    expect(new Set(either)).toEqual(new Set([...ids(x), ...ids(y)]));
  });

  it.each([...TITLE_SEARCH_KINDS.keys()])('refine=all counts only the kind asked (%s)', (kind) => {
    const today = dayAt(0);
    const { page, refinements } = expectAsSql(plain, kind, 'refine=all', today);
    const values = (facet: TitleFacet) => refinements.find((f) => f.facet === facet)!.values;
    // Every title has one medium and one format, so their counts add up to the titles found, and no more.
    expect(values('media').reduce((n, v) => n + v.count, 0)).toBe(page.total);
    expect(values('format').reduce((n, v) => n + v.count, 0)).toBe(page.total);
    expect(values('media').some((v) => v.value === 'Games')).toBe(kind === 'title' || kind === 'games');
    expect(values('media').every((v) => v.value === 'Games')).toBe(kind === 'games');
  });

  it.each([
    ['the day before its release', -1, ['coming_soon']],
    ['its release day', 0, ['new_releases']],
    [`${NEW_RELEASE_DAYS} days after`, NEW_RELEASE_DAYS, ['new_releases']],
    [`${NEW_RELEASE_DAYS + 1} days after`, NEW_RELEASE_DAYS + 1, []],
  ] as const)('flag facets follow the clock: on %s, title 50 is in %j', (_when, days, flags) => {
    tw.world.clock.set({ mode: 'frozen', at: COMING_SOON.release + days * DAY + DAY / 2 });
    const today = isoDate(tw.world.clock.now());
    const isIn = (flag: string) => (flags as readonly string[]).includes(flag);
    for (const flag of ['coming_soon', 'new_releases'] as const) {
      const { page } = expectAsSql(plain, 'film', `f=${flag}|${flag}&refine=all`, today);
      expect(page.ids.includes(COMING_SOON.id), `${flag} on ${today}`).toBe(isIn(flag));
    }
    // Searched by its name, which no other film has: the flags counted are its own.
    const { page, refinements } = expectAsSql(plain, 'film', 'term=The Last Lighthouse&refine=coming_soon,new_releases,most_popular', today);
    expect(page.ids).toEqual([COMING_SOON.id]);
    expect(refinements).toEqual([
      { facet: 'coming_soon', values: isIn('coming_soon') ? [{ value: 'coming_soon', count: 1 }] : [] },
      { facet: 'new_releases', values: isIn('new_releases') ? [{ value: 'new_releases', count: 1 }] : [] },
      { facet: 'most_popular', values: [] },
    ]);
  });

  it('discs of multi-disc titles are never found or counted (Firefly and its four discs share its facets)', () => {
    const today = dayAt(0);
    const { page, refinements } = expectAsSql(plain, 'tv', 'f=cast|Nathan Fillion&refine=all', today);
    expect(page).toEqual({ ids: [10], total: 1 });
    expect(refinements.find((f) => f.facet === 'cast')!.values).toContainEqual({ value: 'Nathan Fillion', count: 1 });
    expect(refinements.flatMap((f) => f.values.map((v) => v.count)).every((n) => n === 1)).toBe(true);
    expect(expectAsSql(plain, 'video', 'term=firefly&f=genre|Westerns&refine=all', today).page.ids).not.toContain(11);
    // A value only discs have finds nothing and is never a refinement.
    expect(expectAsSql(twisted, 'title', `genre=${DISC_ONLY}&refine=genre`, today).page.total).toBe(0);
    expect(expectAsSql(twisted, 'title', 'refine=genre', today).refinements[0]!.values.map((v) => v.value)).not.toContain(DISC_ONLY);
  });

  it('spellings of one value that differ only in ASCII case are one value, counted together', () => {
    const today = dayAt(0);
    const drama = expectAsSql(plain, 'title', 'genre=Drama', today).page.total;
    for (const spelling of ['Drama', 'drama', 'DRAMA', 'dRaMa']) {
      const { page, refinements } = expectAsSql(twisted, 'title', `genre=${spelling}&refine=genre`, today);
      expect(page.total).toBe(drama);
      expect(refinements[0]!.values.filter((v) => foldAscii(v.value) === 'drama').map((v) => v.count)).toEqual([drama]);
    }
  });

  it('names beyond ASCII compare as SQLite NOCASE does, folding A-Z only: zoë Åberg is Zoë Åberg, ZOË ÅBERG and zoë åberg are not', () => {
    const today = dayAt(0);
    const ids = (name: string) => expectAsSql(twisted, 'title', `f=cast|${name}&refine=cast,directors,genre`, today).page.ids;
    expect(ids('Zoë Åberg').length).toBeGreaterThan(0);
    expect(ids('zoë Åberg')).toEqual(ids('Zoë Åberg'));
    expect(ids('ZOË ÅBERG').length).toBeGreaterThan(0);
    expect(ids('ZOË ÅBERG')).not.toEqual(ids('Zoë Åberg'));
    expect(ids('zoë åberg')).toEqual([]);
  });

  it.each(['Ａlpha Ｏmega', 'ａlpha ｏmega', '𝐀lpha 𝐎mega', 'Zoë Åberg', 'ZOË ÅBERG'])('f=cast|%s with a term and refine=all, as the oracle', (name) => {
    const today = dayAt(0);
    expectAsSql(twisted, 'film', `term=the&f=cast|${name}&refine=all`, today);
  });

  it('values tied on count are ordered as SQLite orders text (UTF-8 bytes, ASCII case folded), not as UTF-16', () => {
    const today = dayAt(0);
    const cast = expectAsSql(twisted, 'film', 'refine=cast', today).refinements[0]!.values.map((v) => v.value);
    const [fullwidth, astral] = [cast.indexOf('Ａlpha Ｏmega'), cast.indexOf('𝐀lpha 𝐎mega')];
    expect(fullwidth).toBeGreaterThanOrEqual(0);
    expect(astral).toBe(fullwidth + 1);
  });

  it.each(['Amélie', 'AMÉLIE', 'amelie', 'Amé', 'ame'])('the term %s finds titles with or without accents, alone and with filters', (term) => {
    const today = dayAt(0);
    expect(expectAsSql(twisted, 'title', `term=${term}&refine=all`, today, { startIndex: 1, itemsPerPage: 10 }).page.total).toBeGreaterThanOrEqual(4);
    expectAsSql(twisted, 'film', `term=${term}&genre=drama OR Comedy&refine=genre,cast`, today);
  });
});

describe('terms beyond ASCII', () => {
  it('words beyond ASCII, in any case, with Unicode punctuation, ranked as the oracle ranks them (property)', () => {
    const words = ['Amélie', 'amé', 'Amelie', 'in', 'Paris', 'ÉCOLE', 'the', 'Zoë', '東京', 'ｔｈｅ', 'cafe\u0301', 'İstanbul', 'x😀'];
    const term = fc
      .array(
        fc.tuple(
          fc.constantFrom(...words),
          fc.constantFrom(' ', '\u00a0', '—', '·'),
          fc.constantFrom('as is', 'upper', 'lower', 'swap') as fc.Arbitrary<'as is' | 'upper' | 'lower' | 'swap'>,
        ),
        {
          minLength: 1,
          maxLength: 3,
        },
      )
      .map((parts) => parts.map(([w, sep, how], i) => (i > 0 ? sep : '') + (how === 'as is' ? w : otherCase(w, how))).join(''));
    fc.assert(
      fc.property(term, fc.constantFrom(...TITLE_SEARCH_KINDS.keys()), fc.integer({ min: 1, max: 5 }), (t, kind, startIndex) => {
        expectAsSql(
          twisted,
          kind,
          [
            ['term', t],
            ['refine', 'all'],
          ],
          dayAt(0),
          { startIndex, itemsPerPage: 3 },
        );
      }),
      { numRuns: 150 },
    );
  });
});

// --- the catalogues ---------------------------------------------------------------------------------------

const DISC_ONLY = 'Bonus Disc Extras';

function catalogue(name: string, db: Db, search: CatalogSearch, foldShown: boolean): Catalogue {
  const values = new Map<TitleFacet, string[]>(TITLE_FACETS.map((f) => [f, isFlagFacet(f) ? [f] : []]));
  const rows = db.prepare('SELECT DISTINCT facet, value COLLATE BINARY AS value FROM title_facets ORDER BY facet, value COLLATE BINARY').all() as Array<{
    facet: TitleFacet;
    value: string;
  }>;
  for (const r of rows) values.get(r.facet)!.push(r.value);
  const cleans = db.prepare('SELECT clean_title FROM titles ORDER BY id').pluck().all() as string[];
  const words = [...new Set(cleans.flatMap((t) => t.match(/[\p{L}\p{N}]+/gu) ?? []))];
  const spellings = new Map([...values].map(([f, vs]) => [f, new Set(vs)]));
  return {
    name,
    search,
    sql: new TitleSearchOracle(db),
    values,
    cleans,
    words,
    compared: (r) => {
      if (!foldShown) return r;
      // Which spelling SQLite shows for a group of spellings is not defined: GROUP BY over the NOCASE column
      // gives the spelling of the row it met first, which depends on the plan (mostly the matching title with
      // the lowest id, but not always). So the value is compared folded, and the one shown must be stored.
      for (const f of r) for (const v of f.values) expect(spellings.get(f.facet)!.has(v.value), `${f.facet} ${v.value}`).toBe(true);
      return r.map((f) => ({ facet: f.facet, values: f.values.map((v) => ({ value: foldAscii(v.value), count: v.count })) }));
    },
  };
}

/** SQLite's NOCASE: A-Z folded, nothing else. */
function foldAscii(s: string): string {
  return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** The default catalogue's titles and people, with what its generator never makes. */
function twistedData(db: Db): { titles: Title[]; people: Person[]; reviews: [] } {
  const titles = (db.prepare('SELECT data FROM titles ORDER BY id').pluck().all() as string[]).map((d) => JSON.parse(d) as Title);
  const people = (db.prepare('SELECT data FROM people ORDER BY id').pluck().all() as string[]).map((d) => JSON.parse(d) as Person);
  for (const t of titles) {
    // One genre and one format in several ASCII spellings.
    t.genres = t.genres.map((g) => (g === 'Drama' ? ['Drama', 'drama', 'DRAMA'][t.id % 3]! : g));
    if (t.format === 'DVD' && t.id % 4 === 0) t.format = 'dvd';
    // A value only discs have.
    if (t.parentId !== undefined) t.genres = [...t.genres, DISC_ONLY];
  }
  // Names beyond ASCII: two the same to NOCASE (z/Z), one not (ë/Ë), on people who act in several titles.
  const acting = new Map<number, number>();
  for (const t of titles) for (const id of t.actorIds) acting.set(id, (acting.get(id) ?? 0) + 1);
  const busy = [...acting].filter(([id, n]) => id > 1000 && n >= 10).map(([id]) => id);
  const rename = (id: number, name: string) => {
    people.find((p) => p.id === id)!.name = name;
  };
  rename(busy[0]!, 'Zoë Åberg');
  rename(busy[1]!, 'zoë Åberg');
  rename(busy[2]!, 'ZOË ÅBERG');
  // Two names with the same titles, so always tied: SQLite orders U+FF21 before U+1D400, UTF-16 the other way.
  const tied = [
    { id: 29_998, name: 'Ａlpha Ｏmega', roles: ['actor'], biography: '', filmography: [] },
    { id: 29_999, name: '𝐀lpha 𝐎mega', roles: ['actor'], biography: '', filmography: [] },
  ] satisfies Person[];
  people.push(...tied);
  for (const t of titles) if (t.kind === 'film' && t.id % 7 === 0) t.actorIds = [...t.actorIds, ...tied.map((p) => p.id)];
  // Titles beyond ASCII, for terms.
  const films = titles.filter((t) => t.kind === 'film' && t.id > 1000);
  for (const [i, name] of ['Amélie', 'AMÉLIE', 'Amelie', 'Amélie in Paris'].entries()) {
    films[i]!.cleanTitle = name;
    films[i]!.fullTitle = name;
  }
  return { titles, people, reviews: [] };
}

// --- generated searches -----------------------------------------------------------------------------------

const SHORTHANDS = ['genre', 'format', 'certificate', 'purchase'] as const;

function searchArb(c: Catalogue) {
  return fc.record({
    kind: fc.constantFrom(...TITLE_SEARCH_KINDS.keys()),
    pairs: fc
      .tuple(termArb(c), fc.array(filterArb(c), { maxLength: 3 }), refineArb)
      .map(([term, filters, refine]) => [
        ...(term === undefined ? [] : [['term', term] as const]),
        ...filters,
        ...(refine === undefined ? [] : [['refine', refine] as const]),
      ]),
    page: fc.record({
      startIndex: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 300 })),
      itemsPerPage: fc.integer({ min: 1, max: 250 }),
    }),
    days: fc.oneof(fc.constant(0), fc.integer({ min: -2000, max: 2000 })),
  });
}

/** No term, a whole clean title, 1-2 words of clean titles (cut, any case), or a word beyond ASCII or of no title. */
function termArb(c: Catalogue): fc.Arbitrary<string | undefined> {
  const word = fc
    .tuple(fc.constantFrom(...c.words), fc.constantFrom('as is', 'upper', 'lower', 'cut'), fc.nat())
    .map(([w, how, n]) => (how === 'upper' ? w.toUpperCase() : how === 'lower' ? w.toLowerCase() : how === 'cut' ? w.slice(0, 1 + (n % w.length)) : w));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom(...c.cleans) },
    { weight: 4, arbitrary: fc.array(word, { minLength: 1, maxLength: 2 }).map((ws) => ws.join(' ')) },
    { weight: 1, arbitrary: fc.constantFrom('Amélie', 'AMÉLIE', 'Zoë', 'qqzzxv', 'the qqzzxv', '!!', ' ') },
  );
}

/** A value the catalogue has (as stored or in another case) or one nobody has. */
function valueArb(c: Catalogue, facet: TitleFacet): fc.Arbitrary<string> {
  if (isFlagFacet(facet)) return fc.constantFrom(facet, facet.toUpperCase());
  const real = fc.constantFrom(...c.values.get(facet)!);
  return fc.oneof(
    { weight: 6, arbitrary: real },
    { weight: 2, arbitrary: recased(real) },
    { weight: 1, arbitrary: fc.constantFrom('Nobody Has This', 'Drama OR Comedy', '1', 'zz') },
  );
}

const recased = (values: fc.Arbitrary<string>) => fc.tuple(values, fc.constantFrom('upper', 'lower', 'swap')).map(([v, how]) => otherCase(v, how));

function otherCase(v: string, how: 'upper' | 'lower' | 'swap'): string {
  if (how === 'upper') return v.toUpperCase();
  if (how === 'lower') return v.toLowerCase();
  return [...v].map((ch) => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase())).join('');
}

/** A facet's values with letters beyond ASCII or with another spelling that differs in ASCII case. */
function trickyValues(c: Catalogue, facet: TitleFacet): string[] {
  const all = c.values.get(facet)!;
  const folded = all.map(foldAscii);
  return all.filter((v, i) => /[^\x00-\x7f]/.test(v) || folded.indexOf(folded[i]!) !== folded.lastIndexOf(folded[i]!));
}

/**
 * genre/format/certificate/purchase (sometimes `X OR Y`), or f=<facet>|<value> for any facet (its name in any
 * case). Values beyond ASCII or spelled several ways are a handful among 1,300 names, so they have their own
 * branch, as stored and in another case.
 */
function filterArb(c: Catalogue): fc.Arbitrary<Pair> {
  const shorthand = fc
    .constantFrom(...SHORTHANDS)
    .chain((p) => fc.array(valueArb(c, p), { minLength: 1, maxLength: 2 }).map((vs): Pair => [p, vs.join(' OR ')]));
  const f = (facet: TitleFacet, value: fc.Arbitrary<string>) =>
    fc.tuple(value, fc.boolean()).map(([v, upper]): Pair => ['f', `${upper ? facet.toUpperCase() : facet}|${v}`]);
  const any = fc.constantFrom(...TITLE_FACETS).chain((facet) => f(facet, valueArb(c, facet)));
  const withTricky = TITLE_FACETS.filter((facet) => trickyValues(c, facet).length > 0);
  if (withTricky.length === 0) return fc.oneof({ weight: 2, arbitrary: shorthand }, { weight: 3, arbitrary: any });
  const tricky = fc.constantFrom(...withTricky).chain((facet) => {
    const values = fc.constantFrom(...trickyValues(c, facet));
    return f(facet, fc.oneof(values, recased(values)));
  });
  return fc.oneof({ weight: 2, arbitrary: shorthand }, { weight: 3, arbitrary: any }, { weight: 2, arbitrary: tricky });
}

/** No refine, `all`, or some facets in any order (sometimes upper-case, sometimes with `all` among them). */
const refineArb: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant('all'),
  fc.tuple(fc.shuffledSubarray([...TITLE_FACETS], { minLength: 1 }), fc.boolean()).map(([fs, upper]) => (upper ? fs.join(',').toUpperCase() : fs.join(','))),
  fc.shuffledSubarray([...TITLE_FACETS], { minLength: 1, maxLength: 3 }).map((fs) => [...fs, 'all'].join(',')),
);
