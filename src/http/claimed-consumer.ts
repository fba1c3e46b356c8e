import type { Request } from 'express';
import { isSpace } from '../domain/oauth/authorization-header.js';
import type { RequestContext } from './request-context.js';

/**
 * The consumer key a request names, before (or without) the OAuth check: faults, rate limits and the
 * journal are scoped by it even when the request is later rejected.
 */
export function claimedConsumer(req: Request, ctx: RequestContext | undefined): string | undefined {
  if (ctx?.auth) return ctx.auth.consumer.key;
  const fromParams = ctx?.params.get('oauth_consumer_key');
  if (fromParams) return fromParams;
  const sent = quotedConsumerKey(req.headers.authorization ?? '');
  if (sent === undefined) return undefined;
  try {
    return decodeURIComponent(sent);
  } catch {
    return sent;
  }
}

const NAME = 'oauth_consumer_key';

/**
 * What `/oauth_consumer_key\s*=\s*"([^"]*)"/` captures in the header, read without a regular expression
 * (every request asks, before the verifier has run): the first occurrence of the name followed by `=` and
 * a quoted value, spaces allowed around the `=`.
 */
export function quotedConsumerKey(header: string): string | undefined {
  for (let at = header.indexOf(NAME); at !== -1; at = header.indexOf(NAME, at + 1)) {
    let pos = at + NAME.length;
    while (pos < header.length && isSpace(header.charCodeAt(pos))) pos++;
    if (header.charCodeAt(pos) !== 0x3d) continue;
    pos++;
    while (pos < header.length && isSpace(header.charCodeAt(pos))) pos++;
    if (header.charCodeAt(pos) !== 0x22) continue;
    const close = header.indexOf('"', pos + 1);
    if (close === -1) continue;
    return header.slice(pos + 1, close);
  }
  return undefined;
}
