import type { Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import type { AddDecision, QueueAddFacts } from '../../domain/queue-add.js';
import { parseTitleRefs } from '../../domain/title-ref.js';
import { writeResponseXml } from '../../xml/write-response.js';
import { dataOf } from '../request-context.js';
import { sendXml } from '../send-xml.js';
import { pendingOf } from '../journal-notes.js';

/** What every ref is decided by, wherever it is posted: the catalogue, and the scenario's stock. */
export type CatalogFacts = Pick<QueueAddFacts, 'titleOf' | 'failsAdd'>;

/**
 * A POST of `title_refs` (to a queue or a collection): the refs are required; `add` decides and writes them;
 * the 201 lists the items added and each ref that failed with why
 * (docs/reference/queues-and-lists.md#why-a-title-ref-fails).
 */
export function postTitleRefs(
  req: Request,
  res: Response,
  element: 'queue_item' | 'list_item',
  add: (refs: string[], catalog: CatalogFacts) => AddDecision[],
  hrefOf: (titleId: number) => string,
): void {
  const { ctx, stores, catalog } = dataOf(req);
  const refs = parseTitleRefs(ctx.params.get('title_refs')).map((r) => r.ref);
  if (refs.length === 0)
    throw errors.missingParameter('title_refs', 'send a comma-separated list of title URIs, e.g. title_refs={base_url}/catalog/title/<id>');
  const decisions = add(refs, { titleOf: (id) => catalog.title(id), failsAdd: (id) => stores.stock.failsAdd(id) });
  // For coverage: the failed_title_refs by kind (the reasons as the domain decided them, not as XML says them).
  const pending = pendingOf(req);
  if (pending) for (const d of decisions) if (!d.ok) (pending.refusals ??= []).push(d.kind);
  const added = decisions.flatMap((d) => (d.ok ? [{ href: hrefOf(d.title.id), title: d.title.fullTitle }] : []));
  const failed = decisions.flatMap((d) => (d.ok ? [] : [{ ref: d.ref, why: d.why }]));
  sendXml(res, 201, writeResponseXml(ctx.xml, element, added, failed));
}
