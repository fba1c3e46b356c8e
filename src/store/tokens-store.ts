import type { TokenRecord } from '../domain/oauth/token-state.js';
import { rowInserter, rowMapper, Store } from './store.js';
import { versionedMemo } from './table-versions.js';

/** OAuth tokens of one sandbox: request tokens on their way through the dance, and access tokens. */
export class TokensStore extends Store {
  private readonly toRecord = rowMapper<TokenRecord>();
  private readonly byTokenRow = this.row<[string], TokenRecord>('SELECT * FROM tokens WHERE token = ?', this.toRecord);
  private readonly updateRow = this.write('UPDATE tokens SET user_guid = ?, verifier = ?, state = ?, failed_verifications = ? WHERE token = ?');
  /** A user's access tokens, oldest first (admin: list and revoke). */
  readonly accessTokensOf = this.rows<[string], TokenRecord>(
    "SELECT * FROM tokens WHERE user_guid = ? AND type = 'access' ORDER BY created_at, token",
    this.toRecord,
  );
  // Every signed request with a token looks it up, writes included: kept until a tokens row changes (a count
  // triggers keep, src/store/table-versions.ts), so the writes of the requests before do not throw it away.
  readonly byToken = versionedMemo(this.db, 'tokens', this.byTokenRow);
  readonly insert = rowInserter<TokenRecord>(this.db, 'tokens');

  has(token: string): boolean {
    return this.byTokenRow(token) !== undefined;
  }

  /** Writes back what the token state machine changed: user, verifier, state and failure count. */
  update(t: TokenRecord): void {
    this.updateRow(t.userGuid ?? null, t.verifier ?? null, t.state, t.failedVerifications, t.token);
  }
}
