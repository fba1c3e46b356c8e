import { errors } from '../domain/api-error.js';
import { availabilityOf } from '../domain/queue-availability.js';
import { freeSlots, planShipments, type ShipCandidate } from '../domain/ship.js';
import { isoDate } from '../domain/sim-clock.js';
import { titleIdOfRef } from '../domain/title-ref.js';
import type { Rental, User } from '../domain/types.js';
import { checkedConsumer, subscriber } from './admin-lookups.js';
import type { Sandbox } from './sandbox.js';
import type { World } from './world.js';

// The rental business, simulated (design: admin), for POST /__admin/business/ship and /return and the
// library's sim.business: in the sandbox of the consumer named, on the simulator clock's date.

/**
 * Sends titles from the subscriber's queue home: sub-queue allocation, queue order, skipping unavailable
 * and quarantined titles; `count` defaults to filling the allocations.
 */
export function shipFromQueue(world: World, consumer: string | undefined, userRef: string, count?: number) {
  const sandbox = world.sandbox(checkedConsumer(world, consumer).key);
  const user = subscriber(sandbox, userRef);
  const today = isoDate(world.clockOf(sandbox).now());
  const { queues, rentals, sequences } = sandbox.stores;
  const shipped = sandbox.write(() => {
    const subQueues = queues.subQueues(user.guid);
    const slots = count ?? freeSlots(subQueues, rentals.atHome(user.guid).length);
    // Each queued title with whether it can ship to this user today (a title gone from the catalogue cannot).
    const candidates: ShipCandidate[] = queues.items(user.guid).map((item) => {
      const title = world.scenario.catalog.title(item.titleId);
      return { ...item, availability: title ? availabilityOf(title, user.plan, today) : 'unavailable' };
    });
    const plan = planShipments(subQueues, candidates, slots);
    return plan.map((s) => {
      rentals.insert({ id: sequences.next('rental'), userGuid: user.guid, titleId: s.shipId, priority: s.priority, shipped: today });
      if (s.leavesQueue) queues.remove(user.guid, s.titleId);
      else queues.removeDisc(user.guid, s.shipId);
      return { title: s.shipId, queue: subQueues.find((q) => q.id === s.queueId)?.name ?? '', priority: s.priority, shipped: today };
    });
  });
  return { user: user.login, shipped, ...summary(sandbox, user) };
}

/** Brings one title back (id or catalogue URI): it stays in `rented`, with `returned`. */
export function returnHome(world: World, consumer: string | undefined, userRef: string, title: number | string) {
  const sandbox = world.sandbox(checkedConsumer(world, consumer).key);
  const user = subscriber(sandbox, userRef);
  const titleId = typeof title === 'number' ? title : /^\d+$/.test(title) ? Number(title) : titleIdOfRef(title);
  if (titleId === undefined) throw errors.invalidParameter('title', `${JSON.stringify(title)} is not a title id or a catalogue title URI`);
  const date = isoDate(world.clockOf(sandbox).now());
  const returned: Rental | undefined = sandbox.write(() => sandbox.stores.rentals.markReturned({ guid: user.guid, titleId, date }));
  if (!returned) {
    const home = sandbox.stores.rentals.atHome(user.guid).map((r) => r.titleId);
    throw errors.notFound(`title ${titleId} is not at ${user.login}'s home; at home: ${home.length > 0 ? home.join(', ') : 'nothing'}`);
  }
  return { user: user.login, returned: { title: returned.titleId, shipped: returned.shipped, returned: returned.returned }, ...summary(sandbox, user) };
}

/** What the three views show afterwards, so a test can check they agree. */
function summary(sandbox: Sandbox, user: User) {
  return {
    atHome: sandbox.stores.rentals.atHome(user.guid).map((r) => r.titleId),
    queued: sandbox.stores.queues.items(user.guid).map((i) => i.titleId),
  };
}
