import { createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import { CONSUMER, type Credentials } from './signing.js';
import { BASE, HOST } from './world.js';

// A hand-made OAuth 1.0a request for the OAuth tests: every protocol value can be chosen, the parameters
// can be put in the header, the query or the body, and the request can be spoilt after signing. The
// signing below is written from RFC 5849 on its own (not the simulator's code), so it is a second opinion.

export type Place = 'header' | 'query' | 'body';

export interface RawOAuthOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query exactly as sent, e.g. `/catalog/title?term=a%20b`. */
  path: string;
  consumer?: Credentials;
  token?: Credentials;
  /** More oauth_* parameters to sign and send: oauth_callback, oauth_verifier. */
  extra?: Record<string, string>;
  /** Form parameters sent as the body (and signed). */
  form?: Record<string, string>;
  /** Where each oauth_* parameter goes (default: the header); a function places them one by one. */
  place?: Place | ((name: string) => Place);
  timestamp?: string;
  nonce?: string;
  signatureMethod?: string;
  /** undefined: 1.0; null: leave oauth_version out. */
  version?: string | null;
  /** The URL signed, when it should differ from what is sent (default BASE + path). */
  signedUrl?: string;
  /** Change the protocol parameters after signing (drop one, duplicate one, spoil the signature). */
  tamper?: (params: Array<[string, string]>) => Array<[string, string]>;
  host?: string;
  /** Authorization header shape: a realm first, and the separator between pairs (default `, `). */
  realm?: string;
  separator?: string;
  /** Raw `name=value` text added to the query after signing (not signed). */
  appendQuery?: string;
}

export const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

function pairsOf(query: string): Array<[string, string]> {
  return query
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      return i === -1 ? [dec(p), ''] : [dec(p.slice(0, i)), dec(p.slice(i + 1))];
    });
}

/** RFC 5849 3.4.1: the base string of a request whose parameters are `params`. */
export function baseString(method: string, url: string, params: Array<[string, string]>): string {
  const u = new URL(url);
  const port = u.port && !((u.protocol === 'http:' && u.port === '80') || (u.protocol === 'https:' && u.port === '443')) ? `:${u.port}` : '';
  const uri = `${u.protocol}//${u.hostname.toLowerCase()}${port}${url.replace(/^[a-z]+:\/\/[^/]*/i, '').split('?')[0]}`;
  const norm = params
    .filter(([n]) => n !== 'oauth_signature')
    .map(([n, v]) => [enc(n), enc(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([n, v]) => `${n}=${v}`)
    .join('&');
  return [method.toUpperCase(), enc(uri), enc(norm)].join('&');
}

/** The parts of a signed request: where to send it, its headers and its body. */
export function signRaw(o: RawOAuthOptions): { method: string; path: string; headers: Record<string, string>; body?: string } {
  const method = o.method ?? 'GET';
  const consumer = o.consumer ?? CONSUMER;
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', consumer.key],
    ['oauth_nonce', o.nonce ?? randomBytes(12).toString('hex')],
    ['oauth_signature_method', o.signatureMethod ?? 'HMAC-SHA1'],
    ['oauth_timestamp', o.timestamp ?? String(Math.floor(Date.now() / 1000))],
  ];
  if (o.version !== null) protocol.push(['oauth_version', o.version ?? '1.0']);
  if (o.token) protocol.push(['oauth_token', o.token.key]);
  for (const [k, v] of Object.entries(o.extra ?? {})) protocol.push([k, v]);

  const q = o.path.indexOf('?');
  const queryPairs = q === -1 ? [] : pairsOf(o.path.slice(q + 1));
  const formPairs = Object.entries(o.form ?? {});
  const base = baseString(method, o.signedUrl ?? BASE + o.path, [...protocol, ...queryPairs, ...formPairs]);
  const key = `${enc(consumer.secret)}&${enc(o.token?.secret ?? '')}`;
  const signature = protocol.find(([n]) => n === 'oauth_signature_method')![1] === 'PLAINTEXT' ? key : createHmac('sha1', key).update(base).digest('base64');
  let params: Array<[string, string]> = [...protocol, ['oauth_signature', signature]];
  if (o.tamper) params = o.tamper(params);

  const placeOf = typeof o.place === 'function' ? o.place : () => (o.place as Place | undefined) ?? 'header';
  const inHeader = params.filter(([n]) => placeOf(n) === 'header');
  const inQuery = params.filter(([n]) => placeOf(n) === 'query');
  const inBody = params.filter(([n]) => placeOf(n) === 'body');
  const form = (pairs: Array<[string, string]>) => pairs.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&');

  const headers: Record<string, string> = { Host: o.host ?? HOST };
  const realm = o.realm === undefined ? [] : [`realm="${o.realm}"`];
  const pairs = [...realm, ...inHeader.map(([n, v]) => `${enc(n)}="${enc(v)}"`)];
  if (inHeader.length > 0) headers['Authorization'] = 'OAuth ' + pairs.join(o.separator ?? ', ');
  const queryAdded = [...(inQuery.length > 0 ? [form(inQuery)] : []), ...(o.appendQuery ? [o.appendQuery] : [])].join('&');
  const path = queryAdded === '' ? o.path : `${o.path}${q === -1 ? '?' : '&'}${queryAdded}`;
  const bodyPairs = [...formPairs, ...inBody];
  const out: { method: string; path: string; headers: Record<string, string>; body?: string } = { method, path, headers };
  if (bodyPairs.length > 0) {
    out.body = form(bodyPairs);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  return out;
}

/** Sends a signRaw request through supertest. */
export function sendRaw(app: Server, o: RawOAuthOptions): request.Test {
  const r = signRaw(o);
  const agent = request(app);
  const call =
    r.method === 'GET' ? agent.get(r.path) : r.method === 'POST' ? agent.post(r.path) : r.method === 'PUT' ? agent.put(r.path) : agent.delete(r.path);
  for (const [k, v] of Object.entries(r.headers)) call.set(k, v);
  if (r.body !== undefined) call.send(r.body);
  return call;
}

/** Reads a form-encoded answer of /oauth/request_token or /oauth/access_token. */
export function formAnswer(text: string): Record<string, string> {
  return Object.fromEntries(pairsOf(text));
}
