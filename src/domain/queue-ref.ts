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
