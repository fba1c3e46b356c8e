import { describe, expect, it } from 'vitest';
import {
  authorise,
  checkAccessToken,
  checkAuthorisable,
  checkRequestTokenForExchange,
  checkSigningToken,
  checkVerifier,
  deny,
  markUsed,
  revoke,
  type TokenRecord,
} from './token-state.js';

const NOW = 1_700_000_000_000;
const TEN_MINUTES = 600_000;

const requestToken = (over: Partial<TokenRecord> = {}): TokenRecord => ({
  token: 'ABCDE',
  secret: 's',
  type: 'request',
  consumerKey: 'ck',
  callback: 'oob',
  state: 'unauthorised',
  failedVerifications: 0,
  createdAt: NOW,
  expiresAt: NOW + TEN_MINUTES,
  ...over,
});
const accessToken = (over: Partial<TokenRecord> = {}): TokenRecord => ({
  token: 'acc',
  secret: 's',
  type: 'access',
  consumerKey: 'ck',
  userGuid: 'G',
  state: 'active',
  failedVerifications: 0,
  createdAt: NOW,
  ...over,
});
const authorised = (over: Partial<TokenRecord> = {}) => requestToken({ state: 'authorised', userGuid: 'G', verifier: '012345', ...over });

describe('an access token signs API requests', () => {
  it.each([
    ['an active token of this consumer is accepted', accessToken(), true, ''],
    ['a scenario token without a consumer works with any consumer', accessToken({ consumerKey: undefined }), true, ''],
    ['an unknown token is refused', undefined, false, 'not known'],
    ['a request token is refused, with what to do instead', requestToken(), false, 'is a request token'],
    ["another consumer's token is refused", accessToken({ consumerKey: 'other' }), false, 'another consumer'],
    ['a revoked token is refused', revoke(accessToken()), false, 'revoked'],
  ])('%s', (_rule, token, ok, why) => {
    const verdict = checkAccessToken(token, 'ck');
    expect(verdict.ok).toBe(ok);
    if (!verdict.ok) expect(verdict.why).toContain(why);
  });
});

describe('any token of the consumer checks who signed a request (faults and the rate limit)', () => {
  it.each([
    ['an access token of this consumer', accessToken(), true, ''],
    ['a request token of this consumer, in any state', deny(requestToken(), 'G'), true, ''],
    ['a revoked token: its secret still proves the signer', revoke(accessToken()), true, ''],
    ['a scenario token without a consumer', accessToken({ consumerKey: undefined }), true, ''],
    ['an unknown token is refused', undefined, false, 'not known'],
    ["another consumer's token is refused", accessToken({ consumerKey: 'other' }), false, 'another consumer'],
  ])('%s', (_rule, token, ok, why) => {
    const verdict = checkSigningToken(token, 'ck');
    expect(verdict.ok).toBe(ok);
    if (!verdict.ok) expect(verdict.why).toContain(why);
  });
});

describe('a request token is exchanged once, in time, after the subscriber allowed it', () => {
  it.each([
    ['an authorised token within its lifetime is exchanged', authorised(), NOW + TEN_MINUTES - 1, true, ''],
    ['an unknown token is refused', undefined, NOW, false, 'not known'],
    ['an access token cannot be exchanged', accessToken(), NOW, false, 'already an access token'],
    ["another consumer's request token is refused", authorised({ consumerKey: 'other' }), NOW, false, 'another consumer'],
    ['a token is dead at its expiry instant on the simulator clock', authorised(), NOW + TEN_MINUTES, false, 'expired'],
    ['a used token is refused: single use', markUsed(authorised()), NOW, false, 'already exchanged'],
    ['a denied token is refused', deny(requestToken(), 'G'), NOW, false, 'denied'],
    ['a token killed by wrong verifiers is refused', authorised({ state: 'revoked' }), NOW, false, 'too many wrong verifiers'],
    ['a token nobody allowed yet is refused, pointing at login_url', requestToken(), NOW, false, 'login_url?oauth_token=ABCDE'],
  ])('%s', (_rule, token, now, ok, why) => {
    const verdict = checkRequestTokenForExchange(token, 'ck', now);
    expect(verdict.ok).toBe(ok);
    if (!verdict.ok) expect(verdict.why).toContain(why);
  });
});

describe('the authorisation page may decide a token only once', () => {
  it.each([
    ['a fresh token may be decided', requestToken(), NOW, true],
    ['an unknown code may not', undefined, NOW, false],
    ['an access token is not an activation code', accessToken(), NOW, false],
    ['an expired token may not', requestToken(), NOW + TEN_MINUTES, false],
    ['an allowed token may not be decided again', authorised(), NOW, false],
    ['a denied token may not be allowed later', deny(requestToken(), undefined), NOW, false],
  ])('%s', (_rule, token, now, ok) => {
    expect(checkAuthorisable(token, now).ok).toBe(ok);
  });

  it('allowing records the user and the verifier', () => {
    expect(authorise(requestToken(), 'G', '000042')).toMatchObject({ state: 'authorised', userGuid: 'G', verifier: '000042' });
  });

  it('denying without a signed-in subscriber leaves the user unset', () => {
    expect(deny(requestToken(), undefined)).not.toHaveProperty('userGuid');
  });
});

describe('the verifier is the last check of an exchange', () => {
  it.each([
    ['an OAuth 1.0 token (no callback) needs no verifier', authorised({ callback: undefined }), undefined, 'not-needed'],
    ['an OAuth 1.0 token ignores a verifier sent anyway', authorised({ callback: undefined }), '999999', 'not-needed'],
    ['a 1.0a token without a verifier is missing one', authorised(), undefined, 'missing'],
    ['an empty verifier counts as missing', authorised(), '', 'missing'],
    ['the right verifier matches', authorised(), '012345', 'match'],
    ['a URL-callback token needs its verifier too', authorised({ callback: 'http://client/cb' }), '012345', 'match'],
    ['a verifier differing in one digit is wrong', authorised(), '012346', 'wrong'],
    ['a verifier of another length is wrong', authorised(), '12345', 'wrong'],
  ])('%s', (_rule, token, sent, kind) => {
    expect(checkVerifier(token, sent, 3).kind).toBe(kind);
  });

  it.each([
    ['the first wrong verifier leaves two attempts', 0, 2, 'authorised'],
    ['the second leaves one', 1, 1, 'authorised'],
    ['the third (the maximum) kills the token', 2, 0, 'revoked'],
  ])('%s', (_rule, failedBefore, left, state) => {
    const outcome = checkVerifier(authorised({ failedVerifications: failedBefore }), '999999', 3);
    expect(outcome).toMatchObject({ kind: 'wrong', attemptsLeft: left, record: { state, failedVerifications: failedBefore + 1 } });
  });
});
