import { describe, expect, it } from 'vitest';
import { normalizeParameters, signatureBaseString } from './base-string.js';
import { checkProtocolParams } from './check-protocol-params.js';
import { collectOAuthParams, type RawRequestParts } from './collect-oauth-params.js';
import { sign } from './sign.js';
import { verifySignature } from './verify-signature.js';

// The worked examples of RFC 5849, run from the raw request through the whole pure pipeline:
// collect -> protocol checks -> base string -> signature.

interface Example extends RawRequestParts {
  method: string;
  scheme: string;
  host: string;
  path: string;
  consumerSecret: string;
  tokenSecret?: string;
}

function verdict(example: Example, nowSeconds: number) {
  const collected = collectOAuthParams(example);
  if (!collected.ok) throw collected.error;
  const checked = checkProtocolParams(collected.params, { realNowSeconds: nowSeconds, timestampWindowSeconds: 300, plaintextEnabled: false });
  if (!checked.ok) throw checked.error;
  return verifySignature({
    ...example,
    params: collected.params,
    signatureMethod: checked.value.signatureMethod,
    signature: checked.value.signature,
  });
}

const header = (pairs: Record<string, string>) =>
  'OAuth realm="Photos", ' +
  Object.entries(pairs)
    .map(([k, v]) => `${k}="${v}"`)
    .join(', ');

/** RFC 5849 1.2: printer.example.com gets access to Jane's photos on photos.example.net. */
const photos: Array<[string, Example, number]> = [
  [
    'the temporary credential request (initiate)',
    {
      method: 'POST',
      scheme: 'https',
      host: 'photos.example.net',
      path: '/initiate',
      consumerSecret: 'kd94hf93k423kf44',
      authorization: header({
        oauth_consumer_key: 'dpf43f3p2l4k3l03',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '137131200',
        oauth_nonce: 'wIjqoS',
        oauth_callback: 'http%3A%2F%2Fprinter.example.com%2Fready',
        oauth_signature: '74KNZJeDHnMBp0EMJ9ZHt%2FXKycU%3D',
      }),
    },
    137131200,
  ],
  [
    'the token request',
    {
      method: 'POST',
      scheme: 'https',
      host: 'photos.example.net',
      path: '/token',
      consumerSecret: 'kd94hf93k423kf44',
      tokenSecret: 'hdhd0244k9j7ao03',
      authorization: header({
        oauth_consumer_key: 'dpf43f3p2l4k3l03',
        oauth_token: 'hh5s93j4hdidpola',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '137131201',
        oauth_nonce: 'walatlh',
        oauth_verifier: 'hfdp7dh39dks9884',
        oauth_signature: 'gKgrFCywp7rO0OXSjdot%2FIHF7IU%3D',
      }),
    },
    137131201,
  ],
  [
    'the protected resource request',
    {
      method: 'GET',
      scheme: 'http',
      host: 'photos.example.net',
      path: '/photos',
      rawQuery: 'file=vacation.jpg&size=original',
      consumerSecret: 'kd94hf93k423kf44',
      tokenSecret: 'pfkkdhi9sl3r4s00',
      authorization: header({
        oauth_consumer_key: 'dpf43f3p2l4k3l03',
        oauth_token: 'nnch734d00sl2jdk',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '137131202',
        oauth_nonce: 'chapoH',
        oauth_signature: 'MdpQcU8iPSUjWoN%2FUDMsK2sui9I%3D',
      }),
    },
    137131202,
  ],
];

describe('RFC 5849 1.2, the photos example', () => {
  it.each(photos)('%s verifies with the printed signature', (_step, example, now) => {
    expect(verdict(example, now)).toMatchObject({ ok: true });
  });

  it.each(photos)('%s fails with a wrong consumer secret', (_step, example, now) => {
    expect(verdict({ ...example, consumerSecret: 'not-the-secret' }, now)).toMatchObject({ ok: false });
  });

  it('the resource request has the printed base string', () => {
    const [, example, now] = photos[2]!;
    expect(verdict(example, now).baseString).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26' +
        'oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3DchapoH%26' +
        'oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26' +
        'oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal',
    );
  });
});

/** RFC 5849 3.4.1, the base string example (header folding replaced by ", "). */
const example341 = {
  method: 'POST',
  scheme: 'http',
  host: 'example.com',
  path: '/request',
  rawQuery: 'b5=%3D%253D&a3=a&c%40=&a2=r%20b',
  formBody: 'c2&a3=2+q',
  authorization:
    'OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", ' +
    'oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", ' +
    'oauth_signature="bYT5CMsGcbgUdFHObYMEfcx6bsw%3D"',
};

describe('RFC 5849 3.4.1, the base string example', () => {
  const collected = collectOAuthParams(example341);
  if (!collected.ok) throw collected.error;
  const baseString = signatureBaseString({ ...example341, params: collected.params });

  it('gives the printed base string', () => {
    expect(baseString).toBe(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q' +
        '%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_' +
        'key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_m' +
        'ethod%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk' +
        '9d7dh3k39sjv7',
    );
  });

  it('gives the printed normalized parameters (3.4.1.3.2)', () => {
    expect(normalizeParameters(collected.params)).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a' +
        '&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
  });

  it('signs to r6/TJjbCOr97/+UU0NsvSne7s5g= with the example secrets (the printed bYT5... is an erratum)', () => {
    expect(sign({ method: 'HMAC-SHA1', baseString, consumerSecret: 'j49sk3j29djd', tokenSecret: 'dh893hdasih9' })).toBe('r6/TJjbCOr97/+UU0NsvSne7s5g=');
  });
});
