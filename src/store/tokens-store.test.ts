import { describe, expect, it } from 'vitest';
import { ALICE } from '../../test/support/signing.js';
import { testWorld } from '../../test/support/world.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';

const fresh = () => testWorld('default').world.sandbox('test-consumer-key');

const requestToken = (token: string): TokenRecord => ({
  token,
  secret: 's',
  type: 'request',
  consumerKey: 'test-consumer-key',
  state: 'unauthorised',
  failedVerifications: 0,
  createdAt: 0,
});

describe('TokensStore.byToken, kept until a tokens row changes', () => {
  it('keeps the same record across writes to other tables', () => {
    const sandbox = fresh();
    const { tokens, users } = sandbox.stores;
    const before = tokens.byToken(ALICE.token.key);
    sandbox.db.prepare("UPDATE users SET nickname = nickname || '!'").run();
    sandbox.db.prepare('DELETE FROM queue_items').run();
    expect(users.byGuid(ALICE.guid)).toBeDefined();
    expect(tokens.byToken(ALICE.token.key)).toBe(before);
  });

  it('reads afresh after any write to the tokens table, whoever makes it', () => {
    const sandbox = fresh();
    const { tokens } = sandbox.stores;
    expect(tokens.byToken(ALICE.token.key)?.state).toBe('active');
    sandbox.db.prepare("UPDATE tokens SET state = 'revoked' WHERE token = ?").run(ALICE.token.key);
    expect(tokens.byToken(ALICE.token.key)?.state).toBe('revoked');
  });

  it('reads afresh after the token is updated', () => {
    const {
      stores: { tokens },
    } = fresh();
    tokens.update({ ...tokens.byToken(ALICE.token.key)!, state: 'revoked' });
    expect(tokens.byToken(ALICE.token.key)?.state).toBe('revoked');
  });

  it('finds a token inserted after a miss was remembered', () => {
    const {
      stores: { tokens },
    } = fresh();
    expect(tokens.byToken('new-token')).toBeUndefined();
    tokens.insert(requestToken('new-token'));
    expect(tokens.byToken('new-token')?.state).toBe('unauthorised');
  });

  it('does not keep what a rolled-back transaction wrote', () => {
    const sandbox = fresh();
    const { tokens } = sandbox.stores;
    expect(() =>
      sandbox.write(() => {
        tokens.update({ ...tokens.byToken(ALICE.token.key)!, state: 'revoked' });
        expect(tokens.byToken(ALICE.token.key)?.state).toBe('revoked');
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(tokens.byToken(ALICE.token.key)?.state).toBe('active');
  });

  it('hands out frozen records, since every caller shares them', () => {
    const {
      stores: { tokens },
    } = fresh();
    expect(Object.isFrozen(tokens.byToken(ALICE.token.key))).toBe(true);
  });

  it('stays right past its bound on kept lookups', () => {
    const {
      stores: { tokens },
    } = fresh();
    const found = Array.from({ length: 2500 }, (_, i) => tokens.byToken(i % 7 === 0 ? ALICE.token.key : `unknown-${i}`) !== undefined);
    expect(found.filter(Boolean).length).toBe(Math.ceil(2500 / 7));
  });
});
