import { type XmlContext, rel } from './addresses.js';
import { el, link, text } from './writer.js';

/** One created resource of a write: its address, and the title of its link (the title's name). */
export interface CreatedLink {
  href: string;
  title: string;
}

export interface FailedRef {
  /** The reference exactly as the client sent it. */
  ref: string;
  why: string;
}

/**
 * The answer to a queue or collection POST (docs/reference/wire-format.md#write-answers): root `response`
 * holding `resources_created` (one link per added item, rel `{schema_base}/<createdRel>`) and
 * `failed_title_refs` (one link per refused reference, rel `{schema_base}/failed_title_ref`, href = the ref as
 * sent, title = why). Both are always present, even when empty: clients look for them.
 */
export function writeResponseXml(ctx: XmlContext, createdRel: string, created: readonly CreatedLink[], failed: readonly FailedRef[]): string {
  return el(
    'response',
    undefined,
    resourcesCreatedXml(...created.map((c) => link(c.href, rel(ctx, createdRel), c.title))),
    el('failed_title_refs', undefined, ...failed.map((f) => link(f.ref, rel(ctx, 'failed_title_ref'), f.why))),
  );
}

/**
 * `<resources_created>` holding one link per created resource: the answer to a rating POST
 * (docs/reference/wire-format.md#write-answers).
 */
export function resourcesCreatedXml(...links: string[]): string {
  return el('resources_created', undefined, ...links);
}

/**
 * `<status><status_code/><message/></status>`: the answer to PUT and DELETE
 * (docs/reference/wire-format.md#write-answers).
 */
export function statusXml(code: number, message: string): string {
  return el('status', undefined, text('status_code', code), text('message', message));
}
