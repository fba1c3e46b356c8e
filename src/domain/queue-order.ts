import type { QueueItem } from './types.js';

// Queue order (docs/reference/queues-and-lists.md#order-and-moves): priority first (1 high, 3 low), then the
// order titles were added (seq).

export function compareQueueItems(a: Pick<QueueItem, 'priority' | 'seq'>, b: Pick<QueueItem, 'priority' | 'seq'>): number {
  return a.priority - b.priority || a.seq - b.seq;
}

/**
 * Where a moved item lands. A PUT keeps the item's seq, the moment it was first added, whatever it changes:
 * a new priority puts it among that priority's items at its original place in time, and moving it to
 * another sub-queue slots it into that sub-queue by the same rule. So the every-queue order never depends
 * on which sub-queue holds a title, and repeating a PUT changes nothing.
 */
export function movedItem<T extends QueueItem>(item: T, change: { priority?: number; queueId?: number }): T {
  return { ...item, priority: change.priority ?? item.priority, queueId: change.queueId ?? item.queueId };
}
