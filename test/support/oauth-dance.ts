import type { Server } from 'node:http';
import request from 'supertest';
import { expect } from 'vitest';
import { formAnswer, sendRaw, type Place } from './oauth-request.js';
import { CONSUMER, type Credentials } from './signing.js';

// The three steps of the OAuth dance for HTTP tests, the subscriber's step done through the admin route.

export interface DanceOptions {
  consumer?: Credentials;
  /** A URL, `oob`, or undefined for an OAuth 1.0 client. */
  callback?: string | undefined;
  place?: Place;
  method?: 'GET' | 'POST';
}

/** Step 1: a request token (asserts the answer is 200). */
export async function getRequestToken(app: Server, o: DanceOptions = {}): Promise<Credentials & { answer: Record<string, string> }> {
  const res = await sendRaw(app, {
    method: o.method ?? 'POST',
    path: '/oauth/request_token',
    consumer: o.consumer,
    place: o.place,
    extra: o.callback === undefined ? {} : { oauth_callback: o.callback },
  });
  expect(res.status, res.text).toBe(200);
  const answer = formAnswer(res.text);
  return { key: answer['oauth_token']!, secret: answer['oauth_token_secret']!, answer };
}

/** Step 2 without a browser: POST /__admin/oauth/authorize. */
export async function authorizeAs(app: Server, token: string, user = 'alice', decision: 'allow' | 'deny' = 'allow') {
  return request(app).post('/__admin/oauth/authorize').send({ oauth_token: token, user, decision });
}

/** Step 3: the exchange, answered as it is (not asserted). */
export function exchange(app: Server, requestToken: Credentials, verifier: string | undefined, o: DanceOptions = {}) {
  return sendRaw(app, {
    method: o.method ?? 'POST',
    path: '/oauth/access_token',
    consumer: o.consumer,
    token: requestToken,
    place: o.place,
    extra: verifier === undefined ? {} : { oauth_verifier: verifier },
  });
}

/** The whole dance for `user`; answers the access token. */
export async function danceFor(app: Server, user = 'alice', o: DanceOptions = { callback: 'oob' }): Promise<Credentials> {
  const rt = await getRequestToken(app, o);
  const auth = await authorizeAs(app, rt.key, user);
  expect(auth.status, auth.text).toBe(200);
  const res = await exchange(app, rt, o.callback === undefined ? undefined : auth.body.verifier, o);
  expect(res.status, res.text).toBe(200);
  const answer = formAnswer(res.text);
  return { key: answer['oauth_token']!, secret: answer['oauth_token_secret']! };
}

export { CONSUMER };
