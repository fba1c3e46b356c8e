// Title and queue references as clients send them (fidelity 2): matched on their path, whatever the host,
// so a client whose base URL names the real service still works against the simulator.

const TITLE_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/catalog\/title\/(\d{1,15})\/?(?:[?#].*)?$/i;
const QUEUE_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?\/users\/([0-9A-Fa-f-]+)\/queues\/(every|\d{1,15})\/?(?:[?#].*)?$/i;

/** The title id of a `.../catalog/title/<id>` reference, or undefined when it is not one. */
export function parseTitleRef(ref: string): number | undefined {
  const m = TITLE_PATH.exec(ref.trim());
  if (!m) return undefined;
  const id = Number(m[1]);
  return id > 0 ? id : undefined;
}

/** A comma list of references as sent, blanks dropped; each keeps its spelling for failed_title_refs. */
export function splitTitleRefs(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

export type QueueRef = { guid: string; queue: 'every' | number };

/** A sub-queue or every-queue reference (`.../users/<guid>/queues/<id|every>`), or undefined. */
export function parseQueueRef(ref: string): QueueRef | undefined {
  const m = QUEUE_PATH.exec(ref.trim());
  if (!m) return undefined;
  const queue = m[2]!.toLowerCase() === 'every' ? 'every' : Number(m[2]);
  return { guid: m[1]!.toUpperCase(), queue };
}
