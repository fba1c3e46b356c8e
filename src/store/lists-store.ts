import type { ListAddPlan } from '../domain/list-writes.js';
import type { ListEntry, UserList } from '../domain/types.js';
import { rowInserter, rowMapper, Store } from './store.js';

const toList = rowMapper<UserList>('anonymous', 'is_public');
const toEntry = rowMapper<ListEntry>();

/** Users' collections (docs/reference/queues-and-lists.md) and their entries, in the order titles were added. */
export class ListsStore extends Store {
  private readonly s = {
    lists: this.sql<[string]>('SELECT * FROM lists WHERE user_guid = ? ORDER BY id'),
    list: this.sql<[number, string]>('SELECT * FROM lists WHERE id = ? AND user_guid = ?'),
    remove: this.sql('DELETE FROM lists WHERE id = ?'),
    removeEntries: this.sql('DELETE FROM list_entries WHERE list_id = ?'),
    touch: this.sql('UPDATE lists SET updated = ? WHERE id = ?'),
    entries: this.sql<[number]>('SELECT * FROM list_entries WHERE list_id = ? ORDER BY seq'),
    entry: this.sql<[number, number]>('SELECT * FROM list_entries WHERE list_id = ? AND title_id = ?'),
    removeEntry: this.sql('DELETE FROM list_entries WHERE list_id = ? AND title_id = ?'),
  };

  readonly create = rowInserter<UserList>(this.db, 'lists', 'id user_guid name description author anonymous location is_public created updated');
  private readonly addEntry = rowInserter<ListEntry>(this.db, 'list_entries', 'list_id title_id comment created updated seq');

  listsOf(guid: string): UserList[] {
    return this.s.lists.all(guid).map(toList);
  }

  /** A list of this user; another user's list id answers undefined, like one that does not exist. */
  list(guid: string, id: number): UserList | undefined {
    return toList(this.s.list.get(id, guid));
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
    return toEntry(this.s.entry.get(listId, titleId));
  }

  /** The plan's entries, and the list's `updated` if it moved; run inside sandbox.write. */
  addEntries(plan: Pick<ListAddPlan, 'listId' | 'entries' | 'updated'>): void {
    for (const e of plan.entries) this.addEntry(e);
    if (plan.updated !== undefined) this.touch(plan.listId, plan.updated);
  }

  removeEntry(listId: number, titleId: number): void {
    this.s.removeEntry.run(listId, titleId);
  }
}
