import type { StockRow } from './stock-store.js';
import { Store } from './store.js';

// Rows of a sandbox's state as they are stored, for exporting it as a scenario file (admin: export). The
// other stores answer what the API shows; this one answers everything needed to rebuild the same state,
// ids and ordering counters included.

type RatingRow = { title_id: number; rating: number; updated: string; seq: number };
type ReviewRow = Record<'id' | 'title_id' | 'helpful' | 'unhelpful' | 'spoilers' | 'rating', number> &
  Record<'created' | 'review_title' | 'review_text', string>;
type RentalRow = { id: number; title_id: number; priority: number; shipped: string; returned: string | null };

export class StateExportStore extends Store {
  readonly ratings = this.rows<[string], RatingRow>('SELECT * FROM ratings WHERE user_guid = ? ORDER BY seq');
  readonly reviews = this.rows<[string], ReviewRow>('SELECT * FROM reviews WHERE user_guid = ? ORDER BY id');
  readonly rentals = this.rows<[string], RentalRow>('SELECT * FROM rentals WHERE user_guid = ? ORDER BY id');
  readonly stock = this.rows<[], StockRow>('SELECT * FROM stock ORDER BY title_id');
  private readonly sequenceRows = this.rows<[], { name: string; value: number }>('SELECT name, value FROM sequences ORDER BY name');

  sequences(): Record<string, number> {
    return Object.fromEntries(this.sequenceRows().map((r) => [r.name, r.value]));
  }
}
