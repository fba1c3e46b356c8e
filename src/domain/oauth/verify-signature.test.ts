import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import OAuth from 'oauth-1.0a';
import { describe, expect, it } from 'vitest';
import { encodePairs } from '../percent-encode.js';
import { checkProtocolParams } from './check-protocol-params.js';
import { collectOAuthParams } from './collect-oauth-params.js';
import { verifySignature } from './verify-signature.js';

describe('verifySignature', () => {
  const request = {
    method: 'GET',
    scheme: 'http',
    host: 'api.example.com',
    path: '/users/',
    params: [
      { name: 'oauth_consumer_key', value: 'ck' },
      { name: 'oauth_signature', value: 'ignored' },
    ],
    consumerSecret: 'cs',
    tokenSecret: 'ts',
    signatureMethod: 'HMAC-SHA1' as const,
  };
  const baseString = 'GET&http%3A%2F%2Fapi.example.com%2Fusers%2F&oauth_consumer_key%3Dck';
  const good = createHmac('sha1', 'cs&ts').update(baseString).digest('base64');

  it('accepts the right signature and returns the base string', () => {
    expect(verifySignature({ ...request, signature: good })).toEqual({ ok: true, baseString });
  });

  it('a mismatch is 401 Invalid Signature with the base string in the details', () => {
    const verdict = verifySignature({ ...request, signature: good.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.error).toMatchObject({ status: 401, reason: 'Invalid Signature', oauthProblem: 'signature_invalid' });
    expect(verdict.error.details).toContain(baseString);
    expect(verdict.error.details).not.toContain('cs&ts');
  });

  it('a path signed without the trailing slash fails against one sent with it', () => {
    const signedWithout = createHmac('sha1', 'cs&ts').update(baseString.replace('%2Fusers%2F', '%2Fusers')).digest('base64');
    expect(verifySignature({ ...request, signature: signedWithout }).ok).toBe(false);
  });

  it.each([
    ['accepts the PLAINTEXT key', 'cs&ts', true],
    ['refuses a PLAINTEXT key with the wrong token secret', 'cs&other', false],
  ])('%s', (_rule, signature, ok) => {
    expect(verifySignature({ ...request, signatureMethod: 'PLAINTEXT', signature }).ok).toBe(ok);
  });
});

/** Interoperability: whatever the oauth-1.0a client library signs, the pure pipeline accepts. */
describe('requests signed by the oauth-1.0a client library', () => {
  const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
  const value = fc.string({ unit: 'binary', maxLength: 12 });
  const pairsOf = (prefix: string) =>
    fc.uniqueArray(fc.tuple(name, value), { maxLength: 4, selector: ([n]) => n }).map((pairs) => pairs.map(([n, v]) => [prefix + n, v] as [string, string]));

  it('verify with HMAC-SHA1 for any query and form parameters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom('/users/u1/queues/disc', '/users/', '/catalog/titles'),
        pairsOf('q_'),
        pairsOf('b_'),
        value,
        value,
        (method, path, query, body, consumerSecret, tokenSecret) => {
          const client = new OAuth({
            consumer: { key: 'ck', secret: consumerSecret },
            signature_method: 'HMAC-SHA1',
            hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
          });
          const rawQuery = encodePairs(query);
          const url = `https://api.example.com${path}${rawQuery ? `?${rawQuery}` : ''}`;
          const signed = client.authorize({ url, method, data: Object.fromEntries(body) }, { key: 'tok', secret: tokenSecret });

          const collected = collectOAuthParams({ authorization: client.toHeader(signed).Authorization, rawQuery, formBody: encodePairs(body) });
          if (!collected.ok) throw collected.error;
          const checked = checkProtocolParams(collected.params, {
            realNowSeconds: signed.oauth_timestamp,
            timestampWindowSeconds: 300,
            plaintextEnabled: false,
          });
          if (!checked.ok) throw checked.error;
          const verdict = verifySignature({
            method,
            scheme: 'https',
            host: 'api.example.com:443',
            path,
            params: collected.params,
            signatureMethod: checked.value.signatureMethod,
            signature: checked.value.signature,
            consumerSecret,
            tokenSecret,
          });
          expect(verdict).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 200 },
    );
  });
});
