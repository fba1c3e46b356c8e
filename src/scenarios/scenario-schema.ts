import { z } from 'zod';
import { MAX_ID } from '../domain/ids.js';
import { inRange, parseIsoInstant } from '../domain/iso-instant.js';

// The scenario file format (YAML or JSON). Every field is documented in README.md#scenarios.
// Titles are referred to by catalogue id: curated titles have fixed ids (seeds/curated.yaml) and generated
// ones are stable for a given seed.

// Dates are checked against the calendar too: `2026-13-01` or `2026-02-30` is refused, not read as another day.
const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected YYYY-MM-DDTHH:MM:SSZ')
  .refine((s) => parseIsoInstant(s) !== undefined, 'expected YYYY-MM-DDTHH:MM:SSZ, a day and time that exist');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => parseIsoInstant(`${s}T00:00:00Z`) !== undefined, 'expected YYYY-MM-DD, a day that exists');

/**
 * The instants a scenario's clock may start at (README: Scenarios). A scenario's data is dated from its
 * clock: the generated catalogue's release dates reach back about a century before it, ratings and reviews
 * are stamped before it, and token lifetimes, rentals and a clock moved on later run past it. All of them
 * must stay four-digit years the API can write (CLOCK_RANGE in src/domain/sim-clock.ts), so the range
 * leaves room on both sides; a clock outside it is a 400 at upload, not a failure when the data is built.
 */
export const SCENARIO_CLOCK_RANGE = { first: Date.UTC(1970, 0, 1), last: Date.UTC(9000, 11, 31, 23, 59, 59) } as const;
const scenarioClock = isoDateTime.refine((s) => {
  const ms = parseIsoInstant(s);
  return ms === undefined || inRange(ms, SCENARIO_CLOCK_RANGE); // an instant that does not exist has its own message
}, 'expected an instant from 1970-01-01T00:00:00Z to 9000-12-31T23:59:59Z');
const guid = z
  .string()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/, 'expected an upper-case hex GUID like 9D48675C-096F-11DC-BF5A-88D01745CE5C');
const titleId = z.number().int().positive();
const priority = z.number().int().min(1).max(3);
const rating = z.number().min(0).max(5);
/**
 * Row ids and orders are optional everywhere: hand-written files leave them out and rows are numbered in
 * file order. An exported sandbox (GET /__admin/export) writes them, so it loads back with the same ids.
 */
const rowId = z.number().int().positive().max(MAX_ID).optional();
const order = z.number().int().positive().optional();
/** When a row was made and last changed; a file may leave them out (seeding dates them). */
const dated = { created: isoDateTime.optional(), updated: isoDateTime.optional() } as const;
/** A list a file may leave out: empty. */
const list = <T extends z.ZodType>(item: T) => z.array(item).default([]);

const accessToken = z.strictObject({
  token: z.string().min(1),
  secret: z.string().min(1),
  /** The consumer the token was issued to; when absent it works with every consumer of the scenario. */
  consumer: z.string().optional(),
});

const queueSpec = z.strictObject({
  id: rowId,
  name: z.string().min(1),
  allocation: z.number().int().min(0).default(1),
  default: z.boolean().default(false),
  items: list(
    z.strictObject({
      title: titleId,
      priority: priority.default(2),
      shipped_in_order: z.boolean().optional(),
      /** For a multi-disc title: the discs still queued; default every disc. */
      discs: z.array(titleId).optional(),
      order,
    }),
  ),
});

const listSpec = z.strictObject({
  id: rowId,
  name: z.string().min(1),
  description: z.string().default(''),
  public: z.boolean().default(true),
  anonymous: z.boolean().default(false),
  ...dated,
  items: list(
    z.strictObject({
      title: titleId,
      comment: z.string().default(''),
      ...dated,
      order,
    }),
  ),
});

const userSpec = z.strictObject({
  guid,
  login: z.string().min(1),
  password: z.string().min(1),
  first_name: z.string(),
  last_name: z.string(),
  nickname: z.string().optional(),
  location: z.string().default(''),
  plan: z.enum(['dvd', 'dvd-bluray', 'dvd-bluray-games']).default('dvd-bluray-games'),
  access_tokens: list(accessToken),
  ratings: list(z.strictObject({ title: titleId, rating, updated: isoDateTime.optional(), order })),
  reviews: list(
    z.strictObject({
      id: rowId,
      title: titleId,
      title_text: z.string(),
      text: z.string(),
      rating,
      helpful: z.number().int().min(0).default(0),
      unhelpful: z.number().int().min(0).default(0),
      spoilers: z.boolean().default(false),
      created: isoDateTime.optional(),
    }),
  ),
  /** Sub-queues; a user with none gets one default sub-queue named "Default". */
  queues: list(queueSpec),
  rentals: list(z.strictObject({ id: rowId, title: titleId, shipped: isoDate, returned: isoDate.optional(), priority: priority.default(2) })),
  lists: list(listSpec),
});

export const scenarioSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
    // POST /__admin/scenarios/reload re-reads the folders: a scenario of that name could not be switched to.
    .refine((name) => name !== 'reload', 'reload is reserved (POST /__admin/scenarios/reload); choose another name'),
  description: z.string(),
  catalog: z
    .strictObject({
      /** Seed of the deterministic generator: same seed, same catalogue. */
      seed: z.number().int().default(1),
      /** Generated titles besides the curated ones. */
      titles: z.number().int().min(0).max(500_000).default(2000),
      /** Generated people. */
      people: z.number().int().min(0).max(500_000).default(1500),
      /** Include the curated titles of seeds/curated.yaml (QA relies on them). */
      curated: z.boolean().default(true),
    })
    .prefault({}),
  settings: z
    .strictObject({
      /** Most titles one user may hold in their queues (docs/reference/queues-and-lists.md#why-a-title-ref-fails). */
      queue_cap: z.number().int().min(1).default(500),
      /** Request token lifetime in seconds on the simulator clock. */
      request_token_ttl_seconds: z.number().int().min(1).default(600),
      /** Wrong verifiers a request token survives before it is killed. */
      max_verifier_attempts: z.number().int().min(1).default(3),
      /** The instant the simulator clock starts frozen at; absent = real time. */
      clock: scenarioClock.optional(),
    })
    .prefault({}),
  consumers: list(
    z.strictObject({
      key: z.string().min(1),
      secret: z.string().min(1),
      name: z.string().default(''),
      check_nonce: z.boolean().default(true),
    }),
  ),
  users: list(userSpec),
  /** Per-title business facts: wait estimates and titles that always fail to add. */
  stock: list(
    z.strictObject({
      title: titleId,
      estimated_wait: z.enum(['normal', 'short', 'long']).optional(),
      fail_add: z.boolean().default(false),
    }),
  ),
  /** Next-id counters of a sandbox (export writes them), so new rows get the ids they would have had. */
  sequences: z.record(z.string(), z.number().int().min(0).max(MAX_ID)).default({}),
});

export type Scenario = z.output<typeof scenarioSchema>;
