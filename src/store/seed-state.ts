import { isoDateTime } from '../domain/sim-clock.js';
import type { Db } from './catalog-db.js';
import { Sequences } from './sequences.js';

/**
 * What the seeder reads of a scenario: the file format (src/scenarios/scenario-schema.ts, `Scenario`) after
 * validation and defaults, as far as it makes state. Declared here rather than imported so the store never
 * names the layer above it; the compiler holds the format to it where the world passes a scenario in.
 */
export interface SeedScenario {
  users: ReadonlyArray<{
    guid: string;
    login: string;
    password: string;
    first_name: string;
    last_name: string;
    nickname?: string | undefined;
    location: string;
    plan: string;
    access_tokens: ReadonlyArray<{ token: string; secret: string; consumer?: string | undefined }>;
    ratings: ReadonlyArray<{ title: number; rating: number; updated?: string | undefined } & Ordered>;
    reviews: ReadonlyArray<
      { title: number; title_text: string; text: string; helpful: number; unhelpful: number; spoilers: boolean; rating: number } & Dated & Numbered
    >;
    queues: ReadonlyArray<{ name: string; allocation: number; default: boolean; items: ReadonlyArray<SeedQueueItem> } & Numbered>;
    rentals: ReadonlyArray<{ title: number; priority: number; shipped: string; returned?: string | undefined } & Numbered>;
    lists: ReadonlyArray<
      {
        name: string;
        description: string;
        public: boolean;
        anonymous: boolean;
        items: ReadonlyArray<{ title: number; comment: string } & Dated & Ordered>;
      } & Dated &
        Numbered
    >;
  }>;
  stock: ReadonlyArray<{ title: number; estimated_wait?: string | undefined; fail_add: boolean }>;
  sequences: Readonly<Record<string, number>>;
}
type SeedQueueItem = { title: number; priority: number; shipped_in_order?: boolean | undefined; discs?: number[] | undefined } & Ordered;
type Numbered = { id?: number | undefined };
type Ordered = { order?: number | undefined };
type Dated = { created?: string | undefined; updated?: string | undefined };

/** Lookups the seeder needs from the catalogue: which ids a multi-disc title has. */
export interface SeedCatalog {
  discIdsOf(titleId: number): number[];
}

/**
 * Writes a validated scenario's users and their state into an empty state database: the template every
 * sandbox is copied from. `loadedAt` stands in for any date the scenario leaves out, so the template is
 * the same on every copy.
 */
export function seedState(db: Db, scenario: SeedScenario, catalog: SeedCatalog, loadedAt: number): void {
  const seq = new Sequences(db);
  const stamp = (offsetMinutes: number) => isoDateTime(loadedAt - offsetMinutes * 60_000);
  const ins = {
    user: db.prepare('INSERT INTO users (guid, login, password, first_name, last_name, nickname, location, plan) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    token: db.prepare(`INSERT INTO tokens (token, secret, type, consumer_key, user_guid, state, created_at) VALUES (?, ?, 'access', ?, ?, 'active', ?)`),
    rating: db.prepare('INSERT INTO ratings (user_guid, title_id, rating, updated, seq) VALUES (?, ?, ?, ?, ?)'),
    review: db.prepare(
      'INSERT INTO reviews (id, user_guid, title_id, created, review_title, review_text, helpful, unhelpful, spoilers, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    queue: db.prepare('INSERT INTO queues (id, user_guid, name, allocation, is_default, position) VALUES (?, ?, ?, ?, ?, ?)'),
    item: db.prepare('INSERT INTO queue_items (user_guid, title_id, queue_id, priority, seq, shipped_in_order) VALUES (?, ?, ?, ?, ?, ?)'),
    disc: db.prepare('INSERT INTO queue_discs (user_guid, disc_id, title_id, position) VALUES (?, ?, ?, ?)'),
    rental: db.prepare('INSERT INTO rentals (id, user_guid, title_id, priority, shipped, returned) VALUES (?, ?, ?, ?, ?, ?)'),
    list: db.prepare(
      'INSERT INTO lists (id, user_guid, name, description, author, anonymous, location, is_public, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    entry: db.prepare('INSERT INTO list_entries (list_id, title_id, comment, created, updated, seq) VALUES (?, ?, ?, ?, ?, ?)'),
    stock: db.prepare('INSERT INTO stock (title_id, estimated_wait, fail_add) VALUES (?, ?, ?)'),
  };

  const setSequence = db.prepare('INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)');
  db.transaction(() => {
    // Rows an exported file numbers itself: rows it leaves unnumbered are numbered above them.
    for (const [name, start, ids] of explicitIds(scenario)) if (ids.length > 0) setSequence.run(name, Math.max(start - 1, ...ids));
    for (const u of scenario.users) {
      const nickname = u.nickname ?? u.first_name;
      ins.user.run(u.guid, u.login, u.password, u.first_name, u.last_name, nickname, u.location, u.plan);
      // A pre-issued token without a consumer works with any consumer (consumer_key NULL).
      for (const t of u.access_tokens) ins.token.run(t.token, t.secret, t.consumer ?? null, u.guid, loadedAt);
      u.ratings.forEach((r, i) => ins.rating.run(u.guid, r.title, r.rating, r.updated ?? stamp(i * 60 + 60), r.order ?? seq.next('rating')));
      u.reviews.forEach((r, i) =>
        ins.review.run(
          r.id ?? seq.next('review', 900_001),
          u.guid,
          r.title,
          r.created ?? stamp(i * 1440 + 30),
          r.title_text,
          r.text,
          r.helpful,
          r.unhelpful,
          r.spoilers ? 1 : 0,
          r.rating,
        ),
      );
      const queues = u.queues.length > 0 ? u.queues : [{ id: undefined, name: 'Default', allocation: 1, default: true, items: [] }];
      const defaultIndex = Math.max(
        0,
        queues.findIndex((q) => q.default),
      );
      queues.forEach((q, position) => {
        const queueId = q.id ?? seq.next('queue', 1001);
        ins.queue.run(queueId, u.guid, q.name, q.allocation, position === defaultIndex ? 1 : 0, position);
        for (const item of q.items) {
          const allDiscs = catalog.discIdsOf(item.title);
          const discs = item.discs ?? allDiscs;
          ins.item.run(
            u.guid,
            item.title,
            queueId,
            item.priority,
            item.order ?? seq.next('queue_item'),
            (item.shipped_in_order ?? allDiscs.length > 0) ? 1 : 0,
          );
          discs.forEach((discId, i) => ins.disc.run(u.guid, discId, item.title, i + 1));
        }
      });
      for (const r of u.rentals) ins.rental.run(r.id ?? seq.next('rental', 500_001), u.guid, r.title, r.priority, r.shipped, r.returned ?? null);
      u.lists.forEach((l, i) => {
        const listId = l.id ?? seq.next('list', 7001);
        const created = l.created ?? stamp(10_000 - i);
        ins.list.run(
          listId,
          u.guid,
          l.name,
          l.description,
          l.anonymous ? 'Anonymous' : nickname,
          l.anonymous ? 1 : 0,
          u.location,
          l.public ? 1 : 0,
          created,
          l.updated ?? created,
        );
        for (const e of l.items)
          ins.entry.run(listId, e.title, e.comment, e.created ?? created, e.updated ?? e.created ?? created, e.order ?? seq.next('list_entry'));
      });
    }
    for (const s of scenario.stock) ins.stock.run(s.title, s.estimated_wait ?? null, s.fail_add ? 1 : 0);
    // Counters an exported sandbox carried: never below what seeding used, so ids stay unique.
    for (const [name, value] of Object.entries(scenario.sequences)) setSequence.run(name, value);
  })();
}

/** Per sequence (name, first value): the ids and orders the file gives explicitly. */
function explicitIds(s: SeedScenario): Array<[string, number, number[]]> {
  const given = (xs: Array<number | undefined>) => xs.filter((x): x is number => x !== undefined);
  const u = s.users;
  return [
    ['rating', 1, given(u.flatMap((x) => x.ratings.map((r) => r.order)))],
    ['review', 900_001, given(u.flatMap((x) => x.reviews.map((r) => r.id)))],
    ['queue', 1001, given(u.flatMap((x) => x.queues.map((q) => q.id)))],
    ['queue_item', 1, given(u.flatMap((x) => x.queues.flatMap((q) => q.items.map((i) => i.order))))],
    ['rental', 500_001, given(u.flatMap((x) => x.rentals.map((r) => r.id)))],
    ['list', 7001, given(u.flatMap((x) => x.lists.map((l) => l.id)))],
    ['list_entry', 1, given(u.flatMap((x) => x.lists.flatMap((l) => l.items.map((e) => e.order))))],
  ];
}
