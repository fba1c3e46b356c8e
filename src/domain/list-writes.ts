import { decideListAdds, type ListAddFacts } from './queue-add.js';
import { isoDateTime } from './sim-clock.js';
import type { ListEntry, User, UserList } from './types.js';

// What the writes to a user's collections store (docs/reference/queues-and-lists.md). The clock and the ids
// are passed in: the caller takes them from its sandbox's sequences, inside the write.

export type NewListFields = Pick<UserList, 'name' | 'description' | 'isPublic' | 'anonymous'>;

/** A new collection, by "Anonymous" if asked, else by the user's nickname; created and updated now. */
export function newList(id: number, user: Pick<User, 'guid' | 'nickname' | 'location'>, fields: NewListFields, now: number): UserList {
  const stamp = isoDateTime(now);
  const author = fields.anonymous ? 'Anonymous' : user.nickname;
  return { id, userGuid: user.guid, ...fields, author, location: user.location, created: stamp, updated: stamp };
}

export type ListAddPlan = ReturnType<typeof planListAdds>;

/**
 * What a POST of title refs to a collection adds: each title once, with the comment sent, in order; the
 * list's `updated` moves to now if a title was added.
 */
export function planListAdds(refs: readonly string[], target: { listId: number; comment: string; nextSeq(): number }, facts: ListAddFacts, now: number) {
  const stamp = isoDateTime(now);
  const decisions = decideListAdds(refs, facts);
  const { listId, comment } = target;
  const entries = decisions.flatMap((d): ListEntry[] =>
    d.ok ? [{ listId, titleId: d.title.id, comment, created: stamp, updated: stamp, seq: target.nextSeq() }] : [],
  );
  return { decisions, listId, entries, updated: entries.length > 0 ? stamp : undefined };
}
