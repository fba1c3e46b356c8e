import type { Rental, Review, UserRating } from '../domain/types.js';
import type { Stock } from './stock-store.js';
import { rowMapper, Store } from './store.js';

// Rows of a sandbox's state, for exporting it as a scenario file (admin: export). The
// other stores answer what the API shows; this one answers everything needed to rebuild the same state,
// ids and ordering counters included.

export class StateExportStore extends Store {
  // The domain's rows, mapped as every store maps them, with what only an export needs (a rating's seq).
  readonly ratings = this.rows<[string], UserRating & { seq: number }>('SELECT * FROM ratings WHERE user_guid = ? ORDER BY seq', rowMapper());
  readonly reviews = this.rows<[string], Omit<Review, 'author'>>('SELECT * FROM reviews WHERE user_guid = ? ORDER BY id', rowMapper('spoilers'));
  readonly rentals = this.rows<[string], Rental>('SELECT * FROM rentals WHERE user_guid = ? ORDER BY id', rowMapper());
  readonly stock = this.rows<[], Stock>('SELECT * FROM stock ORDER BY title_id', rowMapper('fail_add'));
  private readonly sequenceRows = this.rows<[], { name: string; value: number }>('SELECT name, value FROM sequences ORDER BY name');

  sequences(): Record<string, number> {
    return Object.fromEntries(this.sequenceRows().map((r) => [r.name, r.value]));
  }
}
