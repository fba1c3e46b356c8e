import { Router, type Request } from 'express';
import { errors } from '../domain/api-error.js';
import { parseExpand } from '../domain/expand.js';
import { parseBooleanParam, parseListDescription, parseListName } from '../domain/list-params.js';
import { pageOf, USER_PAGING } from '../domain/paging.js';
import { decideListAdds } from '../domain/queue-add.js';
import { isoDateTime } from '../domain/sim-clock.js';
import { parseTitleRefs } from '../domain/title-ref.js';
import type { ListEntry, User, UserList } from '../domain/types.js';
import { statusXml } from '../xml/error.js';
import { listHref, listItemHref, listItemsXml, listItemXml, listLink, listsXml } from '../xml/lists.js';
import { resourcesCreatedXml } from '../xml/resource.js';
import { writeResponseXml } from '../xml/write-response.js';
import { noteRefusals } from './coverage-middleware.js';
import { authenticateUser } from './authenticate.js';
import { embeddedTitles, userListAddress } from './embedded-title.js';
import { ownUser, userOf } from './own-user.js';
import { pageRequestOf } from './page-request.js';
import { ctxOf, storesOf } from './request-context.js';
import { resource } from './resource.js';
import { sendXml } from './send-xml.js';

const guarded = [authenticateUser, ownUser] as const;

/** The user's collections (docs/reference/queues-and-lists.md). */
export function listRoutes(): Router {
  const router = Router();

  resource(
    router,
    '/users/:guid/lists',
    {
      GET: (req, res) => {
        const user = userOf(req);
        sendXml(res, 200, listsXml(ctxOf(req).xml, storesOf(req).stores.lists.listsOf(user.guid)));
      },
      POST: (req, res) => {
        const ctx = ctxOf(req);
        const user = userOf(req);
        const { stores, now } = storesOf(req);
        const name = parseListName(ctx.params.get('name'));
        const description = parseListDescription(ctx.params.get('description'));
        const isPublic = parseBooleanParam('public', ctx.params.get('public'), true);
        const anonymous = parseBooleanParam('anonymous', ctx.params.get('anonymous'), false);
        const stamp = isoDateTime(now);
        const list: UserList = ctx.sandbox.write(() => {
          const created: UserList = {
            id: stores.sequences.next('list', 7001),
            userGuid: user.guid,
            name,
            description,
            author: anonymous ? 'Anonymous' : user.nickname,
            anonymous,
            location: user.location,
            isPublic,
            created: stamp,
            updated: stamp,
          };
          stores.lists.create(created);
          return created;
        });
        res.set('Location', listHref(ctx.xml, user.guid, list.id));
        sendXml(res, 201, resourcesCreatedXml(listLink(ctx.xml, list)));
      },
    },
    guarded,
  );

  resource(
    router,
    '/users/:guid/lists/:list_id',
    {
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const user = userOf(req);
        const list = ownList(req, user);
        const pageReq = pageRequestOf(req, USER_PAGING);
        const render = embeddedTitles(req, parseExpand(ctx.params.get('expand')));
        const page = pageOf(storesOf(req).stores.lists.entries(list.id), pageReq);
        const items = page.items.map((entry) => ({ entry, titleXml: render(entry.titleId) }));
        sendXml(res, 200, listItemsXml(ctx.xml, user.guid, userListAddress(req, user.guid, `lists/${list.id}`), { ...page, items }));
      },
      POST: (req, res) => {
        const ctx = ctxOf(req);
        const user = userOf(req);
        const { stores, catalog, now } = storesOf(req);
        const list = ownList(req, user);
        const refs = parseTitleRefs(ctx.params.get('title_refs')).map((r) => r.ref);
        if (refs.length === 0)
          throw errors.missingParameter('title_refs', 'send a comma-separated list of title URIs, e.g. title_refs={base_url}/catalog/title/<id>');
        const comment = ctx.params.get('comment') ?? ''; // kept exactly as sent, as names are (list-params.ts)
        const decisions = decideListAdds(refs, {
          titleOf: (id) => catalog.title(id),
          inList: (id) => stores.lists.entry(list.id, id) !== undefined,
          failsAdd: (id) => stores.stock.failsAdd(id),
        });
        const stamp = isoDateTime(now);
        ctx.sandbox.write(() => {
          let added = false;
          for (const d of decisions) {
            if (!d.ok) continue;
            stores.lists.addEntry({ listId: list.id, titleId: d.title.id, comment, created: stamp, updated: stamp, seq: stores.sequences.next('list_entry') });
            added = true;
          }
          if (added) stores.lists.touch(list.id, stamp);
        });
        noteRefusals(req, decisions); // for coverage reports
        sendXml(
          res,
          201,
          writeResponseXml(
            ctx.xml,
            'list_item',
            decisions.flatMap((d) => (d.ok ? [{ href: listItemHref(ctx.xml, user.guid, list.id, d.title.id), title: d.title.fullTitle }] : [])),
            decisions.flatMap((d) => (d.ok ? [] : [{ ref: d.ref, why: d.why }])),
          ),
        );
      },
      DELETE: (req, res) => {
        const user = userOf(req);
        const list = ownList(req, user);
        ctxOf(req).sandbox.write(() => storesOf(req).stores.lists.remove(list.id));
        sendXml(res, 200, statusXml(200, `the list ${JSON.stringify(list.name)} and its entries were deleted`));
      },
    },
    guarded,
  );

  resource(
    router,
    '/users/:guid/lists/:list_id/:product_id',
    {
      // Every id can be followed (docs/reference/wire-format.md#addresses-and-ids): the one list_item, as in the list.
      GET: (req, res) => {
        const ctx = ctxOf(req);
        const user = userOf(req);
        const entry = listEntry(req, user, ownList(req, user));
        const titleXml = embeddedTitles(req, parseExpand(ctx.params.get('expand')))(entry.titleId);
        sendXml(res, 200, listItemXml(ctx.xml, user.guid, { entry, titleXml }));
      },
      DELETE: (req, res) => {
        const user = userOf(req);
        const { stores, now } = storesOf(req);
        const list = ownList(req, user);
        const entry = listEntry(req, user, list);
        ctxOf(req).sandbox.write(() => {
          stores.lists.removeEntry(list.id, entry.titleId);
          stores.lists.touch(list.id, isoDateTime(now));
        });
        sendXml(res, 200, statusXml(200, `title ${entry.titleId} removed from the list ${JSON.stringify(list.name)}`));
      },
    },
    guarded,
  );

  return router;
}

/** The entry of the path's title in the list; a title not in it, or a malformed id -> 404. */
function listEntry(req: Request, user: User, list: UserList): ListEntry {
  const raw = String(req.params['product_id'] ?? '');
  const entry = /^\d{1,15}$/.test(raw) ? storesOf(req).stores.lists.entry(list.id, Number(raw)) : undefined;
  if (!entry)
    throw errors.notFound(`title ${JSON.stringify(raw)} is not in the list ${list.id}; use a list_item id from GET /users/${user.guid}/lists/${list.id}`);
  return entry;
}

/**
 * A list of the path's user. An unknown id, and the id of another user's list (public or not), are both "could
 * not be found" (docs/reference/queues-and-lists.md#unknown-lists): lists are reached under their owner's GUID
 * only.
 */
function ownList(req: Request, user: User): UserList {
  const raw = String(req.params['list_id'] ?? '');
  const list = /^\d{1,15}$/.test(raw) ? storesOf(req).stores.lists.list(user.guid, Number(raw)) : undefined;
  if (!list) throw errors.listNotFound(raw);
  return list;
}
