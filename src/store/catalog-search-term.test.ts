import Database from 'better-sqlite3';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTitleSearch, TITLE_SEARCH_KINDS } from '../domain/search-request.js';
import { foldAscii, likePrefix } from '../domain/search-term.js';
import { isoDate } from '../domain/sim-clock.js';
import { matchTier, TitleSearchOracle } from '../../test/support/title-search-oracle.js';
import { freezeClock, testWorld, type TestWorld } from '../../test/support/world.js';
import { catalogSearchOf, type CatalogSearch } from './catalog-search.js';
import { kindMask, TitleRanks } from './catalog-search-ranks.js';
import { BoundedIds, intersection, orderByMarks, orderBySort } from './catalog-search-term.js';
import { MAX_KEPT_KEY } from './catalog-store.js';

// A term search is ordered in JavaScript (catalog-search-term.ts); the same search in SQL
// (test/support/title-search-oracle.ts) is the oracle here: same ids, same total, for every page.

let tw: TestWorld;
let search: CatalogSearch;
let sql: TitleSearchOracle;
let today: string;
beforeAll(() => {
  tw = testWorld('default');
  freezeClock(tw.world); // one today for the search and its oracle
  search = catalogSearchOf(tw.world.scenario.catalog);
  sql = new TitleSearchOracle(tw.world.scenario.catalog.db);
  today = isoDate(tw.world.clock.now());
});

const params = (term: string) => ({ get: (n: string) => (n === 'term' ? term : undefined), getAll: () => [] });
const PAGES = [
  [1, 20],
  [1, 250],
  [2, 3],
  [21, 20],
  [40, 7],
  [5000, 20],
] as const;

function expectSameAsSql(term: string, kind: string): void {
  const s = parseTitleSearch(kind, params(term));
  for (const [startIndex, itemsPerPage] of PAGES) {
    const page = { startIndex, itemsPerPage };
    expect(search.titles(s, page, today), `${kind} ${JSON.stringify(term)} from ${startIndex}`).toEqual(sql.titles(s, page, today));
  }
}

describe('term search ordered in JavaScript', () => {
  it.each([
    ['a common short word', 'the'],
    ['one letter', 'a'],
    ['an exact title first', 'alien'],
    ['upper case', 'ALIEN'],
    ['a plural', 'fireflies'],
    ['two words', 'fireflies garden'],
    ['one title', 'zzyzx'],
    ['no title', 'qqqqqq'],
    ['LIKE wildcards are text', 'a%'],
    ['an underscore', 'x_y'],
    ['a backslash', 'the\\'],
    ['spaces inside', 'the   night'],
    ['digits', '2'],
    ['punctuation after a word', 'alien!'],
    ['not ASCII', 'Amélie'],
  ])('%s (%j) gives every page the SQL search gives, for every kind', (_rule, term) => {
    for (const kind of TITLE_SEARCH_KINDS.keys()) expectSameAsSql(term, kind);
  });

  it('clean titles of the catalogue, whole and cut, in any case, give what the SQL search gives', () => {
    const cleans = tw.world.scenario.catalog.db.prepare('SELECT clean_title FROM titles WHERE id % 97 = 1').pluck().all() as string[];
    expect(cleans.length).toBeGreaterThan(10);
    for (const clean of cleans) {
      for (const term of [clean, clean.toUpperCase(), clean.slice(0, 6), clean.split(' ')[0]!]) expectSameAsSql(term, 'title');
    }
  });

  it('words searched one by one first (then intersected) give what the SQL search gives', () => {
    const words = ['the', 'dark', 'night', 'fireflies', 'garden', 'alien', 'of', 'a'];
    for (const w of words) expectSameAsSql(w, 'title');
    for (const a of words) for (const b of words) expectSameAsSql(`${a} ${b}`, 'title');
    expectSameAsSql('the dark night of the garden', 'video');
  });

  it('any mix of catalogue words, cases and pages gives what the SQL search gives (property)', () => {
    const words = ['the', 'a', 'night', 'dark', 'fire', 'firefly', 'alien', 'lost', 'city', 'of', 'x', 'Zz', 'war', 'star', 's'];
    const term = fc
      .array(fc.tuple(fc.constantFrom(...words), fc.boolean(), fc.constantFrom(' ', '  ', '-', ': ')), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([w, upper, sep], i) => (i > 0 ? sep : '') + (upper ? w.toUpperCase() : w)).join(''));
    fc.assert(
      fc.property(
        term,
        fc.constantFrom(...TITLE_SEARCH_KINDS.keys()),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 60 }),
        (t, kind, startIndex, itemsPerPage) => {
          const s = parseTitleSearch(kind, params(t));
          const page = { startIndex, itemsPerPage };
          expect(search.titles(s, page, today)).toEqual(sql.titles(s, page, today));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('texts SQLite compares differently', () => {
  it('a NUL in the text is a character like any other: no title starts with "alien<NUL>al", so matches come by rating', () => {
    const nul = parseTitleSearch('title', params('alien\u0000al'));
    const control = parseTitleSearch('title', params('alien\u0001al'));
    const page = { startIndex: 1, itemsPerPage: 250 };
    expect(sql.titles(control, page, today).total).toBeGreaterThan(1);
    expect(search.titles(nul, page, today)).toEqual(sql.titles(control, page, today));
  });

  it('a text longer than SQLite takes as a LIKE pattern is answered, by the same rule', () => {
    const long = parseTitleSearch('title', params(`the${' '.repeat(60_000)}night`));
    const short = parseTitleSearch('title', params(`the${' '.repeat(900)}night`));
    const page = { startIndex: 1, itemsPerPage: 250 };
    expect(sql.titles(short, page, today).total).toBeGreaterThan(0);
    expect(search.titles(long, page, today)).toEqual(sql.titles(short, page, today));
  });
});

describe('search caches keyed by what a request sends', () => {
  type Kept = { entries: Map<string, unknown> };
  const withParams = (pairs: Record<string, string>) => ({ get: (n: string) => pairs[n], getAll: () => [] });

  it(`keep no key longer than ${MAX_KEPT_KEY} characters: distinct long terms are answered alike and push no ordinary search out`, () => {
    const caches = search as unknown as { orders: Kept; results: Kept; words: Kept; counted: Map<string, unknown> };
    const genre = tw.world.scenario.catalog.db.prepare("SELECT value FROM title_facets WHERE facet = 'genre' LIMIT 1").pluck().get() as string;
    const page = { startIndex: 1, itemsPerPage: 20 };
    const ordinary = parseTitleSearch('title', withParams({ term: 'night', genre, refine: 'genre,format' }));
    const answer = [search.titles(ordinary, page, today), search.titleRefinements(ordinary, today)];
    const kept = [...caches.orders.entries.values()].at(-1);
    const filtered = [...caches.results.entries.values()].at(-1);
    // More distinct long terms than any of the caches holds entries (at most 5,000), each a term a body of 64 KiB may carry.
    for (let i = 0; i < 5_500; i++) {
      const long = parseTitleSearch('title', withParams({ term: `night ${'z'.repeat(MAX_KEPT_KEY)}${i}`, genre, refine: 'genre,format' }));
      expect(search.titles(long, page, today)).toEqual({ ids: [], total: 0 });
      expect(search.titleRefinements(long, today)).toEqual([
        { facet: 'genre', values: [] },
        { facet: 'format', values: [] },
      ]);
    }
    const keys = [caches.orders, caches.results, caches.words].flatMap((c) => [...c.entries.keys()]).concat([...caches.counted.keys()]);
    expect(keys.filter((k) => k.length > MAX_KEPT_KEY)).toEqual([]);
    expect([...caches.orders.entries.values()]).toContain(kept);
    expect([...caches.results.entries.values()]).toContain(filtered);
    expect([search.titles(ordinary, page, today), search.titleRefinements(ordinary, today)]).toEqual(answer);
  });
});

describe('matchTier is the SQL search ORDER BY', () => {
  const db = new Database(':memory:');
  const sqlLower = db.prepare<[string], string>('SELECT lower(?)').pluck();
  const sqlTier = db
    .prepare<[string, string, string, string], number>(`SELECT CASE WHEN ? = ? COLLATE NOCASE THEN 0 WHEN ? LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END`)
    .pluck();
  it.each([
    ['Alien', 'alien'],
    ['Aliens', 'alien'],
    ['The Alien', 'alien'],
    ['ALIEN', 'aLiEn'],
    ['Alien', 'aliens'],
    ['Alien', 'alien '],
    ['Amélie', 'am'],
    ['AMÉLIE', 'amé'],
    ['Émile', 'é'],
    ['100% Love', '100%'],
    ['100x Love', '100%'],
    ['a_b', 'a_'],
    ['axb', 'a_'],
    ['C:\\dir', 'c:\\'],
    ['Ünter', 'ü'],
    ['İstanbul', 'i'],
    ['Kelvin', 'k'],
    ['', 'a'],
    ['Straße', 'strasse'],
  ])('%j for the text %j', (title, text) => {
    const expected = sqlTier.get(title, text, title, likePrefix(text));
    expect(matchTier(sqlLower.get(title)!, foldAscii(text))).toBe(expected);
    // TitleRanks folds titles with SQLite's lower(): A-Z only, the same as foldAscii.
    expect(sqlLower.get(title)).toBe(foldAscii(title));
  });

  it.each([
    ['the same title is tier 0', 'alien', 'alien', 0],
    ['a title starting with the text is tier 1', 'aliens', 'alien', 1],
    ['any other match is tier 2', 'the alien', 'alien', 2],
    ['a text longer than the title is tier 2', 'alien', 'aliens', 2],
  ] as const)('%s', (_rule, title, text, tier) => {
    expect(matchTier(title, text)).toBe(tier);
  });

  it('a NUL is a character of the text like any other, where SQLite ends a LIKE pattern at it', () => {
    expect(sqlTier.get('x', 'x\u0000y', 'x', likePrefix('x\u0000y'))).toBe(1);
    expect(matchTier('x', foldAscii('x\u0000y'))).toBe(2);
  });
});

describe('ordering matches by tier, then rank', () => {
  it('sorting keys and marking ranks both give the order of (tier, rank), for any ids, text and kinds (property)', () => {
    const ranks = new TitleRanks(tw.world.scenario.catalog.db);
    const maxId = Math.max(...ranks.idAt);
    // Ids past the catalogue and discs (no rank) are left out; texts cover every tier and a one-letter head.
    const ids = fc.uniqueArray(fc.integer({ min: 0, max: maxId + 5 }), { maxLength: 400 }).map((xs) => Int32Array.from(xs.sort((a, b) => a - b)));
    const texts = ['the', 'a', 'alien', 'x', 'the alien', 'dark night', '2', '%'];
    fc.assert(
      fc.property(ids, fc.constantFrom(...texts), fc.integer({ min: 0, max: 7 }), (matches, text, mask) => {
        const expected = [...matches]
          .map((id) => ranks.rankIf(id, mask))
          .filter((rank) => rank >= 0)
          .map((rank) => ({ rank, tier: matchTier(ranks.foldedTitle(rank), text) }))
          .sort((a, b) => a.tier - b.tier || a.rank - b.rank)
          .map(({ rank }) => ranks.idAt[rank]);
        expect([...orderBySort(matches, ranks, text, mask)]).toEqual(expected);
        expect([...orderByMarks(matches, ranks, text, mask)]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('kindMask', () => {
  it.each([
    ['every kind is no condition', ['film', 'tv', 'game'], 0],
    ['one kind is its bit', ['tv'], 2],
    ['video is film and tv', ['film', 'tv'], 3],
  ] as const)('%s', (_rule, kinds, mask) => {
    expect(kindMask(kinds)).toBe(mask);
  });
});

describe('intersection', () => {
  const ids = (...xs: number[]) => Int32Array.from(xs);
  it.each([
    ['one list is itself', [ids(1, 5, 9)], [1, 5, 9]],
    ['ids in every list', [ids(1, 3, 5, 7, 9), ids(3, 4, 5, 9), ids(0, 5, 9, 12)], [5, 9]],
    ['no common id gives nothing', [ids(1, 2), ids(3, 4)], []],
    ['an empty list gives nothing', [ids(1, 2), ids()], []],
    ['the same list twice (a word repeated) is itself', [ids(2, 4), ids(2, 4)], [2, 4]],
    ['no lists give nothing', [], []],
  ])('%s', (_rule, lists, expected) => {
    expect([...intersection(lists)]).toEqual(expected);
  });

  it('is the ids every list has (property)', () => {
    const list = fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 60 }).map((xs) => Int32Array.from(xs.sort((a, b) => a - b)));
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 4 }), (lists) => {
        const expected = [...lists[0]!].filter((v) => lists.every((l) => l.includes(v)));
        expect([...intersection(lists)]).toEqual(expected);
      }),
    );
  });
});

describe('BoundedIds', () => {
  const ids = (n: number) => new Int32Array(n);
  it('drops the least recently used list past the entry bound', () => {
    const b = new BoundedIds(2, 100);
    b.set('a', ids(1));
    b.set('b', ids(1));
    b.get('a');
    b.set('c', ids(1));
    expect([b.get('a') !== undefined, b.get('b') !== undefined, b.get('c') !== undefined]).toEqual([true, false, true]);
  });

  it('drops the oldest lists past the id bound, but keeps a new list larger than the bound alone', () => {
    const b = new BoundedIds(10, 5);
    b.set('a', ids(3));
    b.set('b', ids(2));
    b.set('c', ids(2));
    expect([b.get('a'), b.get('b')?.length, b.get('c')?.length]).toEqual([undefined, 2, 2]);
    b.set('huge', ids(9));
    expect([b.get('b'), b.get('c'), b.get('huge')?.length]).toEqual([undefined, undefined, 9]);
  });

  it(`keeps no list under a key longer than ${MAX_KEPT_KEY} characters, so long keys push no list out`, () => {
    const b = new BoundedIds(2, 100);
    b.set('a', ids(1));
    for (let i = 0; i < 5; i++) expect(b.set(`${i}${'x'.repeat(MAX_KEPT_KEY)}`, ids(i)).length).toBe(i);
    b.set('x'.repeat(MAX_KEPT_KEY), ids(2));
    expect([b.get('a')?.length, b.get(`0${'x'.repeat(MAX_KEPT_KEY)}`), b.get('x'.repeat(MAX_KEPT_KEY))?.length]).toEqual([1, undefined, 2]);
  });

  it('setting a key again replaces its list and its count', () => {
    const b = new BoundedIds(10, 4);
    b.set('a', ids(3));
    b.set('a', ids(3));
    b.set('b', ids(1));
    expect([b.get('a')?.length, b.get('b')?.length]).toEqual([3, 1]);
  });
});
