import type { Plan, User } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { tableVersion } from './table-versions.js';
import { VersionedMemo } from './versioned-memo.js';
import { preparedOnUse } from './prepared-on-use.js';

interface UserRow {
  guid: string;
  login: string;
  password: string;
  first_name: string;
  last_name: string;
  nickname: string;
  location: string;
  plan: string;
}

const toUser = (r: UserRow): User => ({
  guid: r.guid,
  login: r.login,
  password: r.password,
  firstName: r.first_name,
  lastName: r.last_name,
  nickname: r.nickname,
  location: r.location,
  plan: r.plan as Plan,
});

/** The subscribers of a sandbox. */
export class UsersStore {
  private readonly byGuidStmt = preparedOnUse(() => this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE guid = ?'));
  private readonly byLoginStmt = preparedOnUse(() => this.db.prepare<[string], UserRow>('SELECT * FROM users WHERE login = ?'));
  private readonly allStmt = preparedOnUse(() => this.db.prepare<[], UserRow>('SELECT * FROM users ORDER BY login'));
  // Every request to a user resource looks its user up twice (token, then path): kept until a users row
  // changes, so that the writes of the request before (a queue write, a rating) do not throw them away.
  private readonly memo;

  constructor(private readonly db: Db) {
    this.memo = new VersionedMemo<string, User>(db, (d) => tableVersion(d, 'users'));
  }

  /**
   * GUIDs are upper-case (docs/reference/wire-format.md#addresses-and-ids); a lower-case GUID in a path finds
   * the same user.
   */
  byGuid(guid: string): User | undefined {
    const key = guid.toUpperCase();
    return this.memo.get(key, () => {
      const row = this.byGuidStmt.get(key);
      return row && toUser(row);
    });
  }

  byLogin(login: string): User | undefined {
    const row = this.byLoginStmt.get(login);
    return row && toUser(row);
  }

  all(): User[] {
    return this.allStmt.all().map(toUser);
  }
}
