import { DIGEST_MODULUS, rowDigest } from '../domain/state-digest.js';
import type { Db } from './db.js';

// Triggers on the queue tables, appended to the state schema (schema.ts).
//
// Each user's queue digest (domain/state-digest.ts) is kept here, so that every writer of the queue tables
// (the API, admin ship events, seeding) moves it without knowing about it, and so that a queue ETag costs
// one row read instead of a pass over the queue (docs/decisions/0010-queue-etag-and-moves.md).
// What a row contributes is its content, so the digest is the same for the same rows however they got
// there. Disc positions are kept 1..n in order (a deleted disc closes its gap), which is also what loading
// an exported scenario gives, so a state and its export+load have the same digest.
// A REPLACE on these tables would skip the delete triggers (recursive_triggers is off): delete, then insert.
//
// A deleted item takes its discs with it, so removing a title is one statement for every writer.
//
// Beside the digest, queue_digests counts the user's items (what the queue cap counts): one row read
// instead of a count over the queue. And an inserted item moves the `queue_item` sequence up to its seq,
// so the API's add takes the next value inside its INSERT (QueuesStore.add) and is one statement, all or
// nothing by itself, where it was a sequence update and an insert in a transaction.

/** The columns each queue table contributes, the user's guid aside; free text last so the joined text is unambiguous. */
const HASHED: Readonly<Record<string, readonly string[]>> = {
  queues: ['id', 'allocation', 'is_default', 'position', 'name'],
  queue_items: ['title_id', 'queue_id', 'priority', 'seq', 'shipped_in_order'],
  queue_discs: ['title_id', 'disc_id', 'position'],
};

/** The SQL function the triggers call: rowDigest of its arguments, as an INTEGER. */
export function registerQueueDigest(db: Db): void {
  db.function('queue_row_digest', { deterministic: true, varargs: true }, (...values: unknown[]) => BigInt(rowDigest(values as Array<string | number>)));
}

/**
 * Adds (`new`) or takes away (`old`) one row's digest in its user's running digest, and for an item, one
 * in the user's count of items.
 */
function change(table: string, row: 'new' | 'old'): string {
  const digest = `queue_row_digest('${table}', ${HASHED[table]!.map((c) => `${row}.${c}`).join(', ')})`;
  const term = row === 'new' ? digest : `(${DIGEST_MODULUS} - ${digest}) % ${DIGEST_MODULUS}`;
  const items = table !== 'queue_items' ? 0 : row === 'new' ? 1 : -1;
  return `INSERT INTO queue_digests (user_guid, digest, items) VALUES (${row}.user_guid, ${term}, ${items})
    ON CONFLICT (user_guid) DO UPDATE SET digest = (digest + excluded.digest) % ${DIGEST_MODULUS}, items = items + excluded.items;`;
}

function triggersOf(table: string, onDelete = '', onInsert = ''): string {
  return `
CREATE TRIGGER ${table}_digest_insert AFTER INSERT ON ${table} BEGIN ${change(table, 'new')} ${onInsert} END;
CREATE TRIGGER ${table}_digest_update AFTER UPDATE ON ${table} BEGIN ${change(table, 'old')} ${change(table, 'new')} END;
CREATE TRIGGER ${table}_digest_delete AFTER DELETE ON ${table} BEGIN ${change(table, 'old')} ${onDelete} END;`;
}

export const QUEUE_TRIGGERS = `
CREATE TABLE queue_digests (
  user_guid TEXT PRIMARY KEY,
  digest INTEGER NOT NULL,
  items INTEGER NOT NULL
) WITHOUT ROWID;
${triggersOf('queues')}
${triggersOf(
  'queue_items',
  'DELETE FROM queue_discs WHERE user_guid = old.user_guid AND title_id = old.title_id;',
  `INSERT INTO sequences (name, value) VALUES ('queue_item', new.seq)
    ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value);`,
)}
${triggersOf(
  'queue_discs',
  `UPDATE queue_discs SET position = position - 1
    WHERE user_guid = old.user_guid AND title_id = old.title_id AND position > old.position;`,
)}
`;
