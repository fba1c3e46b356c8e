import Database from 'better-sqlite3';
import { titleFacets } from '../domain/title-facets.js';
import type { Person, Review, Title } from '../domain/types.js';
import type { Db } from './db.js';
import { CATALOG_SCHEMA } from './schema.js';
import { rowInserter } from './store.js';
import { writeFacetIndex } from './facet-index.js';
import { writeTitleRanks } from './catalog-search-ranks.js';
import { writeTermIndex } from './term-index.js';

/** A catalogue's rows: what the generator and the curated files make, and what buildCatalogDb stores. */
export interface CatalogData {
  titles: Title[];
  people: Person[];
  reviews: Review[];
}

/**
 * Builds the catalogue database of a scenario: titles, people, their facets and full-text indexes.
 * Done once per scenario; every sandbox then reads the same database.
 */
export function buildCatalogDb(data: CatalogData): Db {
  // No journal pragmas: an in-memory database keeps its journal in memory and refuses OFF (state-db.ts).
  const db = new Database(':memory:');
  db.exec(CATALOG_SCHEMA);
  const peopleById = new Map(data.people.map((p) => [p.id, p]));
  const insertTitle = rowInserter<Title & { certScheme: string; baseRatings: number; data: string }>(db, 'titles');
  const insertFacet = db.prepare('INSERT OR IGNORE INTO title_facets (title_id, facet, value) VALUES (?, ?, ?)');
  const insertTitleFts = db.prepare('INSERT INTO titles_fts (rowid, clean_title, full_title) VALUES (?, ?, ?)');
  const insertPerson = db.prepare('INSERT INTO people (id, name, popularity, data) VALUES (?, ?, ?, ?)');
  const insertRole = db.prepare('INSERT OR IGNORE INTO person_roles (person_id, role) VALUES (?, ?)');
  const insertPersonFts = db.prepare('INSERT INTO people_fts (rowid, name) VALUES (?, ?)');
  const insertReview = db.prepare('INSERT INTO catalog_reviews (id, title_id, data) VALUES (?, ?, ?)');

  db.transaction(() => {
    for (const t of data.titles) {
      const baseRatings = t.baseHistogram.reduce((a, b) => a + b, 0);
      insertTitle({ ...t, certScheme: t.certificateScheme, baseRatings, data: JSON.stringify(t) });
      insertTitleFts.run(t.id, t.cleanTitle, t.fullTitle);
      for (const [facet, value] of titleFacets(t, peopleById)) insertFacet.run(t.id, facet, value);
    }
    for (const p of data.people) {
      insertPerson.run(p.id, p.name, p.filmography.length, JSON.stringify(p));
      insertPersonFts.run(p.id, p.name);
      for (const r of p.roles) insertRole.run(p.id, r);
    }
    for (const r of data.reviews) insertReview.run(r.id, r.titleId, JSON.stringify(r));
    writeFacetIndex(db);
    writeTitleRanks(db);
    writeTermIndex(db);
  })();
  db.exec('ANALYZE');
  return db;
}

/**
 * Opens a catalogue snapshot file read-only. The catalogue is never written, so the file is read through
 * SQLite's page cache rather than copied into memory: the 100,000-title catalogue (hundreds of MB) stays in
 * the OS's file cache, shared by every process that uses it, and a start-up costs an open, not a load.
 * Exclusive locking keeps the shared lock taken on the first read, so no statement pays for re-locking the
 * file or re-checking that it changed (nothing writes it; a new snapshot is a new file).
 */
export function openCatalogSnapshot(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('locking_mode = EXCLUSIVE');
  // Up to 4 MB of pages in the process: the B-tree's inner pages, which every read walks. Searches read
  // in-memory indexes (decision 0031), so what SQLite reads is mostly title rows by id, scattered over the
  // file: a cache four times larger kept only a few per cent of a large catalogue's rows, measured no faster
  // (new pages of a search on large, expand=all at 250 titles) and took more RSS
  // (docs/decisions/0004-catalogue-snapshots.md).
  db.pragma('cache_size = -4096');
  return db;
}
