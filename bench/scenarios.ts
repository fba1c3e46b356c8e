import { WORD_LISTS } from '../src/seeds/word-lists.js';
import type { Cycle, Step } from './load.js';
import type { Signer } from './sign.js';

/** The default and large scenarios' well-known credentials (README: test credentials). */
const CONSUMER = { key: 'test-consumer-key', secret: 'test-consumer-secret' };
export const ALICE_GUID = '9D48675C-096F-11DC-BF5A-88D01745CE5C';
const ALICE: Signer = { consumer: CONSUMER, token: { key: 'alice-access-token', secret: 'alice-access-secret' } };
export const TWO_LEGGED: Signer = { consumer: CONSUMER };

/** Words in at least 20 titles of both catalogues; searches rotate over them. */
export const TERMS = ['return', 'reckoning', 'uprising', 'night', 'valley', 'moon', 'frontier', 'final'];

export interface LoadScenario {
  name: string;
  /**
   * What the ratio is held to (issue 8): search and queue GET >= 0.5; signed writes >= 0.25 (issue 15); new
   * (uncached) searches >= 0.25 (issue 17); none: for information.
   */
  target?: number;
  steps: Step[];
  /** Called at the start of each cycle (autocannon context). */
  begin?: (cycle: Cycle) => void;
}

let termIndex = 0;
const nextTerm = () => TERMS[termIndex++ % TERMS.length]!;

/**
 * Searches no earlier request made (term, page and page size vary), so neither the answer cache nor the
 * search's own caches have them: what a search costs the first time. Every term has 1,000+ matches in the
 * large catalogue and 20+ in the default one (where pages past the end answer an empty page quickly).
 * Each catalogue's run starts the sequence again: carried over from the default catalogue's run, it began
 * wherever that run's request count left it, so the large catalogue's pages (full or past the end), and the
 * probes that size the bare server's body, differed from run to run.
 */
function freshSearches(): () => string {
  let next = 0;
  return () => {
    const i = next++;
    const page = Math.floor(i / TERMS.length) % 50;
    const size = 20 + (Math.floor(i / (TERMS.length * 50)) % 30);
    return `/catalog/title?term=${TERMS[i % TERMS.length]}&start_index=${1 + page * size}&items_per_page=${size}`;
  };
}

// The words generated titles are made of (seeds/word-lists.yaml, through src/seeds/word-lists.ts): each alone, then pairs. The first-time
// section (bench/first-time.ts) leaves them to this search and asks other words and prefixes.
export const WORDS = [
  ...new Set(
    [...WORD_LISTS.title_adjectives, ...WORD_LISTS.title_nouns, ...WORD_LISTS.title_places, ...WORD_LISTS.title_gerunds, ...WORD_LISTS.game_nouns].map((w) =>
      w.toLowerCase(),
    ),
  ),
];
let termSearchIndex = 0;
/** A first search for a term no earlier request used: one title word, then two (a few hundred singles, then thousands of pairs). */
function newTermSearch(): string {
  const i = termSearchIndex++;
  const n = WORDS.length;
  const term = i < n ? WORDS[i]! : `${WORDS[Math.floor(i / n) % n]!} ${WORDS[i % n]!}`;
  return `/catalog/title?term=${encodeURIComponent(term)}`;
}

/** The five load scenarios; `queueTitles` are titles that can be added to alice's queue and removed again. */
export function loadScenarios(queueTitles: number[]): LoadScenario[] {
  let next = 0;
  return [
    {
      name: 'search (term, 20 titles)',
      target: 0.5,
      steps: [{ method: 'GET', path: () => `/catalog/title?term=${nextTerm()}`, signer: TWO_LEGGED, status: 200 }],
    },
    {
      // The issue 25 measure: one cached search of the commonest word, the same answer every time.
      name: 'search term=the (cached)',
      steps: [{ method: 'GET', path: () => '/catalog/title?term=the', signer: TWO_LEGGED, status: 200 }],
    },
    {
      // The same cached search answered as JSON (docs/reference/json.md): its own entry in the answer cache.
      name: 'search (term, 20 titles), JSON',
      target: 0.5,
      steps: [{ method: 'GET', path: () => `/catalog/title?term=${nextTerm()}`, signer: TWO_LEGGED, status: 200, accept: 'application/json' }],
    },
    {
      name: 'search, each one new (no cache)',
      target: 0.25,
      steps: [{ method: 'GET', path: freshSearches(), signer: TWO_LEGGED, status: 200 }],
    },
    {
      name: 'search expand=all',
      target: 0.5,
      steps: [{ method: 'GET', path: () => `/catalog/title?term=${nextTerm()}&expand=all`, signer: TWO_LEGGED, status: 200 }],
    },
    {
      name: 'user ratings page',
      target: 0.5,
      steps: [{ method: 'GET', path: () => `/users/${ALICE_GUID}/ratings/title?start_index=1&items_per_page=20`, signer: ALICE, status: 200 }],
    },
    {
      name: 'queue GET',
      target: 0.5,
      steps: [{ method: 'GET', path: () => `/users/${ALICE_GUID}/queues/every`, signer: ALICE, status: 200 }],
    },
    {
      name: 'queue add + delete',
      target: 0.25,
      // A title per cycle from a pool much larger than the connection count, so no title is in two cycles at once.
      begin: (cycle) => {
        cycle['title'] = queueTitles[next++ % queueTitles.length];
      },
      steps: [
        {
          method: 'POST',
          path: () => `/users/${ALICE_GUID}/queues/every`,
          form: (cycle) => `title_refs=${encodeURIComponent(`http://rentalsim.test/catalog/title/${cycle['title']}`)}`,
          signer: ALICE,
          status: 201,
        },
        { method: 'DELETE', path: (cycle) => `/users/${ALICE_GUID}/queues/item/${cycle['title']}`, signer: ALICE, status: 200 },
      ],
    },
  ];
}

/** Moderate load for the latency target on the large catalogue: a fixed request rate, well below saturation. */
export function moderateSearch(): LoadScenario {
  return {
    name: 'first searches for new terms at a moderate rate',
    steps: [{ method: 'GET', path: newTermSearch, signer: TWO_LEGGED, status: 200 }],
  };
}

/** A signed read used for start-up and reset timings. */
export const FIRST_ANSWER: Step = { method: 'GET', path: () => `/catalog/title?term=${TERMS[0]}`, signer: TWO_LEGGED, status: 200 };
export const ALICE_READ: Step = { method: 'GET', path: () => `/users/${ALICE_GUID}/queues`, signer: ALICE, status: 200 };
