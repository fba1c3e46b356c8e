import { sequenceStart } from '../domain/ids.js';
import { isoDateTime } from '../domain/sim-clock.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { createStateDb } from '../store/state-db.js';
import { createStores } from '../store/stores.js';
import { writeTransaction } from '../store/write-transaction.js';
import { checkReferences, explicitIds } from './check-references.js';
import type { Scenario } from './scenario-schema.js';

/**
 * Checks a validated scenario's titles against its catalogue and builds its state template: the serialized
 * state database every sandbox is copied from, its users and their state written through its stores. A title
 * missing is the scenario's ScenarioError. `loadedAt` stands in for any date the scenario leaves out, so the
 * template is the same on every copy.
 */
export function seedTemplate(scenario: Scenario, file: string, catalog: CatalogStore, loadedAt: number): Buffer {
  checkReferences(scenario, file, (id) => catalog.title(id));
  const db = createStateDb();
  const stores = createStores(db);
  const seq = stores.sequences;
  const stamp = (offsetMinutes: number) => isoDateTime(loadedAt - offsetMinutes * 60_000);
  writeTransaction(db)(() => {
    // Rows an exported file numbers itself: rows it leaves unnumbered are numbered above them.
    // Folded, not spread into Math.max: an exported sandbox can give a sequence more ids than a call takes arguments.
    for (const [name, ids] of explicitIds(scenario)) {
      const highest = ids.reduce((a, b) => Math.max(a, b), sequenceStart(name) - 1);
      if (ids.length > 0) seq.raise(name, highest);
    }
    for (const u of scenario.users) {
      const { guid: userGuid, login, password, location, plan } = u;
      const nickname = u.nickname ?? u.first_name;
      stores.users.insert({ guid: userGuid, login, password, firstName: u.first_name, lastName: u.last_name, nickname, location, plan });
      // A pre-issued token without a consumer works with any consumer (consumer_key NULL).
      for (const { token, secret, consumer } of u.access_tokens) {
        stores.tokens.insert({ token, secret, type: 'access', consumerKey: consumer, userGuid, state: 'active', failedVerifications: 0, createdAt: loadedAt });
      }
      u.ratings.forEach((r, i) => stores.ratings.insert(userGuid, r.title, r.rating, r.updated ?? stamp(i * 60 + 60), r.order));
      u.reviews.forEach(({ id, title, title_text, text, created, ...counts }, i) => {
        const review = { id: id ?? seq.next('review'), userGuid, titleId: title, created: created ?? stamp(i * 1440 + 30) };
        stores.reviews.insert({ ...review, reviewTitle: title_text, reviewText: text, ...counts });
      });
      const queues = u.queues.length > 0 ? u.queues : [{ id: undefined, name: 'Default', allocation: 1, default: true, items: [] }];
      // The first sub-queue marked default is the default; none marked: the first.
      const defaultAt = Math.max(0, queues.map((q) => q.default).indexOf(true));
      queues.forEach((q, position) => {
        const queueId = q.id ?? seq.next('queue');
        stores.queues.insertQueue({ id: queueId, userGuid, name: q.name, allocation: q.allocation, isDefault: position === defaultAt, position });
        for (const item of q.items) {
          const allDiscs = catalog.title(item.title)?.discIds ?? [];
          const shippedInOrder = item.shipped_in_order ?? allDiscs.length > 0;
          stores.queues.add({ userGuid, titleId: item.title, queueId, priority: item.priority, shippedInOrder, discIds: item.discs ?? allDiscs }, item.order);
        }
      });
      for (const { id, title, ...r } of u.rentals) stores.rentals.insert({ id: id ?? seq.next('rental'), userGuid, titleId: title, ...r });
      u.lists.forEach((l, i) => {
        const listId = l.id ?? seq.next('list');
        const created = l.created ?? stamp(10_000 - i);
        const author = l.anonymous ? 'Anonymous' : nickname;
        const { name, description, anonymous } = l;
        const list = { id: listId, userGuid, name, description, author, anonymous, location, isPublic: l.public };
        stores.lists.create({ ...list, created, updated: l.updated ?? created });
        const entries = l.items.map((e) => {
          const at = e.created ?? created;
          return { listId, titleId: e.title, comment: e.comment, created: at, updated: e.updated ?? at, seq: e.order ?? seq.next('list_entry') };
        });
        stores.lists.addEntries({ listId, entries, updated: undefined });
      });
    }
    for (const s of scenario.stock) stores.stock.insert({ titleId: s.title, estimatedWait: s.estimated_wait, failAdd: s.fail_add });
    // Counters an exported sandbox carried: never below what seeding used, so ids stay unique.
    for (const [name, value] of Object.entries(scenario.sequences)) seq.raise(name, value);
  });
  const template = db.serialize();
  db.close();
  return template;
}
