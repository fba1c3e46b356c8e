import { isoDate } from '../domain/sim-clock.js';
import type { Consumer } from '../domain/types.js';
import { cachedCatalogDb, catalogDbFor } from '../scenarios/catalog-cache.js';
import { checkReferences } from '../scenarios/check-references.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import type { CatalogOptions } from '../seeds/generate-catalog.js';
import type { Db } from '../store/catalog-db.js';
import { catalogSearchOf } from '../store/catalog-search.js';
import { CatalogStore } from '../store/catalog-store.js';
import { seedState } from '../store/seed-state.js';
import { createStateDb, snapshotOf } from '../store/state-db.js';
import { TitleFragmentCache } from '../xml/title-fragment-cache.js';

/** A scenario ready to serve: its catalogue (shared by every sandbox) and the state template to copy. */
export interface LoadedScenario {
  scenario: Scenario;
  file: string;
  catalog: CatalogStore;
  /** Serialized state database; every sandbox and every reset starts from a copy of it. */
  template: Buffer;
  consumers: ReadonlyMap<string, Consumer>;
  /** Serialized titles of this scenario's catalogue (it never changes, so they are cached). */
  titleXml: TitleFragmentCache;
  /** When the template was built (simulator clock): defaults for dates the scenario leaves out. */
  loadedAt: number;
}

/**
 * The catalogues one World has opened, by catalogue settings: scenarios that share settings share one.
 * Generating a catalogue is the slow part of loading, done once per machine into a snapshot file
 * (catalog-cache.ts); each World opens its own connection to it, so two simulators in one process share
 * no catalogue object (nor what it keeps: parsed titles, search orders, category terms).
 */
export class Catalogs {
  private readonly opened = new Map<string, CatalogStore>();

  /** The catalogue of a scenario being loaded, its search indexes read (CatalogSearch.warm). */
  for(scenario: Scenario, today: string): CatalogStore {
    const store = this.open(scenario, today, catalogDbFor)!;
    catalogSearchOf(store).warm();
    return store;
  }

  /** The catalogue if it is open or its snapshot is on disk; never generates one (checking, not loading). */
  ifBuilt(scenario: Scenario, today: string): CatalogStore | undefined {
    return this.open(scenario, today, cachedCatalogDb);
  }

  private open(scenario: Scenario, today: string, dbFor: (options: CatalogOptions) => Db | undefined): CatalogStore | undefined {
    const c = scenario.catalog;
    const key = JSON.stringify([c.seed, c.titles, c.people, c.curated, today]);
    let store = this.opened.get(key);
    if (!store) {
      const db = dbFor({ seed: c.seed, titles: c.titles, people: c.people, curated: c.curated, today });
      if (!db) return undefined;
      store = new CatalogStore(db);
      this.opened.set(key, store);
    }
    return store;
  }

  close(): void {
    for (const store of this.opened.values()) store.db.close();
    this.opened.clear();
  }
}

/** Builds the catalogue (or reuses it) and the state template of a validated scenario. */
export function loadScenario(scenario: Scenario, file: string, now: number, catalogs: Catalogs): LoadedScenario {
  const loadedAt = loadedAtOf(scenario, now);
  const catalog = catalogs.for(scenario, isoDate(loadedAt));
  checkReferences(scenario, file, (id) => catalog.title(id));
  const db = createStateDb();
  seedState(db, scenario, { discIdsOf: (id) => catalog.title(id)?.discIds ?? [] }, loadedAt);
  const template = snapshotOf(db);
  db.close();
  const consumers = new Map<string, Consumer>(
    scenario.consumers.map((c) => [c.key, { key: c.key, secret: c.secret, name: c.name, checkNonce: c.check_nonce }]),
  );
  return { scenario, file, catalog, template, consumers, loadedAt, titleXml: new TitleFragmentCache(catalog) };
}

/** The instant a scenario's data is dated from: its frozen clock if it sets one, else when it loads. */
export function loadedAtOf(scenario: Scenario, now: number): number {
  return scenario.settings.clock ? Date.parse(scenario.settings.clock) : now;
}
