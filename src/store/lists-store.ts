import type { ListAddPlan } from '../domain/list-writes.js';
import type { ListEntry, UserList } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';

interface ListRow {
  id: number;
  user_guid: string;
  name: string;
  description: string;
  author: string;
  anonymous: number;
  location: string;
  is_public: number;
  created: string;
  updated: string;
}
interface EntryRow {
  list_id: number;
  title_id: number;
  comment: string;
  created: string;
  updated: string;
  seq: number;
}

const toList = (r: ListRow): UserList => ({
  id: r.id,
  userGuid: r.user_guid,
  name: r.name,
  description: r.description,
  author: r.author,
  anonymous: r.anonymous === 1,
  location: r.location,
  isPublic: r.is_public === 1,
  created: r.created,
  updated: r.updated,
});
const toEntry = (r: EntryRow): ListEntry => ({
  listId: r.list_id,
  titleId: r.title_id,
  comment: r.comment,
  created: r.created,
  updated: r.updated,
  seq: r.seq,
});

/** Users' collections (docs/reference/queues-and-lists.md) and their entries, in the order titles were added. */
export class ListsStore {
  private readonly s = {
    lists: preparedOnUse(() => this.db.prepare<[string], ListRow>('SELECT * FROM lists WHERE user_guid = ? ORDER BY id')),
    list: preparedOnUse(() => this.db.prepare<[number, string], ListRow>('SELECT * FROM lists WHERE id = ? AND user_guid = ?')),
    create: preparedOnUse(() =>
      this.db.prepare(
        'INSERT INTO lists (id, user_guid, name, description, author, anonymous, location, is_public, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
    ),
    remove: preparedOnUse(() => this.db.prepare('DELETE FROM lists WHERE id = ?')),
    removeEntries: preparedOnUse(() => this.db.prepare('DELETE FROM list_entries WHERE list_id = ?')),
    touch: preparedOnUse(() => this.db.prepare('UPDATE lists SET updated = ? WHERE id = ?')),
    entries: preparedOnUse(() => this.db.prepare<[number], EntryRow>('SELECT * FROM list_entries WHERE list_id = ? ORDER BY seq')),
    entry: preparedOnUse(() => this.db.prepare<[number, number], EntryRow>('SELECT * FROM list_entries WHERE list_id = ? AND title_id = ?')),
    addEntry: preparedOnUse(() => this.db.prepare('INSERT INTO list_entries (list_id, title_id, comment, created, updated, seq) VALUES (?, ?, ?, ?, ?, ?)')),
    removeEntry: preparedOnUse(() => this.db.prepare('DELETE FROM list_entries WHERE list_id = ? AND title_id = ?')),
  };

  constructor(private readonly db: Db) {}

  listsOf(guid: string): UserList[] {
    return this.s.lists.all(guid).map(toList);
  }

  /** A list of this user; another user's list id answers undefined, like one that does not exist. */
  list(guid: string, id: number): UserList | undefined {
    const r = this.s.list.get(id, guid);
    return r && toList(r);
  }

  create(l: UserList): void {
    this.s.create.run(l.id, l.userGuid, l.name, l.description, l.author, l.anonymous ? 1 : 0, l.location, l.isPublic ? 1 : 0, l.created, l.updated);
  }

  /** Deletes a list and its entries; run inside sandbox.write. */
  remove(id: number): void {
    this.s.removeEntries.run(id);
    this.s.remove.run(id);
  }

  touch(id: number, updated: string): void {
    this.s.touch.run(updated, id);
  }

  entries(listId: number): ListEntry[] {
    return this.s.entries.all(listId).map(toEntry);
  }

  entry(listId: number, titleId: number): ListEntry | undefined {
    const r = this.s.entry.get(listId, titleId);
    return r && toEntry(r);
  }

  /** The plan's entries, and the list's `updated` if it moved; run inside sandbox.write. */
  addEntries(plan: Pick<ListAddPlan, 'listId' | 'entries' | 'updated'>): void {
    for (const e of plan.entries) this.s.addEntry.run(e.listId, e.titleId, e.comment, e.created, e.updated, e.seq);
    if (plan.updated !== undefined) this.touch(plan.listId, plan.updated);
  }

  removeEntry(listId: number, titleId: number): void {
    this.s.removeEntry.run(listId, titleId);
  }
}
