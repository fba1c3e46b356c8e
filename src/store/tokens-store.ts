import type { TokenRecord } from '../domain/oauth/token-state.js';
import { rowInserter, rowMapper, Store } from './store.js';
import { tableVersion } from './table-versions.js';
import { VersionedMemo } from './versioned-memo.js';

const toRecord = rowMapper<TokenRecord>();

/** OAuth tokens of one sandbox: request tokens on their way through the dance, and access tokens. */
export class TokensStore extends Store {
  private readonly byTokenStmt = this.sql<[string]>('SELECT * FROM tokens WHERE token = ?');
  private readonly updateStmt = this.sql('UPDATE tokens SET user_guid = ?, verifier = ?, state = ?, failed_verifications = ? WHERE token = ?');
  private readonly ofUserStmt = this.sql<[string]>("SELECT * FROM tokens WHERE user_guid = ? AND type = 'access' ORDER BY created_at, token");
  // Every signed request with a token looks it up, writes included: kept until a tokens row changes (a count
  // triggers keep, src/store/table-versions.ts), so the writes of the requests before do not throw it away.
  private readonly memo = new VersionedMemo<string, TokenRecord>(this.db, (d) => tableVersion(d, 'tokens'));
  readonly insert = rowInserter<TokenRecord>(
    this.db,
    'tokens',
    'token secret type consumer_key user_guid callback verifier state failed_verifications created_at expires_at',
  );

  byToken(token: string): TokenRecord | undefined {
    return this.memo.get(token, () => {
      return toRecord(this.byTokenStmt.get(token));
    });
  }

  has(token: string): boolean {
    return this.byTokenStmt.get(token) !== undefined;
  }

  /** Writes back what the token state machine changed: user, verifier, state and failure count. */
  update(t: TokenRecord): void {
    this.updateStmt.run(t.userGuid ?? null, t.verifier ?? null, t.state, t.failedVerifications, t.token);
  }

  /** A user's access tokens, oldest first (admin: list and revoke). */
  accessTokensOf(userGuid: string): TokenRecord[] {
    return this.ofUserStmt.all(userGuid).map(toRecord);
  }
}
