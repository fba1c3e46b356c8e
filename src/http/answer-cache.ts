import type { Request, Response } from 'express';
import { isoDate } from '../domain/sim-clock.js';
import { dataVersion } from '../store/data-version.js';
import type { Sandbox } from '../world/sandbox.js';
import type { World } from '../world/world.js';
import { ctxOf, type RequestContext } from './request-context.js';
import { sendXmlBytes, xmlBytes } from './send-xml.js';

/** All answers kept at once, over every sandbox, in bytes; the least recently used go first. */
const MAX_BYTES = 16 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}

/**
 * Values computed from a sandbox's data, kept while that data is unchanged (docs/decisions/0005-answer-cache.md).
 * Each entry records the sandbox's data version (src/store/data-version.ts) when it was computed; any write
 * in the sandbox moves the version on, so a later read computes afresh. Keys name the sandbox instance, so
 * a reset (a new sandbox) never sees its predecessor's entries.
 */
class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get(key: string, version: number): unknown {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    // Most recently used last, so eviction takes the oldest first.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, version: number, value: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [k, e] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }
}

const caches = new WeakMap<World, AnswerCache>();
const sandboxIds = new WeakMap<Sandbox, number>();
let lastSandboxId = 0;

function cacheOf(world: World): AnswerCache {
  let c = caches.get(world);
  if (!c) caches.set(world, (c = new AnswerCache()));
  return c;
}

function sandboxId(sandbox: Sandbox): number {
  let id = sandboxIds.get(sandbox);
  if (id === undefined) sandboxIds.set(sandbox, (id = ++lastSandboxId));
  return id;
}

/**
 * A value computed from this request's sandbox (and the simulator's day), kept until the sandbox's data
 * changes. `key` must name everything else the value depends on.
 */
export function remembered<T>(req: Request, key: string, compute: () => T, bytesOf: (value: T) => number = () => 64): T {
  const ctx = ctxOf(req);
  // A rollback undoes writes without moving the data version back (src/store/data-version.ts).
  if (ctx.sandbox.db.inTransaction) return compute();
  const cache = cacheOf(ctx.world);
  const fullKey = `${sandboxId(ctx.sandbox)}|${isoDate(ctx.world.clock.now())}|${key}`;
  const version = dataVersion(ctx.sandbox.db);
  const hit = cache.get(fullKey, version) as T | undefined;
  if (hit !== undefined) return hit;
  const value = compute();
  cache.set(fullKey, version, value, bytesOf(value));
  return value;
}

/**
 * Sends the XML answer of a read, rendering it only when the sandbox's data, the day or the request (its
 * path as sent, parameters other than oauth_*, address and user) differ from an earlier one. `render` reads
 * and checks the parameters itself: what it throws is answered as an error and never kept, so a repeated
 * request that was answered before skips reading them again.
 */
export function sendRememberedXml(req: Request, res: Response, render: () => string): void {
  const body = remembered(req, answerKey(req, res, ctxOf(req)), () => xmlBytes(res, render()), (b) => b.length);
  sendXmlBytes(res, 200, body);
}

function answerKey(req: Request, res: Response, ctx: RequestContext): string {
  const params = ctx.params.pairs.filter(([name]) => !name.startsWith('oauth_'));
  const { baseUrl, schemaBase, webBase } = ctx.xml;
  const pretty = res.app.locals['prettyXml'] ? 'pretty' : 'compact';
  return `answer|${req.method}|${ctx.path}|${ctx.auth?.user?.guid ?? ''}|${baseUrl}|${schemaBase}|${webBase}|${pretty}|${JSON.stringify(params)}`;
}
