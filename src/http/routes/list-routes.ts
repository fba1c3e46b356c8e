import { Router, type Request } from 'express';
import { errors } from '../../domain/api-error.js';
import { pageOf, USER_PAGING } from '../../domain/paging.js';
import { newList, parseBooleanParam, parseListDescription, parseListName, planListAdds } from '../../domain/list-writes.js';
import { isoDateTime } from '../../domain/sim-clock.js';
import type { ListEntry, User, UserList } from '../../domain/types.js';
import { listHref, listItemHref, listItemsXml, listItemXml, listLink, listsXml } from '../../xml/queues-and-lists.js';
import { resourcesCreatedXml, statusXml } from '../../xml/write-response.js';
import { embeddedTitles, withTitles } from './title-renderer.js';
import { type CatalogFacts, postTitleRefs } from './post-title-refs.js';
import { ctxOf, dataOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendXml } from '../send-xml.js';
import { byPathId, ownDataOf, ownUserGuards, pageRequestOf, userListAddress, userOf } from './route-params.js';

/** The user's collections (docs/reference/queues-and-lists.md). */
export function listRoutes(): Router {
  const router = Router();

  resource(router, '/users/:guid/lists', ownUserGuards, {
    GET: (req, res) => sendXml(res, 200, listsXml(ctxOf(req).xml, dataOf(req).stores.lists.listsOf(userOf(req).guid))),
    POST: (req, res) => {
      const { ctx, stores, now, user } = ownDataOf(req);
      const fields = {
        name: parseListName(ctx.params.get('name')),
        description: parseListDescription(ctx.params.get('description')),
        isPublic: parseBooleanParam('public', ctx.params.get('public'), true),
        anonymous: parseBooleanParam('anonymous', ctx.params.get('anonymous'), false),
      };
      const list = ctx.sandbox.write(() => {
        const created = newList(stores.sequences.next('list'), user, fields, now);
        stores.lists.create(created);
        return created;
      });
      res.set('Location', listHref(ctx.xml, user.guid, list.id));
      sendXml(res, 201, resourcesCreatedXml(listLink(ctx.xml, list)));
    },
  });

  resource(router, '/users/:guid/lists/:list_id', ownUserGuards, {
    GET: (req, res) => {
      const { ctx, stores, user } = ownDataOf(req);
      const list = ownList(req, user);
      const entries = pageOf(stores.lists.entries(list.id), pageRequestOf(req, USER_PAGING));
      const page = withTitles(req, entries, (entry, render) => ({ entry, titleXml: render(entry.titleId) }));
      sendXml(res, 200, listItemsXml(ctx.xml, user.guid, userListAddress(req, user.guid, `lists/${list.id}`), page));
    },
    POST: (req, res) => {
      const { ctx, stores, now, user } = ownDataOf(req);
      const list = ownList(req, user);
      const add = (refs: string[], catalog: CatalogFacts) => {
        const comment = ctx.params.get('comment') ?? ''; // kept exactly as sent, as names are (list-writes.ts)
        const facts = { ...catalog, inList: (id: number) => stores.lists.entry(list.id, id) !== undefined };
        return ctx.sandbox.write(() => {
          const plan = planListAdds(refs, { listId: list.id, comment, nextSeq: () => stores.sequences.next('list_entry') }, facts, now);
          stores.lists.addEntries(plan);
          return plan.decisions;
        });
      };
      postTitleRefs(req, res, 'list_item', add, (titleId) => listItemHref(ctx.xml, user.guid, list.id, titleId));
    },
    DELETE: (req, res) => {
      const { ctx, stores, user } = ownDataOf(req);
      const list = ownList(req, user);
      ctx.sandbox.write(() => stores.lists.remove(list.id));
      sendXml(res, 200, statusXml(200, `the list ${JSON.stringify(list.name)} and its entries were deleted`));
    },
  });

  resource(router, '/users/:guid/lists/:list_id/:product_id', ownUserGuards, {
    // Every id can be followed (docs/reference/wire-format.md#addresses-and-ids): the one list_item, as in the list.
    GET: (req, res) => {
      const user = userOf(req);
      const entry = listEntry(req, user, ownList(req, user));
      sendXml(res, 200, listItemXml(ctxOf(req).xml, user.guid, { entry, titleXml: embeddedTitles(req)(entry.titleId) }));
    },
    DELETE: (req, res) => {
      const { ctx, stores, now, user } = ownDataOf(req);
      const list = ownList(req, user);
      const entry = listEntry(req, user, list);
      ctx.sandbox.write(() => {
        stores.lists.removeEntry(list.id, entry.titleId);
        stores.lists.touch({ id: list.id, updated: isoDateTime(now) });
      });
      sendXml(res, 200, statusXml(200, `title ${entry.titleId} removed from the list ${JSON.stringify(list.name)}`));
    },
  });

  return router;
}

/** The entry of the path's title in the list; a title not in it, or a malformed id -> 404. */
function listEntry(req: Request, user: User, list: UserList): ListEntry {
  const notFound = (raw: string) =>
    errors.notFound(`title ${JSON.stringify(raw)} is not in the list ${list.id}; use a list_item id from GET /users/${user.guid}/lists/${list.id}`);
  return byPathId(req, 'product_id', (id) => dataOf(req).stores.lists.entry(list.id, id), notFound);
}

/**
 * A list of the path's user. An unknown id, and the id of another user's list (public or not), are both "could
 * not be found" (docs/reference/queues-and-lists.md#unknown-lists): lists are reached under their owner's GUID
 * only.
 */
function ownList(req: Request, user: User): UserList {
  return byPathId(req, 'list_id', (id) => dataOf(req).stores.lists.list(user.guid, id), errors.listNotFound);
}
