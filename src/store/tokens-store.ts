import type { TokenRecord, TokenState, TokenType } from '../domain/oauth/token-state.js';
import type { Db } from './catalog-db.js';
import { tableVersion } from './table-versions.js';
import { VersionedMemo } from './versioned-memo.js';
import { preparedOnUse } from './prepared-on-use.js';

interface TokenRow {
  token: string;
  secret: string;
  type: string;
  consumer_key: string | null;
  user_guid: string | null;
  callback: string | null;
  verifier: string | null;
  state: string;
  failed_verifications: number;
  created_at: number;
  expires_at: number | null;
}

const toRecord = (r: TokenRow): TokenRecord => {
  const t: TokenRecord = {
    token: r.token,
    secret: r.secret,
    type: r.type as TokenType,
    state: r.state as TokenState,
    failedVerifications: r.failed_verifications,
    createdAt: r.created_at,
  };
  if (r.consumer_key !== null) t.consumerKey = r.consumer_key;
  if (r.user_guid !== null) t.userGuid = r.user_guid;
  if (r.callback !== null) t.callback = r.callback;
  if (r.verifier !== null) t.verifier = r.verifier;
  if (r.expires_at !== null) t.expiresAt = r.expires_at;
  return t;
};

/** OAuth tokens of one sandbox: request tokens on their way through the dance, and access tokens. */
export class TokensStore {
  private readonly byTokenStmt = preparedOnUse(() => this.db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE token = ?'));
  private readonly insertStmt = preparedOnUse(() =>
    this.db.prepare(`INSERT INTO tokens
    (token, secret, type, consumer_key, user_guid, callback, verifier, state, failed_verifications, created_at, expires_at)
    VALUES (@token, @secret, @type, @consumerKey, @userGuid, @callback, @verifier, @state, @failedVerifications, @createdAt, @expiresAt)`),
  );
  private readonly updateStmt = preparedOnUse(() =>
    this.db.prepare(`UPDATE tokens SET user_guid = @userGuid, verifier = @verifier, state = @state,
    failed_verifications = @failedVerifications WHERE token = @token`),
  );
  private readonly ofUserStmt = preparedOnUse(() =>
    this.db.prepare<[string], TokenRow>("SELECT * FROM tokens WHERE user_guid = ? AND type = 'access' ORDER BY created_at, token"),
  );
  // Every signed request with a token looks it up, writes included: kept until a tokens row changes (a count
  // triggers keep, src/store/table-versions.ts), so the writes of the requests before do not throw it away.
  private readonly memo;

  constructor(private readonly db: Db) {
    this.memo = new VersionedMemo<string, TokenRecord>(db, (d) => tableVersion(d, 'tokens'));
  }

  byToken(token: string): TokenRecord | undefined {
    return this.memo.get(token, () => this.read(token));
  }

  private read(token: string): TokenRecord | undefined {
    const row = this.byTokenStmt.get(token);
    return row && toRecord(row);
  }

  has(token: string): boolean {
    return this.byTokenStmt.get(token) !== undefined;
  }

  insert(t: TokenRecord): void {
    this.insertStmt.run(params(t));
  }

  /** Writes back what the token state machine changed: user, verifier, state and failure count. */
  update(t: TokenRecord): void {
    this.updateStmt.run(params(t));
  }

  /** A user's access tokens, oldest first (admin: list and revoke). */
  accessTokensOf(userGuid: string): TokenRecord[] {
    return this.ofUserStmt.all(userGuid).map(toRecord);
  }
}

function params(t: TokenRecord) {
  return {
    token: t.token,
    secret: t.secret,
    type: t.type,
    consumerKey: t.consumerKey ?? null,
    userGuid: t.userGuid ?? null,
    callback: t.callback ?? null,
    verifier: t.verifier ?? null,
    state: t.state,
    failedVerifications: t.failedVerifications,
    createdAt: t.createdAt,
    expiresAt: t.expiresAt ?? null,
  };
}
