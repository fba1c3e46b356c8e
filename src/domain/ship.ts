import type { Availability } from './queue-availability.js';
import { compareQueueItems } from './queue-order.js';
import type { QueueItem, SubQueue } from './types.js';

// The rental business's allocation process, simulated (design: admin, business events). Each sub-queue's
// allocation is the number of discs it may send per round; rounds go through the sub-queues in the user's
// order until the slots run out or nothing more can ship. Within a sub-queue items ship in queue order
// (priority, then the order they were added), skipping unavailable and quarantined titles. A multi-disc
// title sends one disc per shipment: the next one in disc order; the title leaves the queue with its last.

export interface ShipCandidate extends Pick<QueueItem, 'titleId' | 'queueId' | 'priority' | 'seq' | 'discIds'> {
  availability: Availability;
}

export interface Shipment {
  /** The queued title. */
  titleId: number;
  /** What goes in the post: the title, or for a multi-disc title its next disc. */
  shipId: number;
  queueId: number;
  priority: number;
  /** True when this shipment empties the queue item (a single title, or the last queued disc). */
  leavesQueue: boolean;
}

/** Slots the allocation process fills when a test does not say how many: the allocations less what is at home. */
export function freeSlots(queues: readonly Pick<SubQueue, 'allocation'>[], atHome: number): number {
  return Math.max(0, queues.reduce((sum, q) => sum + q.allocation, 0) - atHome);
}

export function planShipments(queues: readonly Pick<SubQueue, 'id' | 'allocation' | 'position'>[], items: readonly ShipCandidate[], slots: number): Shipment[] {
  const available = items.filter((item) => item.availability === 'available').sort(compareQueueItems);
  const order = [...queues].filter((q) => q.allocation > 0).sort((a, b) => a.position - b.position || a.id - b.id);
  const waitingIn = new Map(order.map((q) => [q.id, available.filter((item) => item.queueId === q.id)]));
  const out: Shipment[] = [];
  let progress = true;
  while (out.length < slots && progress) {
    progress = false;
    for (const q of order) {
      const waiting = waitingIn.get(q.id) ?? [];
      for (let n = 0; n < q.allocation && waiting.length > 0 && out.length < slots; n++) {
        // A multi-disc title sends its next disc, and leaves the queue with its last.
        const { titleId, queueId, priority, discIds } = waiting.shift()!;
        out.push({ titleId, shipId: discIds[0] ?? titleId, queueId, priority, leavesQueue: discIds.length <= 1 });
        progress = true;
      }
    }
  }
  return out;
}
