import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { errors } from '../domain/api-error.js';
import { decodePairs } from '../domain/oauth/percent-decode.js';
import type { SignatureVerdict } from '../domain/oauth/verify-signature.js';
import type { Consumer, User } from '../domain/types.js';
import type { CatalogStore } from '../store/catalog-store.js';
import type { Stores } from '../store/stores.js';
import type { Sandbox } from '../world/sandbox.js';
import { DEFAULT_SANDBOX, type World } from '../world/world.js';
import type { XmlContext } from '../xml/addresses.js';

const CTX = Symbol('rentalsim.ctx');

type WithContext = Request & { [CTX]?: RequestContext };

export function ctxOf(req: Request): RequestContext {
  const ctx = (req as WithContext)[CTX];
  if (!ctx) throw new Error('request context missing: contextMiddleware must run first');
  return ctx;
}

/** The request's context, or undefined for one refused before it was built (a body over the limit). */
export const contextIfAny = (req: Request): RequestContext | undefined => (req as WithContext)[CTX];

/** The data a handler reads and writes: its sandbox's stores, the scenario's catalogue and the sandbox's now, with the request's context. */
export function dataOf(req: Request): { ctx: RequestContext; stores: Stores; catalog: CatalogStore; now: number } {
  const ctx = ctxOf(req);
  return { ctx, stores: ctx.sandbox.stores, catalog: ctx.world.scenario.catalog, now: ctx.world.clockOf(ctx.sandbox).now() };
}

/**
 * Most header lines a request may send (docs/reference/admin-api.md#journal): node's parser takes 2,000 within its 16 KB, each a
 * string the journal would keep; no client sends a hundred.
 */
const MAX_HEADERS = 100;

export function contextMiddleware(world: World, config: Config) {
  return (req: Request, res: Response, next: () => void): void => {
    if (req.rawHeaders.length > 2 * MAX_HEADERS) throw errors.tooManyHeaders(MAX_HEADERS);
    (req as WithContext)[CTX] = new RequestContext(world, config, req, res, req.url);
    next();
  };
}

/**
 * The context of an admin request, for checking its OAuth signature (a team signing its admin calls): its
 * address is the whole path as sent (`/__admin/...`), which the admin router has stripped from `req.url`.
 */
export function adminContext(world: World, config: Config, req: Request, res: Response): RequestContext {
  const ctx = new RequestContext(world, config, req, res, req.baseUrl + req.url);
  (req as WithContext)[CTX] = ctx;
  return ctx;
}

/**
 * Everything a handler needs about its request, built once by `contextMiddleware`. A class rather than an
 * object literal, so every request's context has one shape from the start (V8 keeps it fast; the literal
 * with its accessor and the `auth` added later fell into dictionary mode).
 */
export class RequestContext {
  readonly xml: XmlContext;
  readonly params: Params;
  /** Absolute path as sent, without the query (a trailing slash kept). */
  readonly path: string;
  /** Raw query string as sent, for OAuth. */
  readonly rawQuery: string;
  /** Raw form body, when the request had one. */
  readonly rawForm: string | undefined;
  /** Who a verified request speaks for, set by the OAuth middleware: the consumer, and the access token's user for three-legged requests. */
  auth?: { consumer: Consumer; user?: User; token?: string } = undefined;
  /**
   * The consumer whose signature this request verified: set by the OAuth verifier, or by the early check
   * faults and the rate limit make (`signerOf`). Undefined: nobody proved who sent it.
   */
  verifiedConsumer: string | undefined = undefined;
  /** Whether that early check ran (at most once a request). */
  signerChecked = false;
  /** The early check found a valid signature whose nonce another request already used: a replay, nobody's. */
  replayed = false;
  /** This request's nonce is recorded: by its route, or by a rule that acted on it first (verify-oauth claimNonce). */
  nonceClaimed = false;
  /**
   * The last signature check of this request and the secrets it used (verify-oauth checkSignature): its verdict
   * for one pair of secrets. Nothing else it depends on changes during a request (method, address, parameters,
   * the signature sent), and several checks ask (the route, then whom the journal files it under): a base string
   * is built once, where a 64 KB form body makes one of ~320 KB.
   */
  signature: { consumerSecret: string; tokenSecret: string | undefined; signatureMethod: string; verdict: SignatureVerdict } | undefined = undefined;
  private chosenSandbox: Sandbox | undefined = undefined;

  constructor(
    readonly world: World,
    readonly config: Config,
    req: Request,
    private readonly res: Response,
    url: string,
  ) {
    const q = url.indexOf('?');
    this.rawQuery = q === -1 ? '' : url.slice(q + 1);
    this.rawForm = typeof req.body === 'string' ? req.body : undefined;
    this.xml = { baseUrl: baseUrlOf(req, config), schemaBase: config.schemaBase, webBase: config.webBase };
    this.params = Params.parse(this.rawQuery, this.rawForm);
    this.path = q === -1 ? url : url.slice(0, q);
  }

  /** The sandbox this request reads and writes; chosen from the consumer key once OAuth has run. */
  // Opened only when read: OAuth usually picks the consumer's sandbox first, and the shared default one
  // should not be touched (nor take a place under the sandbox cap) by every request.
  get sandbox(): Sandbox {
    return this.chosenSandbox ?? (this.sandbox = this.world.sandbox(DEFAULT_SANDBOX));
  }

  // The request holds its sandbox until its connection is done with, so one dropped meanwhile (the cap, a
  // reset) is closed only then (Sandbox.hold). A request whose client already left holds nothing: no
  // 'close' is coming to release it.
  set sandbox(box: Sandbox) {
    const previous = this.chosenSandbox;
    if (box === previous) return;
    this.chosenSandbox = box;
    if (this.res.closed) return;
    box.hold();
    if (previous) previous.release();
    else this.res.once('close', () => this.chosenSandbox!.release());
  }
}

/**
 * The API parameters of a request: the query string and a form body together, in the order sent, duplicates
 * kept: any method may send them in either place (docs/reference/wire-format.md#parameters). Names and values
 * are decoded the application/x-www-form-urlencoded way.
 */
export class Params {
  constructor(readonly pairs: ReadonlyArray<readonly [string, string]>) {}

  /**
   * A form body that is not text (a lone surrogate) is a 400: nothing can sign, store or echo it. Over
   * MAX_PARAMS parameters is a 400 found before the rest are decoded.
   */
  static parse(rawQuery: string, rawForm: string | undefined): Params {
    if (rawForm) refuseLoneSurrogates(rawForm);
    const pairs = decodePairs(rawQuery, MAX_PARAMS);
    if (rawForm) decodePairs(rawForm, MAX_PARAMS, pairs);
    return new Params(pairs);
  }

  /** The first value of a parameter, or undefined. */
  get(name: string): string | undefined {
    for (const [k, v] of this.pairs) if (k === name) return v;
    return undefined;
  }

  getAll(name: string): string[] {
    return this.pairs.filter(([k]) => k === name).map(([, v]) => v);
  }
}

/**
 * Most parameters one request may send, query and form body together (docs/reference/admin-api.md#journal). The operation
 * that reads the most reads about ten, OAuth's add seven: 256 leaves any client room, and bounds what a
 * request of tiny parameters costs to decode and journal.
 */
const MAX_PARAMS = 256;

/** With the `u` flag a surrogate pair is one code point; what \p{Cs} still matches stands alone. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The body parser decodes a form in the charset it declares, and UTF-16 and UTF-7 can spell half of a
 * surrogate pair with nothing after it. That is not text: OAuth's percent-encoding cannot encode it, XML
 * cannot carry it. UTF-8 cannot spell one (its decoder makes U+FFFD), and percent-escapes decode as UTF-8,
 * so only a raw form body can hold one.
 */
function refuseLoneSurrogates(rawForm: string): void {
  const at = rawForm.search(LONE_SURROGATE);
  if (at === -1) return;
  const unit = rawForm.charCodeAt(at).toString(16).toUpperCase();
  throw errors.badRequest(
    `the form body holds a lone UTF-16 surrogate (U+${unit}, character ${at + 1} once decoded in the charset the Content-Type names), which is not text; ` +
      'send well-formed text, best as UTF-8 with non-ASCII characters percent-encoded',
  );
}

/**
 * The configured public URL, else the address the client used, absolute-form host included
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
export function baseUrlOf(req: Request, config: Config): string {
  return config.publicUrl || (req as WithOrigin).absoluteOrigin || `${req.protocol}://${(req.headers.host ?? 'localhost').toLowerCase()}`;
}

type WithOrigin = Request & { absoluteOrigin?: string };

/**
 * Accepts absolute-form request lines (`GET http://host/path HTTP/1.1`), which clients send through an HTTP
 * proxy (docs/reference/wire-format.md#addresses-and-ids): routing sees the path, and the origin is remembered
 * for {base_url} and the OAuth base string URI. It runs inside the app's router, which read the URL before this
 * rewrote it: a router mounted at a path (`app.use('/x', r)`) must sit inside a router of its own, as /__admin
 * does in app.ts, or express glues the stale `http://host` back on when it strips the path.
 */
export function absoluteFormMiddleware(req: Request, _res: Response, next: () => void): void {
  const m = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(req.url);
  if (m) {
    (req as WithOrigin).absoluteOrigin = `${m[1]!.toLowerCase()}://${m[2]!.toLowerCase()}`;
    req.url = m[3] || '/';
  }
  next();
}
