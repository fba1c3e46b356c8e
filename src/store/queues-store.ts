import type { NewQueueItem } from '../domain/queue-add.js';
import type { QueueItem, SubQueue } from '../domain/types.js';
import { type Row, rowInserter, rowMapper, Store } from './store.js';
import { versionedMemo } from './table-versions.js';

/** A user's sub-queues, their items (priority, then insertion seq) and the discs of multi-disc items. */
export class QueuesStore extends Store {
  private readonly toQueue = rowMapper<SubQueue>('is_default');
  private readonly toItem = rowMapper<Omit<QueueItem, 'discIds'>>('shipped_in_order');
  // Sub-queues are read by every queue request and written only by seeding: a write to the items (the
  // request before) leaves them kept.
  private readonly subQueueMemo = versionedMemo(this.db, 'queues', (guid: string) => this.s.queues.all(guid).map((r) => Object.freeze(this.toQueue(r))));
  /** Adds a sub-queue (seeding a scenario). */
  readonly insertQueue = rowInserter<SubQueue>(this.db, 'queues');
  private readonly s = {
    queues: this.sql<[string]>('SELECT * FROM queues WHERE user_guid = ? ORDER BY position, id'),
    counts: this.sql<[string], { queue_id: number; n: number }>('SELECT queue_id, count(*) AS n FROM queue_items WHERE user_guid = ? GROUP BY queue_id'),
    items: this.sql<[string]>('SELECT * FROM queue_items WHERE user_guid = ? ORDER BY priority, seq'),
    // The item with its discs in one statement: a statement costs a request by the memory it touches. The
    // discs reach group_concat in the order of their subquery, which the index gives without sorting
    // (group_concat's own ORDER BY would sort in a temporary b-tree every time).
    item: this.sql<[string, number], Row & { discs: string | null }>(`SELECT i.*, (SELECT group_concat(disc_id, ',') FROM
          (SELECT d.disc_id FROM queue_discs d WHERE d.user_guid = i.user_guid AND d.title_id = i.title_id ORDER BY d.position)) AS discs
        FROM queue_items i WHERE i.user_guid = ? AND i.title_id = ?`),
    // Kept by the queue triggers (queue-triggers.ts) beside the digest.
    count: this.sql<[string], number>('SELECT items FROM queue_digests WHERE user_guid = ?', 'pluck'),
    discs: this.sql<[string], { disc_id: number; title_id: number }>(
      'SELECT disc_id, title_id FROM queue_discs WHERE user_guid = ? ORDER BY title_id, position',
    ),
    disc: this.sql<[string, number], { title_id: number }>('SELECT disc_id, title_id FROM queue_discs WHERE user_guid = ? AND disc_id = ?'),
    // The seq given, or the next value of the `queue_item` sequence, which the insert trigger then moves up to it.
    addItem: this.sql(`INSERT INTO queue_items (user_guid, title_id, queue_id, priority, seq, shipped_in_order)
        VALUES (?, ?, ?, ?, coalesce(?, coalesce((SELECT value FROM sequences WHERE name = 'queue_item'), 0) + 1), ?)`),
    addDisc: this.sql('INSERT INTO queue_discs (user_guid, disc_id, title_id, position) VALUES (?, ?, ?, ?)'),
    update: this.sql('UPDATE queue_items SET priority = ?, queue_id = ? WHERE user_guid = ? AND title_id = ?'),
    // Kept by triggers on the three queue tables (queue-triggers.ts); no row until the user's first queue row.
    digest: this.sql<[string], number>('SELECT digest FROM queue_digests WHERE user_guid = ?', 'pluck'),
  };

  /** Sub-queues in the user's order. Kept until a queues row changes (frozen: every caller shares them). */
  subQueues(guid: string): readonly SubQueue[] {
    return this.subQueueMemo(guid)!;
  }

  subQueue(guid: string, id: number): SubQueue | undefined {
    return this.subQueues(guid).find((q) => q.id === id);
  }

  /** Every user has exactly one default sub-queue (scenarios/seed-state.ts); the first one stands in otherwise. */
  defaultQueue(guid: string): SubQueue | undefined {
    const all = this.subQueues(guid);
    return all.find((q) => q.isDefault) ?? all[0];
  }

  /** Titles per sub-queue id (sub-queues without items are absent). */
  countsByQueue(guid: string): Map<number, number> {
    return new Map(this.s.counts.all(guid).map((r) => [r.queue_id, r.n]));
  }

  /** Titles across all sub-queues (what the cap counts). */
  countItems(guid: string): number {
    return this.s.count.get(guid) ?? 0;
  }

  /** All items of the user in queue order, with their queued discs. */
  items(guid: string): QueueItem[] {
    const discs = new Map<number, number[]>();
    for (const d of this.s.discs.all(guid)) {
      const list = discs.get(d.title_id);
      if (list) list.push(d.disc_id);
      else discs.set(d.title_id, [d.disc_id]);
    }
    return this.s.items.all(guid).map((r) => Object.assign(this.toItem(r), { discIds: discs.get(r.title_id as number) ?? [] }));
  }

  item(guid: string, titleId: number): QueueItem | undefined {
    const r = this.s.item.get(guid, titleId);
    if (!r) return undefined;
    const { discs, ...item } = r;
    return Object.assign(this.toItem(item), { discIds: discs === null ? [] : discs.split(',').map(Number) });
  }

  /** The queued title a disc belongs to, when that disc is queued. */
  titleOfDisc(guid: string, discId: number): number | undefined {
    return this.s.disc.get(guid, discId)?.title_id;
  }

  /**
   * Adds a title, last among its priority (its seq is the next of the `queue_item` sequence) unless `seq`
   * places it (a scenario's `order`), and its discs.
   * A title without discs is one statement, all or nothing by itself; with discs, or with other titles of
   * the same request, run it inside sandbox.write.
   */
  add(item: NewQueueItem, seq?: number): void {
    this.s.addItem.run(item.userGuid, item.titleId, item.queueId, item.priority, seq ?? null, item.shippedInOrder ? 1 : 0);
    item.discIds.forEach((discId, i) => this.s.addDisc.run(item.userGuid, discId, item.titleId, i + 1));
  }

  update(guid: string, titleId: number, priority: number, queueId: number): void {
    this.s.update.run(priority, queueId, guid, titleId);
  }

  /** Removes a title; its discs go with it (a trigger, queue-triggers.ts). */
  readonly remove = this.write<[guid: string, titleId: number]>('DELETE FROM queue_items WHERE user_guid = ? AND title_id = ?');
  /** The title's later discs move up one position (a trigger, queue-triggers.ts), so positions stay 1..n. */
  readonly removeDisc = this.write<[guid: string, discId: number]>('DELETE FROM queue_discs WHERE user_guid = ? AND disc_id = ?');

  /**
   * A digest of everything the user's queue answers show from the state database: the sub-queues, the items
   * and their discs in order (domain/state-digest.ts). The same rows give the same digest, whatever writes
   * led to them; it is part of the queues' ETag (http/routes/queue-routes.ts).
   */
  stateDigest(guid: string): number {
    return this.s.digest.get(guid) ?? 0;
  }
}
