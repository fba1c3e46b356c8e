import type { ListAddPlan } from '../domain/list-writes.js';
import type { ListEntry, UserList } from '../domain/types.js';
import { rowInserter, rowMapper, Store } from './store.js';

/** Users' collections (docs/reference/queues-and-lists.md) and their entries, in the order titles were added. */
export class ListsStore extends Store {
  private readonly toList = rowMapper<UserList>('anonymous', 'is_public');
  private readonly toEntry = rowMapper<ListEntry>();
  readonly listsOf = this.rows<[string], UserList>('SELECT * FROM lists WHERE user_guid = ? ORDER BY id', this.toList);
  /** A list of this user; another user's list id answers undefined, like one that does not exist. */
  readonly list = this.row<[string, number], UserList>('SELECT * FROM lists WHERE user_guid = ? AND id = ?', this.toList);
  private readonly removeList = this.write<[number]>('DELETE FROM lists WHERE id = ?');
  private readonly removeEntries = this.write<[number]>('DELETE FROM list_entries WHERE list_id = ?');
  /** Sets a list's `updated`. */
  readonly touch = this.write<[{ id: number; updated: string }]>('UPDATE lists SET updated = @updated WHERE id = @id');
  readonly entries = this.rows<[number], ListEntry>('SELECT * FROM list_entries WHERE list_id = ? ORDER BY seq', this.toEntry);
  readonly entry = this.row<[number, number], ListEntry>('SELECT * FROM list_entries WHERE list_id = ? AND title_id = ?', this.toEntry);
  readonly removeEntry = this.write<[number, number]>('DELETE FROM list_entries WHERE list_id = ? AND title_id = ?');

  readonly create = rowInserter<UserList>(this.db, 'lists');
  private readonly addEntry = rowInserter<ListEntry>(this.db, 'list_entries');

  /** Deletes a list and its entries; run inside sandbox.write. */
  remove(id: number): void {
    this.removeEntries(id);
    this.removeList(id);
  }

  /** The plan's entries, and the list's `updated` if it moved; run inside sandbox.write. */
  addEntries(plan: Pick<ListAddPlan, 'listId' | 'entries' | 'updated'>): void {
    for (const e of plan.entries) this.addEntry(e);
    if (plan.updated !== undefined) this.touch({ id: plan.listId, updated: plan.updated });
  }
}
