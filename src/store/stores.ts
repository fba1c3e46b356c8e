import type { Db } from './db.js';
import { ListsStore } from './lists-store.js';
import { QueuesStore } from './queues-store.js';
import { RatingsStore } from './ratings-store.js';
import { RentalsStore } from './rentals-store.js';
import { ReviewsStore } from './reviews-store.js';
import { Sequences } from './sequences.js';
import { StockStore } from './stock-store.js';
import { TitleStatsStore } from './title-stats-store.js';
import { TokensStore } from './tokens-store.js';
import { UserTitlesStore } from './user-titles-store.js';
import { UsersStore } from './users-store.js';

/**
 * Every store of one sandbox's state database. Add a store here when a new table group arrives; handlers
 * reach them as `ctx.stores.<name>`.
 */
export function createStores(db: Db) {
  return {
    sequences: new Sequences(db),
    users: new UsersStore(db),
    queues: new QueuesStore(db),
    lists: new ListsStore(db),
    stock: new StockStore(db),
    tokens: new TokensStore(db),
    titleStats: new TitleStatsStore(db),
    ratings: new RatingsStore(db),
    reviews: new ReviewsStore(db),
    rentals: new RentalsStore(db),
    userTitles: new UserTitlesStore(db),
  };
}

export type Stores = ReturnType<typeof createStores>;
