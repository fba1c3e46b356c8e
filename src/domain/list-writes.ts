import { errors } from './api-error.js';
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

/**
 * A boolean parameter (`public`, `anonymous`): true/false, also 1/0 and yes/no as form clients send them,
 * any case. Absent or blank -> the default; anything else -> 400, and nothing is created.
 */
export function parseBooleanParam(name: string, value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return fallback;
  if (v === 'true' || v === '1' || v === 'yes') return true;
  if (v === 'false' || v === '0' || v === 'no') return false;
  throw errors.invalidParameter(name, `${JSON.stringify(value)} is not a boolean; send true or false`);
}

/** Longest list name and description kept; longer ones are refused rather than cut (a client bug to surface). */
export const MAX_LIST_NAME = 200;
export const MAX_LIST_DESCRIPTION = 2000;

/**
 * `name`: required and not blank (spaces, U+FEFF and line separators alone do not name a list), at most
 * MAX_LIST_NAME characters, and kept exactly as sent, surrounding spaces included: strings come back intact
 * (docs/reference/proof.md), and a client comparing what it wrote with what it reads must find them equal.
 */
export function parseListName(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw errors.missingParameter('name', 'send the name of the new list');
  return atMost('name', value, MAX_LIST_NAME);
}

/** `description`: optional (empty when left out), at most MAX_LIST_DESCRIPTION characters, kept exactly as sent. */
export function parseListDescription(value: string | undefined): string {
  return atMost('description', value ?? '', MAX_LIST_DESCRIPTION);
}

function atMost(name: string, value: string, max: number): string {
  if (value.length > max) throw errors.invalidParameter(name, `the ${name} is ${value.length} characters long; send at most ${max}`);
  return value;
}
