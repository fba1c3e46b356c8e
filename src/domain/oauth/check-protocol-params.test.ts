import { describe, expect, it } from 'vitest';
import { checkProtocolParams, readProtocolParams, type ProtocolCheckOptions } from './check-protocol-params.js';

const NOW = 1_700_000_000;
const options: ProtocolCheckOptions = { realNowSeconds: NOW, timestampWindowSeconds: 300, plaintextEnabled: false };

type Pairs = Record<string, string | undefined>;
const valid: Pairs = {
  oauth_consumer_key: 'ck',
  oauth_signature_method: 'HMAC-SHA1',
  oauth_signature: 'sig=',
  oauth_timestamp: String(NOW),
  oauth_nonce: 'n1',
  oauth_version: '1.0',
};

/** The valid request with some parameters changed; undefined removes one. */
const params = (changes: Pairs = {}) =>
  Object.entries({ ...valid, ...changes })
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => ({ name, value }));

function reasonFor(list: Array<{ name: string; value: string }>, opts: ProtocolCheckOptions = options): string {
  const result = checkProtocolParams(list, opts);
  return result.ok ? 'ok' : result.error.reason;
}

describe('checkProtocolParams: each rule and its error', () => {
  it.each([
    ['a complete HMAC-SHA1 request passes', params(), 'ok'],
    ['oauth_version may be left out', params({ oauth_version: undefined }), 'ok'],
    ['an empty oauth_version counts as left out', params({ oauth_version: '' }), 'ok'],
    ['any oauth_* sent twice is refused', [...params(), { name: 'oauth_nonce', value: 'n1' }], 'Duplicated OAuth Protocol Parameter'],
    [
      'an unknown oauth_* sent twice is refused too',
      [...params(), { name: 'oauth_x', value: '1' }, { name: 'oauth_x', value: '1' }],
      'Duplicated OAuth Protocol Parameter',
    ],
    ['ordinary parameters may repeat', [...params(), { name: 'a', value: '1' }, { name: 'a', value: '2' }], 'ok'],
    ['no consumer key', params({ oauth_consumer_key: undefined }), 'Missing Required Consumer Key'],
    ['an empty consumer key is missing', params({ oauth_consumer_key: '' }), 'Missing Required Consumer Key'],
    ['no signature method', params({ oauth_signature_method: undefined }), 'Missing Required Signature Method'],
    ['no signature', params({ oauth_signature: undefined }), 'Missing Required Signature'],
    ['no timestamp', params({ oauth_timestamp: undefined }), 'Missing Required Timestamp'],
    ['no nonce', params({ oauth_nonce: undefined }), 'Missing Required Nonce'],
    ['oauth_version other than 1.0', params({ oauth_version: '2.0' }), 'Unsupported OAuth Version'],
    ['oauth_version 1.1 is refused', params({ oauth_version: '1.1' }), 'Unsupported OAuth Version'],
    ['RSA-SHA1 is not supported', params({ oauth_signature_method: 'RSA-SHA1' }), 'Unsupported Signature Method'],
    ['method names are case-sensitive', params({ oauth_signature_method: 'hmac-sha1' }), 'Unsupported Signature Method'],
    ['PLAINTEXT is refused unless enabled', params({ oauth_signature_method: 'PLAINTEXT' }), 'Unsupported Signature Method'],
    ['a timestamp 301 s slow is refused', params({ oauth_timestamp: String(NOW - 301) }), 'Timestamp Is Invalid'],
    ['a timestamp 301 s fast is refused', params({ oauth_timestamp: String(NOW + 301) }), 'Timestamp Is Invalid'],
    ['a timestamp exactly 300 s slow passes', params({ oauth_timestamp: String(NOW - 300) }), 'ok'],
    ['a timestamp exactly 300 s fast passes', params({ oauth_timestamp: String(NOW + 300) }), 'ok'],
    ['a timestamp in milliseconds is refused', params({ oauth_timestamp: String(NOW * 1000) }), 'Timestamp Is Invalid'],
    ['a fractional timestamp is refused', params({ oauth_timestamp: `${NOW}.5` }), 'Timestamp Is Invalid'],
    ['a signed timestamp is refused', params({ oauth_timestamp: `+${NOW}` }), 'Timestamp Is Invalid'],
    ['a timestamp with spaces is refused', params({ oauth_timestamp: ` ${NOW}` }), 'Timestamp Is Invalid'],
    ['a word for a timestamp is refused', params({ oauth_timestamp: 'now' }), 'Timestamp Is Invalid'],
    ['a nonce of 255 bytes passes', params({ oauth_nonce: 'n'.repeat(255) }), 'ok'],
    ['a nonce of 256 bytes is refused', params({ oauth_nonce: 'n'.repeat(256) }), 'Invalid NONCE'],
    ['a nonce is measured in UTF-8 bytes, not characters', params({ oauth_nonce: 'é'.repeat(128) }), 'Invalid NONCE'],
  ])('%s', (_rule, list, reason) => {
    expect(reasonFor(list)).toBe(reason);
  });
});

describe('checkProtocolParams: the order of the checks', () => {
  it.each([
    [
      'a duplicate before a missing consumer key',
      [...params({ oauth_consumer_key: undefined }), { name: 'oauth_nonce', value: 'n2' }],
      'Duplicated OAuth Protocol Parameter',
    ],
    ['the consumer key before everything else missing', [{ name: 'oauth_nonce', value: 'n' }], 'Missing Required Consumer Key'],
    [
      'the signature method before the signature',
      params({ oauth_signature_method: undefined, oauth_signature: undefined }),
      'Missing Required Signature Method',
    ],
    ['the signature before the timestamp', params({ oauth_signature: undefined, oauth_timestamp: undefined }), 'Missing Required Signature'],
    ['the timestamp before the nonce', params({ oauth_timestamp: undefined, oauth_nonce: undefined }), 'Missing Required Timestamp'],
    ['a missing parameter before a bad version', params({ oauth_nonce: undefined, oauth_version: '2.0' }), 'Missing Required Nonce'],
    ['a missing parameter before an unsupported method', params({ oauth_signature_method: 'RSA-SHA1', oauth_nonce: undefined }), 'Missing Required Nonce'],
    ['a bad version before an unsupported method', params({ oauth_version: '2.0', oauth_signature_method: 'RSA-SHA1' }), 'Unsupported OAuth Version'],
    ['an unsupported method before a stale timestamp', params({ oauth_signature_method: 'RSA-SHA1', oauth_timestamp: '1' }), 'Unsupported Signature Method'],
    ['a stale timestamp before a long nonce', params({ oauth_timestamp: '1', oauth_nonce: 'n'.repeat(300) }), 'Timestamp Is Invalid'],
  ])('%s', (_rule, list, reason) => {
    expect(reasonFor(list)).toBe(reason);
  });

  it('reports the first duplicated name in request order', () => {
    const result = checkProtocolParams(
      [...params(), { name: 'oauth_token', value: 'a' }, { name: 'oauth_token', value: 'a' }, { name: 'oauth_nonce', value: 'x' }],
      options,
    );
    expect(result.ok ? '' : result.error.details).toMatch(/^oauth_token was sent more than once/);
  });
});

describe('checkProtocolParams: PLAINTEXT when enabled', () => {
  const plaintext = { ...options, plaintextEnabled: true };

  it.each([
    ['passes with timestamp and nonce', params({ oauth_signature_method: 'PLAINTEXT' }), 'ok'],
    ['needs no timestamp or nonce (RFC 5849 3.4.4)', params({ oauth_signature_method: 'PLAINTEXT', oauth_timestamp: undefined, oauth_nonce: undefined }), 'ok'],
    ['still checks a timestamp that is sent', params({ oauth_signature_method: 'PLAINTEXT', oauth_timestamp: '1' }), 'Timestamp Is Invalid'],
    ['still needs a signature', params({ oauth_signature_method: 'PLAINTEXT', oauth_signature: undefined }), 'Missing Required Signature'],
  ])('%s', (_rule, list, reason) => {
    expect(reasonFor(list, plaintext)).toBe(reason);
  });

  it('a PLAINTEXT request without timestamp is refused as unsupported when PLAINTEXT is off', () => {
    expect(reasonFor(params({ oauth_signature_method: 'PLAINTEXT', oauth_timestamp: undefined, oauth_nonce: undefined }))).toBe('Unsupported Signature Method');
  });

  it('the unsupported-method error names the allowed methods', () => {
    const result = checkProtocolParams(params({ oauth_signature_method: 'RSA-SHA1' }), plaintext);
    expect(result.ok ? '' : result.error.details).toContain('use HMAC-SHA1 or PLAINTEXT');
  });
});

describe('checkProtocolParams: the values it extracts', () => {
  it('returns the protocol values, the timestamp as a number', () => {
    const result = checkProtocolParams(
      params({ oauth_token: 'tok', oauth_callback: 'oob', oauth_verifier: '123456' }).concat({ name: 'term', value: 'x' }),
      options,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        consumerKey: 'ck',
        signatureMethod: 'HMAC-SHA1',
        signature: 'sig=',
        timestamp: NOW,
        nonce: 'n1',
        version: '1.0',
        token: 'tok',
        callback: 'oob',
        verifier: '123456',
      },
    });
  });

  it('an empty oauth_token counts as no token (two-legged clients send oauth_token="")', () => {
    const result = checkProtocolParams(params({ oauth_token: '' }), options);
    expect(result.ok && result.value.token).toBeUndefined();
  });

  it('the error objects carry status and oauth_problem from the catalog', () => {
    const result = checkProtocolParams(params({ oauth_timestamp: '1' }), options);
    expect(result.ok ? undefined : result.error).toMatchObject({ status: 401, code: 'ERR_401_TIMESTAMP_IS_INVALID', oauthProblem: 'timestamp_refused' });
  });
});

describe('checkProtocolParams: oauth_version as shipped clients sent it', () => {
  it.each([
    ['1.0, as RFC 5849 says', '1.0'],
    ['1.0A, as the oauth npm package examples send', '1.0A'],
    ['1.0a in lower case', '1.0a'],
  ])('accepts %s', (_rule, version) => {
    expect(reasonFor(params({ oauth_version: version }), options)).toBe('ok');
  });
});

describe('readProtocolParams: one pass over the request', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `oauth_x${i}`, value: String(i) }));
  const duplicateOf = (list: Array<{ name: string; value: string }>) => {
    const read = readProtocolParams(list);
    return read.ok ? 'none' : /^(\S+) was sent more than once/.exec(read.error.details ?? '')?.[1];
  };

  it.each([
    ['no duplicate among a few', many(5), 'none'],
    ['no duplicate among many (past the short list)', many(40), 'none'],
    ['a duplicate among a few', [...many(5), { name: 'oauth_x2', value: '' }], 'oauth_x2'],
    ['a duplicate of an early name among many', [...many(40), { name: 'oauth_x1', value: '1' }], 'oauth_x1'],
    ['a duplicate of a late name among many', [...many(40), { name: 'oauth_x39', value: '1' }], 'oauth_x39'],
    [
      'the first name seen twice, not the first name that has a twin',
      [...many(20), { name: 'oauth_x19', value: '' }, { name: 'oauth_x0', value: '' }],
      'oauth_x19',
    ],
    [
      'ordinary names repeat freely',
      [
        { name: 'a', value: '1' },
        { name: 'a', value: '1' },
      ],
      'none',
    ],
  ])('%s', (_rule, list, name) => {
    expect(duplicateOf(list)).toBe(name);
  });

  it.each([
    ['nothing sent', [], false],
    ['ordinary parameters only', [{ name: 'term', value: 'x' }], false],
    ['an empty oauth_* parameter', [{ name: 'oauth_token', value: '' }], true],
    ['an unknown oauth_* parameter', [{ name: 'oauth_x', value: '1' }], true],
  ])('says whether any protocol parameter came: %s', (_rule, list, any) => {
    const read = readProtocolParams(list);
    expect(read.ok && read.sent.any).toBe(any);
  });

  it('reads an empty value as absent', () => {
    const read = readProtocolParams([
      { name: 'oauth_token', value: '' },
      { name: 'oauth_nonce', value: 'n' },
    ]);
    expect(read.ok && [read.sent.token, read.sent.nonce]).toEqual([undefined, 'n']);
  });
});
