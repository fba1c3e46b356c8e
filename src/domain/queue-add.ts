import { titleIdOfRef } from './title-ref.js';
import type { QueueItem, Title } from './types.js';

// Why a title ref posted to a queue or a collection fails
// (docs/reference/queues-and-lists.md#why-a-title-ref-fails). A failed ref never fails the request: it is
// listed in failed_title_refs with the reason as the link title.

/** A title without `discIds` has no discs. */
export type AddableTitle = Pick<Title, 'id' | 'fullTitle' | 'canRent' | 'parentId'> & Partial<Pick<Title, 'discIds'>>;

/** Why a ref posted to a queue can fail, in the order decideQueueAdds tries them (coverage reports list them so). */
export const QUEUE_REFUSALS = ['not_a_title_ref', 'unknown_title', 'disc_not_title', 'already_queued', 'not_rentable', 'fail_add', 'queue_full'] as const;
/** Why a ref posted to a collection can fail, in the order decideListAdds tries them. */
export const LIST_REFUSALS = ['not_a_title_ref', 'unknown_title', 'already_in_list', 'fail_add'] as const;
/** Why a ref failed, as a name (coverage reports count them: src/domain/coverage.ts); a Refusal's `why` says it to the client. */
export type RefusalKind = (typeof QUEUE_REFUSALS)[number] | (typeof LIST_REFUSALS)[number];

export interface Refusal {
  kind: RefusalKind;
  why: string;
}

export type AddDecision = { ref: string; ok: true; title: AddableTitle } | ({ ref: string; ok: false } & Refusal);

export interface QueueAddFacts {
  titleOf(id: number): AddableTitle | undefined;
  /** Already in one of the user's sub-queues. */
  isQueued(id: number): boolean;
  /** The scenario's stock table marks the title to fail. */
  failsAdd(id: number): boolean;
  /** Titles the user holds in all sub-queues before this request. */
  queuedCount: number;
  /** scenario.settings.queue_cap */
  cap: number;
}

/**
 * Decides each ref in the order sent: malformed or unknown, already added by this request or refused by the
 * target's own rule (`refusal`, told how many titles this request added before).
 */
function decideAdds(
  refs: readonly string[],
  titleOf: (id: number) => AddableTitle | undefined,
  refusal: (t: AddableTitle, repeated: boolean, added: number) => Refusal | undefined,
): AddDecision[] {
  const added = new Set<number>();
  return refs.map((ref): AddDecision => {
    const id = titleIdOfRef(ref);
    if (id === undefined) return { ref, ok: false, kind: 'not_a_title_ref', why: 'not a title reference: send title URIs like {base_url}/catalog/title/<id>' };
    const t = titleOf(id);
    if (t === undefined) return { ref, ok: false, kind: 'unknown_title', why: `no title ${id} in the catalogue` };
    const refused = refusal(t, added.has(t.id), added.size);
    if (refused !== undefined) return { ref, ok: false, ...refused };
    added.add(t.id);
    return { ref, ok: true, title: t };
  });
}

const failAdd = (id: number): Refusal => ({ kind: 'fail_add', why: `title ${id} cannot be added: the scenario marks it to fail (stock fail_add)` });

/**
 * Queues refuse, in this order: a disc rather than its title, already queued (also a ref repeated in the same
 * request), not rentable, failed by the scenario, then the queue cap.
 */
export function decideQueueAdds(refs: readonly string[], facts: QueueAddFacts): AddDecision[] {
  return decideAdds(refs, facts.titleOf, (t, repeated, added): Refusal | undefined => {
    if (t.parentId !== undefined)
      return { kind: 'disc_not_title', why: `title ${t.id} is one disc of title ${t.parentId}: queue title ${t.parentId}, which brings all its discs` };
    if (repeated || facts.isQueued(t.id)) return { kind: 'already_queued', why: `title ${t.id} is already in a queue` };
    if (!t.canRent) return { kind: 'not_rentable', why: `title ${t.id} cannot be rented (can_rent is false)` };
    if (facts.failsAdd(t.id)) return failAdd(t.id);
    if (facts.queuedCount + added >= facts.cap)
      return { kind: 'queue_full', why: `the queue is full: at most ${facts.cap} titles across all sub-queues; remove one first` };
    return undefined;
  });
}

/** A queue item to insert: its seq is the queue_item sequence's, taken by the insert (store/queue-triggers.ts). */
export type NewQueueItem = Omit<QueueItem, 'seq'>;

/** Where a POST to a queue puts its titles: the path's sub-queue or `every` (its default looked up only then). */
export type QueueAddTarget = { userGuid: string; queue: 'every' | { id: number }; defaultQueueId(): number; priority: number };

/**
 * What a POST of title refs to a queue does (docs/reference/queues-and-lists.md#routes): the decisions, the
 * items to insert, and whether that is one statement (one title without discs, all or nothing by itself) or
 * needs a transaction.
 */
export function planQueueAdds(refs: readonly string[], target: QueueAddTarget, facts: QueueAddFacts) {
  // Posting to the every-queue adds to the default sub-queue.
  const queueId = target.queue === 'every' ? target.defaultQueueId() : target.queue.id;
  const decisions = decideQueueAdds(refs, facts);
  // A multi-disc title comes with all its discs, sent in order.
  const items = decisions.flatMap((d): NewQueueItem[] => {
    if (!d.ok) return [];
    const discIds = d.title.discIds ?? [];
    return [{ userGuid: target.userGuid, queueId, titleId: d.title.id, priority: target.priority, shippedInOrder: discIds.length > 0, discIds }];
  });
  return { decisions, items, oneStatement: items.length <= 1 && (items[0]?.discIds.length ?? 0) === 0 };
}

export interface ListAddFacts extends Pick<QueueAddFacts, 'titleOf' | 'failsAdd'> {
  /** Already in this collection. */
  inList(id: number): boolean;
}

/** Collections take any catalogue title once; the scenario's fail_add applies as it does to queues. */
export function decideListAdds(refs: readonly string[], facts: ListAddFacts): AddDecision[] {
  return decideAdds(refs, facts.titleOf, (t, repeated) => {
    if (repeated || facts.inList(t.id)) return { kind: 'already_in_list', why: `title ${t.id} is already in this list` };
    return facts.failsAdd(t.id) ? failAdd(t.id) : undefined;
  });
}
