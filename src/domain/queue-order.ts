import { errors } from './api-error.js';
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

/** Default priority of an added title (docs/reference/queues-and-lists.md#routes). */
export const DEFAULT_PRIORITY = 2;

/**
 * `priority`: an integer 1 (high) to 3 (low). Absent or blank -> the fallback (2 on POST, unchanged on PUT);
 * anything else -> 400, and the request changes nothing.
 */
export function parsePriority(value: string | undefined): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!/^[+]?0*[1-3]$/.test(v)) {
    throw errors.invalidParameter('priority', `${JSON.stringify(value)} is not a priority; send 1 (high), 2 (default) or 3 (low)`);
  }
  return Number(v);
}

// Sub-queue references as clients send them in `queue_ref`: matched on their path, whatever the host
// (docs/reference/wire-format.md#addresses-and-ids), like title references (title-ref.ts).

const QUEUE_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#\s]*)?\/users\/([0-9A-Fa-f-]+)\/queues\/(every|\d{1,15})\/?(?:[?#].*)?$/i;

/** A sub-queue or every-queue reference (`.../users/<guid>/queues/<id|every>`), or undefined. */
export function parseQueueRef(ref: string): { guid: string; queue: 'every' | number } | undefined {
  const m = QUEUE_PATH.exec(ref.trim());
  if (!m) return undefined;
  const queue = m[2]!.toLowerCase() === 'every' ? 'every' : Number(m[2]);
  return { guid: m[1]!.toUpperCase(), queue };
}
