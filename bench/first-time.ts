// The first-time section of `npm run bench` on the large catalogue (issue 17): what a client's test suite
// mostly asks, every question new to the simulator (every test a new term, every refine link followed
// once), so neither the answer cache nor any search cache has seen it. Each item is sent at an even 20
// requests/s over 4 connections (bench/paced.ts); `npm run bench -- first-time` runs this section alone.
import { en } from '@faker-js/faker';
import { Rng } from '../src/seeds/rng.js';
import { WORD_LISTS } from '../src/seeds/word-lists.js';
import type { Child } from './child.js';
import { type LoadResult, send, type Step } from './load.js';
import { drivePaced } from './paced.js';
import { TERMS, TWO_LEGGED, WORDS } from './scenarios.js';

/** Issue 17: slow enough to be moderate load, fast enough that a client's suite sends it. */
export const FIRST_TIME_RATE = 20;
export const FIRST_TIME_CONNECTIONS = 4;
/** Issue 17's target for first-time refine=all (with and without a term) and filtered searches. */
const P99_TARGET_MS = 20;
/** Fixed, so that every run asks the same questions in the same order and runs compare. */
const SHUFFLE_SEED = 17;

export interface FirstTimeRow {
  name: string;
  /** One of the requests, for the reader (the first one sent). */
  example: string;
  result: LoadResult;
  /** p99 must stay under this many ms; none: for information. */
  p99TargetMs?: number;
  /** What the item could not do as asked (a cap, a shortfall). */
  note?: string;
}

export interface FirstTimeOptions {
  seconds: number;
  log?: (line: string) => void;
}

/**
 * Runs the seven items one after the other against a running large simulator. Items are ordered so that
 * no item's untimed set-up read answers a question a later item times (the genre and format values are
 * read after the refine=all items, from other catalogue kinds).
 */
export async function firstTime(sim: Child, opts: FirstTimeOptions): Promise<FirstTimeRow[]> {
  const log = opts.log ?? (() => {});
  const perItem = Math.round(FIRST_TIME_RATE * opts.seconds);
  // One pool for every term item, so no term is asked twice in the run.
  const nextTerm = freshTerms();
  const rows: FirstTimeRow[] = [];
  const run = async (name: string, paths: string[], p99TargetMs?: number, note?: string) => {
    const step: Step = { method: 'GET', path: (cycle) => paths[cycle['index'] as number]!, signer: TWO_LEGGED, status: 200 };
    const result = await drivePaced(
      sim.url,
      step,
      { connections: FIRST_TIME_CONNECTIONS, seconds: paths.length / FIRST_TIME_RATE, rate: FIRST_TIME_RATE },
      sim.cpuMs,
    );
    const row: FirstTimeRow = { name, example: paths[0]!, result, ...(p99TargetMs === undefined ? {} : { p99TargetMs }), ...(note ? { note } : {}) };
    log(
      `first-time ${name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.cpuUs?.toFixed(0) ?? '?'} us CPU/req, ` +
        `${result.requests} requests at ${result.rps.toFixed(1)} req/s, ${result.bad} bad`,
    );
    rows.push(row);
  };
  const times = (make: (i: number) => string): string[] => Array.from({ length: perItem }, (_, i) => make(i));

  await run(
    'single-word term searches',
    times(() => `/catalog/title?term=${encodeURIComponent(nextTerm())}`),
  );
  // Five kinds without a term are only five distinct questions of counts: past the first five requests,
  // the paging makes each answer new, while a cache of counts per kind could still answer them.
  await run(
    'refine=all without a term (5 kinds, new paging)',
    times((i) => `/catalog/${KINDS[i % KINDS.length]}?refine=all&start_index=${2 + Math.floor(i / KINDS.length)}&items_per_page=${10 + (i % 11)}`),
    P99_TARGET_MS,
  );
  await run(
    'refine=all with a new term',
    times(() => `/catalog/title?term=${encodeURIComponent(nextTerm())}&refine=all`),
    P99_TARGET_MS,
  );
  const combos = await genreFormatPairs(sim.url);
  await run(
    `genre + format filters (${combos.length} pairs, then their next pages)`,
    times((i) => {
      const [genre, format] = combos[i % combos.length]!;
      const page = Math.floor(i / combos.length);
      return `/catalog/title?genre=${encodeURIComponent(genre)}&format=${encodeURIComponent(format)}&start_index=${1 + page * 20}`;
    }),
    P99_TARGET_MS,
  );
  const links = await refinementLinks(sim.url, `/catalog/title?refine=all&items_per_page=${LINKS_PAGE_SIZE}`);
  const followed = evenly(links, perItem);
  await run(
    'refinement links of one refine=all answer, each followed once',
    followed,
    undefined,
    followed.length < links.length ? `${followed.length} of the answer's ${links.length} links, spread evenly over its facets` : undefined,
  );
  const nextName = personTerms();
  await run(
    'person search with refine=role',
    times(() => `/catalog/person?term=${encodeURIComponent(nextName())}&refine=role`),
  );
  await run(
    'expand=all, 250 titles a page',
    times((i) => `/catalog/title?items_per_page=250&expand=all&start_index=${1 + (i % PAGES_OF_250) * 250 + Math.floor(i / PAGES_OF_250)}`),
  );
  return rows;
}

const KINDS = ['title', 'film', 'tv', 'games', 'video'] as const;
/** The refine=all answer whose links item 5 follows: a page size no other item asks, so its links are new. */
const LINKS_PAGE_SIZE = 17;
/** Pages of 250 in the large catalogue: distinct pages first (every title expanded for the first time). */
const PAGES_OF_250 = 400;

/**
 * Single words no other part of the run searches for: the words of the title vocabularies that the
 * moderate-rate search (WORDS) and the cached scenarios (TERMS) do not use, then prefixes of 3+ letters of
 * every title word; shuffled together with a fixed seed, so each term item gets the same mix of common and
 * rare terms (a 3-letter prefix matches thousands of titles, a whole rare word a few dozen). Past the
 * pool, pairs of its terms.
 */
function freshTerms(): () => string {
  const taken = new Set([...WORDS, ...TERMS]);
  const vocabulary = [
    WORD_LISTS.title_adjectives,
    WORD_LISTS.title_nouns,
    WORD_LISTS.title_places,
    WORD_LISTS.title_gerunds,
    WORD_LISTS.game_nouns,
    WORD_LISTS.title_subtitles,
    WORD_LISTS.tv_pattern_nouns,
    WORD_LISTS.sports,
    WORD_LISTS.adult_adjectives,
    WORD_LISTS.adult_nouns,
  ].flat();
  const words = new Set(vocabulary.flatMap((entry) => entry.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 3));
  const prefixes = [...words].flatMap((w) => Array.from({ length: Math.max(0, w.length - 3) }, (_, n) => w.slice(0, 3 + n)));
  const pool = new Rng(SHUFFLE_SEED, 0).shuffled([...new Set([...words, ...prefixes])].filter((t) => !taken.has(t)));
  return sequence(pool);
}

/** First names and last names of the people generator (faker's English lists), shuffled, each once. */
function personTerms(): () => string {
  const person = en.person;
  const names = [...(person?.first_name?.female ?? []), ...(person?.first_name?.male ?? []), ...(person?.last_name?.generic ?? [])];
  const words = [...new Set(names.map((n) => n.toLowerCase()).filter((n) => /^[a-z]{3,}$/.test(n)))];
  return sequence(new Rng(SHUFFLE_SEED, 1).shuffled(words));
}

/** The pool's entries once each, then pairs of them (never asked as pairs elsewhere). */
function sequence(pool: readonly string[]): () => string {
  if (pool.length === 0) throw new Error('first-time bench: empty term pool');
  let i = 0;
  return () => {
    const n = i++;
    if (n < pool.length) return pool[n]!;
    const k = n - pool.length;
    return `${pool[Math.floor(k / pool.length) % pool.length]!} ${pool[k % pool.length]!}`;
  };
}

/**
 * Real genre and format pairs: video genres with video formats and game genres with game formats, read
 * from /catalog/video and /catalog/games (untimed). The cross product of /catalog/title's genres and
 * formats would be mostly empty pairs ("Drama" on "Xbox 360"), which a client rarely asks and which cost
 * the simulator little.
 */
async function genreFormatPairs(url: string): Promise<Array<[string, string]>> {
  const pairs: Array<[string, string]> = [];
  for (const kind of ['video', 'games']) {
    const values = facetValues(await sendOk(url, `/catalog/${kind}?refine=genre,format`));
    for (const genre of values.get('genre') ?? []) for (const format of values.get('format') ?? []) pairs.push([genre, format]);
  }
  if (pairs.length === 0) throw new Error('first-time bench: no genre and format values');
  // Interleaved, so a short run still asks both kinds.
  return new Rng(SHUFFLE_SEED, 2).shuffled(pairs);
}

/** Path and query of every refinement link (facet and value) of one answer, in the answer's order. */
async function refinementLinks(url: string, path: string): Promise<string[]> {
  const body = await sendOk(url, path);
  const hrefs = [...body.matchAll(/<link href="([^"]*)" rel="[^"]*\/refinement(?:_value)?"/g)].map((m) => {
    const u = new URL(unescapeXml(m[1]!));
    return u.pathname + u.search;
  });
  if (hrefs.length === 0) throw new Error(`first-time bench: ${path} has no refinement links`);
  return hrefs;
}

/** Facet name to its values, from the `f=<facet>|<value>` of each value link's href (src/xml/search.ts). */
function facetValues(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of body.matchAll(/<link href="([^"]*)" rel="[^"]*\/refinement_value"/g)) {
    const f = new URL(unescapeXml(m[1]!)).searchParams.getAll('f').at(-1) ?? '';
    const bar = f.indexOf('|');
    out.set(f.slice(0, bar), [...(out.get(f.slice(0, bar)) ?? []), f.slice(bar + 1)]);
  }
  return out;
}

/** `count` entries spread evenly over `items` (all of them when they fit), so every facet is represented. */
function evenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, j) => items[Math.floor((j * items.length) / count)]!);
}

async function sendOk(url: string, path: string): Promise<string> {
  const p = await send(url, { method: 'GET', path: () => path, signer: TWO_LEGGED, status: 200 }, {});
  if (p.status !== 200) throw new Error(`first-time bench: ${path} answered ${p.status}: ${p.body.slice(0, 300)}`);
  return p.body;
}

function unescapeXml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);
}
