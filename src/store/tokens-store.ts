import type { TokenRecord, TokenState, TokenType } from '../domain/oauth/token-state.js';
import type { Db } from './catalog-db.js';

interface TokenRow {
  token: string; secret: string; type: string; consumer_key: string | null; user_guid: string | null;
  callback: string | null; verifier: string | null; state: string; failed_verifications: number;
  created_at: number; expires_at: number | null;
}

const toRecord = (r: TokenRow): TokenRecord => {
  const t: TokenRecord = {
    token: r.token, secret: r.secret, type: r.type as TokenType, state: r.state as TokenState,
    failedVerifications: r.failed_verifications, createdAt: r.created_at,
  };
  if (r.consumer_key !== null) t.consumerKey = r.consumer_key;
  if (r.user_guid !== null) t.userGuid = r.user_guid;
  if (r.callback !== null) t.callback = r.callback;
  if (r.verifier !== null) t.verifier = r.verifier;
  if (r.expires_at !== null) t.expiresAt = r.expires_at;
  return t;
};

/** Token lookups kept at most (between two writes of the same token, lookups of unknown codes included). */
const MAX_KEPT = 1000;

/** OAuth tokens of one sandbox: request tokens on their way through the dance, and access tokens. */
export class TokensStore {
  private readonly byTokenStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly ofUserStmt;
  // Every signed request with a token looks it up, writes included. Only this store writes the tokens table in
  // a live sandbox (seed-state fills the template before any sandbox is copied from it), so a lookup is kept
  // until this store writes that token: no data-version query per request, and a queue write elsewhere no
  // longer drops it. Values are frozen, since every caller shares them.
  private readonly memo = new Map<string, TokenRecord | null>();

  constructor(private readonly db: Db) {
    this.byTokenStmt = db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE token = ?');
    this.insertStmt = db.prepare(`INSERT INTO tokens
      (token, secret, type, consumer_key, user_guid, callback, verifier, state, failed_verifications, created_at, expires_at)
      VALUES (@token, @secret, @type, @consumerKey, @userGuid, @callback, @verifier, @state, @failedVerifications, @createdAt, @expiresAt)`);
    this.updateStmt = db.prepare(`UPDATE tokens SET user_guid = @userGuid, verifier = @verifier, state = @state,
      failed_verifications = @failedVerifications WHERE token = @token`);
    this.ofUserStmt = db.prepare<[string], TokenRow>("SELECT * FROM tokens WHERE user_guid = ? AND type = 'access' ORDER BY created_at, token");
  }

  byToken(token: string): TokenRecord | undefined {
    // Inside a transaction a read may see a write a rollback will undo: read it, never keep it.
    if (this.db.inTransaction) return this.read(token);
    let kept = this.memo.get(token);
    if (kept === undefined) {
      // Lookups of tokens that do not exist (hostile input) are kept too: bounded.
      if (this.memo.size >= MAX_KEPT) this.memo.clear();
      kept = this.read(token) ?? null;
      if (kept) Object.freeze(kept);
      this.memo.set(token, kept);
    }
    return kept ?? undefined;
  }

  private read(token: string): TokenRecord | undefined {
    const row = this.byTokenStmt.get(token);
    return row && toRecord(row);
  }

  has(token: string): boolean {
    return this.byTokenStmt.get(token) !== undefined;
  }

  insert(t: TokenRecord): void {
    this.memo.delete(t.token);
    this.insertStmt.run(params(t));
  }

  /** Writes back what the token state machine changed: user, verifier, state and failure count. */
  update(t: TokenRecord): void {
    this.memo.delete(t.token);
    this.updateStmt.run(params(t));
  }

  /** A user's access tokens, oldest first (admin: list and revoke). */
  accessTokensOf(userGuid: string): TokenRecord[] {
    return this.ofUserStmt.all(userGuid).map(toRecord);
  }
}

function params(t: TokenRecord) {
  return {
    token: t.token, secret: t.secret, type: t.type, consumerKey: t.consumerKey ?? null, userGuid: t.userGuid ?? null,
    callback: t.callback ?? null, verifier: t.verifier ?? null, state: t.state, failedVerifications: t.failedVerifications,
    createdAt: t.createdAt, expiresAt: t.expiresAt ?? null,
  };
}
