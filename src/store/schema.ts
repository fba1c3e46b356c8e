// The two database shapes. The catalogue is built once per scenario and never written again, so every
// sandbox reads the same catalogue database; each sandbox owns a small state database copied from the
// scenario's template (docs/decisions/0001-two-databases.md).

import { QUEUE_TRIGGERS } from './queue-triggers.js';
import { TABLE_VERSIONS } from './table-versions.js';

export const CATALOG_SCHEMA = `
CREATE TABLE titles (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  full_title TEXT NOT NULL,
  clean_title TEXT NOT NULL,
  release_date TEXT,
  production_year INTEGER,
  can_rent INTEGER NOT NULL,
  adult INTEGER NOT NULL,
  format TEXT NOT NULL,
  cert_scheme TEXT NOT NULL,
  certificate TEXT NOT NULL,
  parent_id INTEGER,
  popularity_rank INTEGER,
  base_ratings INTEGER NOT NULL,
  data TEXT NOT NULL
);
-- Most rated first, carrying the columns the recommendations' popular pool reads (catalog-store.ts) and the tests'
-- SQL reference search filters on, so both walk the index and not the (large) data rows.
CREATE INDEX titles_by_ratings ON titles (base_ratings DESC, id, parent_id, kind, release_date, popularity_rank);
CREATE INDEX titles_by_parent ON titles (parent_id);
-- By id, carrying what the tests' SQL reference search filters and orders on (test/support/title-search-oracle.ts),
-- so it checks a candidate title without reading its (large) data row.
CREATE INDEX titles_for_search ON titles (id, parent_id, kind, base_ratings, release_date, popularity_rank, clean_title);
CREATE TABLE title_facets (
  title_id INTEGER NOT NULL,
  facet TEXT NOT NULL,
  value TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (facet, value, title_id)
) WITHOUT ROWID;
CREATE INDEX title_facets_by_title ON title_facets (title_id, facet);
-- Each facet value once, in the order of the search's ties (facet-index.ts).
CREATE TABLE facet_values (
  id INTEGER PRIMARY KEY,
  facet TEXT NOT NULL,
  value TEXT NOT NULL COLLATE NOCASE,
  UNIQUE (facet, value)
);
-- Arrays the search reads whole, written with the snapshot (search-index-data.ts).
CREATE TABLE search_index (name TEXT PRIMARY KEY, data BLOB NOT NULL) WITHOUT ROWID;
-- Prefix indexes for words of 1 to 3 letters: a search word is a prefix (search-term.ts), and a short one
-- ("the") would otherwise merge the lists of every word it starts (catalog-search-term.ts).
CREATE VIRTUAL TABLE titles_fts USING fts5 (clean_title, full_title, content='', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
CREATE TABLE people (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  popularity INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE person_roles (
  person_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (role, person_id)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE people_fts USING fts5 (name, content='', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
CREATE TABLE catalog_reviews (
  id INTEGER PRIMARY KEY,
  title_id INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX catalog_reviews_by_title ON catalog_reviews (title_id);
`;

export const STATE_SCHEMA = `
CREATE TABLE users (
  guid TEXT PRIMARY KEY,
  login TEXT NOT NULL UNIQUE,
  password TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  nickname TEXT NOT NULL,
  location TEXT NOT NULL,
  plan TEXT NOT NULL
);
CREATE TABLE tokens (
  token TEXT PRIMARY KEY,
  secret TEXT NOT NULL,
  type TEXT NOT NULL,            -- 'request' | 'access'
  consumer_key TEXT,             -- NULL: a scenario token that works with any consumer
  user_guid TEXT,                -- set when a request token is authorised, always for access tokens
  callback TEXT,                 -- request tokens: URL, 'oob', or NULL for OAuth 1.0 clients
  verifier TEXT,
  state TEXT NOT NULL,           -- 'unauthorised' | 'authorised' | 'denied' | 'used' | 'active' | 'revoked'
  failed_verifications INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,   -- simulator clock, ms
  expires_at INTEGER             -- simulator clock, ms; NULL = until revoked
);
CREATE TABLE ratings (
  user_guid TEXT NOT NULL,
  title_id INTEGER NOT NULL,
  rating REAL NOT NULL,
  updated TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (user_guid, title_id)
);
CREATE INDEX ratings_by_title ON ratings (title_id);
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  user_guid TEXT NOT NULL,
  title_id INTEGER NOT NULL,
  created TEXT NOT NULL,
  review_title TEXT NOT NULL,
  review_text TEXT NOT NULL,
  helpful INTEGER NOT NULL,
  unhelpful INTEGER NOT NULL,
  spoilers INTEGER NOT NULL,
  rating REAL NOT NULL
);
CREATE INDEX reviews_by_user ON reviews (user_guid, created DESC);
CREATE INDEX reviews_by_title ON reviews (title_id);
CREATE TABLE queues (
  id INTEGER PRIMARY KEY,
  user_guid TEXT NOT NULL,
  name TEXT NOT NULL,
  allocation INTEGER NOT NULL,
  is_default INTEGER NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX queues_by_user ON queues (user_guid, position);
CREATE TABLE queue_items (
  user_guid TEXT NOT NULL,
  title_id INTEGER NOT NULL,
  queue_id INTEGER NOT NULL,
  priority INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  shipped_in_order INTEGER NOT NULL,
  PRIMARY KEY (user_guid, title_id)
);
CREATE INDEX queue_items_order ON queue_items (user_guid, priority, seq);
CREATE TABLE queue_discs (
  user_guid TEXT NOT NULL,
  disc_id INTEGER NOT NULL,
  title_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (user_guid, disc_id)
);
CREATE INDEX queue_discs_by_item ON queue_discs (user_guid, title_id, position);
CREATE TABLE rentals (
  id INTEGER PRIMARY KEY,
  user_guid TEXT NOT NULL,
  title_id INTEGER NOT NULL,
  priority INTEGER NOT NULL,
  shipped TEXT NOT NULL,
  returned TEXT
);
CREATE INDEX rentals_by_user ON rentals (user_guid, shipped DESC, id DESC);
CREATE TABLE lists (
  id INTEGER PRIMARY KEY,
  user_guid TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  author TEXT NOT NULL,
  anonymous INTEGER NOT NULL,
  location TEXT NOT NULL,
  is_public INTEGER NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
CREATE INDEX lists_by_user ON lists (user_guid, id);
CREATE TABLE list_entries (
  list_id INTEGER NOT NULL,
  title_id INTEGER NOT NULL,
  comment TEXT NOT NULL,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (list_id, title_id)
);
CREATE TABLE stock (
  title_id INTEGER PRIMARY KEY,
  estimated_wait TEXT,            -- 'normal' | 'short' | 'long'; NULL = derived
  fail_add INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE sequences (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
${QUEUE_TRIGGERS}${TABLE_VERSIONS}`;
