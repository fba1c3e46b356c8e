import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import OAuth from 'oauth-1.0a';
import request from 'supertest';
import { BASE, HOST } from './world.js';

export interface Credentials {
  key: string;
  secret: string;
}

/** The default scenario's well-known credentials (README: test credentials). */
export const CONSUMER: Credentials = { key: 'test-consumer-key', secret: 'test-consumer-secret' };
export const OTHER_CONSUMER: Credentials = { key: 'other-consumer-key', secret: 'other-consumer-secret' };
export const ALICE = { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', token: { key: 'alice-access-token', secret: 'alice-access-secret' } };
export const BOB = { guid: '2B8E3E1A-5C3D-4F7A-9E21-6A0C7D9B4F10', token: { key: 'bob-access-token', secret: 'bob-access-secret' } };
export const CAROL = { guid: 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6', token: { key: 'carol-access-token', secret: 'carol-access-secret' } };

export interface SignOptions {
  consumer?: Credentials;
  /** Access token; omit for a two-legged request. */
  token?: Credentials;
  /** Form parameters of a POST/PUT; they are signed and sent as the body. */
  form?: Record<string, string>;
}

function oauthFor(consumer: Credentials): OAuth {
  return new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
}

/** The Authorization header for a request to BASE + pathAndQuery. */
export function authHeader(method: string, pathAndQuery: string, opts: SignOptions = {}): string {
  const oauth = oauthFor(opts.consumer ?? CONSUMER);
  // oauth-1.0a merges the URL's query into the object it is given (and keys can't repeat): give it a copy,
  // so the form we send is the form we meant. A name in both query and body needs sendRaw (oauth-request.ts).
  const data = oauth.authorize({ url: BASE + pathAndQuery, method, data: opts.form && { ...opts.form } }, opts.token);
  return oauth.toHeader(data).Authorization;
}

/**
 * A supertest call signed in the Authorization header, as most real clients did. The Host header is fixed
 * so the signed URL matches what the server reconstructs.
 */
export function signed(app: Server, method: 'GET' | 'POST' | 'PUT' | 'DELETE', pathAndQuery: string, opts: SignOptions = {}): request.Test {
  const agent = request(app);
  const call =
    method === 'GET'
      ? agent.get(pathAndQuery)
      : method === 'POST'
        ? agent.post(pathAndQuery)
        : method === 'PUT'
          ? agent.put(pathAndQuery)
          : agent.delete(pathAndQuery);
  call.set('Host', HOST).set('Authorization', authHeader(method, pathAndQuery, opts));
  if (opts.form) call.type('form').send(new URLSearchParams(opts.form).toString());
  return call;
}

/** Signed as alice with the default consumer. */
export const asAlice = (app: Server, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, form?: Record<string, string>) =>
  signed(app, method, path, { token: ALICE.token, form });
