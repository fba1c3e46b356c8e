import type { Request } from 'express';
import type { RequestContext } from './request-context.js';

/**
 * The consumer key a request names, before (or without) the OAuth check: faults, rate limits and the
 * journal are scoped by it even when the request is later rejected.
 */
export function claimedConsumer(req: Request, ctx: RequestContext | undefined): string | undefined {
  if (ctx?.auth) return ctx.auth.consumer.key;
  const fromParams = ctx?.params.get('oauth_consumer_key');
  if (fromParams) return fromParams;
  const m = /oauth_consumer_key\s*=\s*"([^"]*)"/.exec(req.headers.authorization ?? '');
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1];
  }
}
