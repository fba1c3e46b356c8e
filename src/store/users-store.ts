import type { User } from '../domain/types.js';
import { rowInserter, rowMapper, Store } from './store.js';
import { versionedMemo } from './table-versions.js';

/** The subscribers of a sandbox. */
export class UsersStore extends Store {
  private readonly toUser = rowMapper<User>();
  readonly byLogin = this.row<[string], User>('SELECT * FROM users WHERE login = ?', this.toUser);
  readonly all = this.rows<[], User>('SELECT * FROM users ORDER BY login', this.toUser);
  // Every request to a user resource looks its user up twice (token, then path): kept until a users row
  // changes, so that the writes of the request before (a queue write, a rating) do not throw them away.
  private readonly byUpperGuid = versionedMemo(this.db, 'users', this.row<[string], User>('SELECT * FROM users WHERE guid = ?', this.toUser));
  /** Adds a subscriber (seeding a scenario). */
  readonly insert = rowInserter<User>(this.db, 'users');

  /**
   * GUIDs are upper-case (docs/reference/wire-format.md#addresses-and-ids); a lower-case GUID in a path finds
   * the same user.
   */
  byGuid(guid: string): User | undefined {
    return this.byUpperGuid(guid.toUpperCase());
  }
}
