import { existsSync, rmSync } from 'node:fs';
import { isoDate } from '../domain/sim-clock.js';
import type { Consumer } from '../domain/types.js';
import { buildCatalogSnapshot, catalogSnapshotFile, catalogSnapshotNow, pruneCatalogSnapshots, touchCatalogSnapshot } from '../scenarios/catalog-cache.js';
import { seedTemplateLater } from '../scenarios/scenario-parser.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { seedTemplate } from '../scenarios/seed-state.js';
import type { CatalogOptions } from '../seeds/generate-catalog.js';
import { catalogSearchOf } from '../store/catalog-search.js';
import { openCatalogSnapshot } from '../store/catalog-db.js';
import { CatalogStore } from '../store/catalog-store.js';
import { TitleFragmentCache } from '../xml/title-fragment-cache.js';

/** A scenario ready to serve: its catalogue (shared by every sandbox) and the state template to copy. */
export interface LoadedScenario {
  /** What its file says, parsed and checked. */
  definition: Scenario;
  catalog: CatalogStore;
  /** Serialized state database; every sandbox and every reset starts from a copy of it. */
  template: Buffer;
  consumers: ReadonlyMap<string, Consumer>;
  /** Serialized titles of this scenario's catalogue (it never changes, so they are cached). */
  titleXml: TitleFragmentCache;
}

/**
 * The catalogues one World has opened, by catalogue settings: scenarios that share settings share one.
 * Generating a catalogue is the slow part of loading, done once per machine into a snapshot file
 * (catalog-cache.ts); each World opens its own connection to it, so two simulators in one process share
 * no catalogue object (nor what it keeps: parsed titles, search orders, category terms).
 *
 * After start-up, catalogues are built by `build`, off the event loop: one child process at a time (each
 * takes a core and, at the upload caps, a few hundred MB), and two loads of the same settings at once wait
 * for the same build. A snapshot a build wrote stays only if a load keeps it (`kept`); a refused load
 * (`abandoned`) deletes it, so a refused upload leaves nothing on disk.
 */
export class Catalogs {
  /** By snapshot file: one per catalogue settings. */
  private readonly opened = new Map<string, OpenCatalog>();
  private readonly building = new Map<string, Promise<OpenCatalog>>();
  /** The build running now, which the next one waits for. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  /**
   * The catalogue of the scenario loaded at start-up (its snapshot written if need be), warmed: the one the
   * scenario files' title checks opened (ifBuilt) if they did, so a world holds one connection to it.
   */
  for(scenario: Scenario, today: string): CatalogStore {
    // Never deleted (not fresh): marked as used, so pruning takes it last.
    const file = catalogSnapshotNow(optionsOf(scenario, today));
    const open = this.opened.get(file) ?? this.add(file);
    touchCatalogSnapshot(open.file);
    for (const step of catalogSearchOf(open.store).warmSteps()) step();
    open.warm = true;
    return open.store;
  }

  /**
   * The catalogue of a scenario being loaded after start-up: opened if its snapshot is on disk, else built
   * in a child process. Not warmed (`warm` does that when it is switched to). The load that asked must
   * say whether it `kept` it or `abandoned` it.
   */
  async build(scenario: Scenario, today: string): Promise<OpenCatalog> {
    if (this.closed) throw new Error('rentalsim: the simulator is closed');
    const options = optionsOf(scenario, today);
    const file = catalogSnapshotFile(options);
    const open = this.opened.get(file) ?? (await (this.building.get(file) ?? this.openBuilt(options, file)));
    open.users++;
    return open;
  }

  /** Reads a catalogue's search indexes a step a turn, so no turn of the event loop holds them all. */
  async warm(store: CatalogStore): Promise<void> {
    const open = this.find(store);
    if (!open || open.warm) return;
    for (const step of catalogSearchOf(store).warmSteps()) {
      step();
      await new Promise((resolve) => setImmediate(resolve));
    }
    open.warm = true;
  }

  /** A load kept this catalogue: its snapshot is marked as used, and is no longer deleted if a load is refused. */
  kept(store: CatalogStore): void {
    const open = this.find(store);
    if (!open) return;
    open.fresh = false;
    touchCatalogSnapshot(open.file);
  }

  /**
   * A load of this catalogue was refused. If the snapshot was written for it and no other load uses it,
   * the catalogue is closed and its snapshot deleted (if another process has not already): a refused upload
   * leaves nothing behind.
   */
  abandoned(store: CatalogStore): void {
    const open = this.find(store);
    if (!open) return;
    open.users--;
    if (!open.fresh || open.users > 0) return;
    this.opened.delete(open.file);
    open.store.db.close();
    rmSync(open.file, { force: true });
  }

  /**
   * The catalogue if it is open or its snapshot is on disk; never generates one (checking, not loading):
   * opening a snapshot is cheap and generating one is not, the large one least of all.
   */
  ifBuilt(scenario: Scenario, today: string): CatalogStore | undefined {
    const file = catalogSnapshotFile(optionsOf(scenario, today));
    return (this.opened.get(file) ?? (existsSync(file) ? this.add(file) : undefined))?.store;
  }

  close(): void {
    this.closed = true;
    for (const open of this.opened.values()) open.store.db.close();
    this.opened.clear();
  }

  private find(store: CatalogStore): OpenCatalog | undefined {
    for (const open of this.opened.values()) if (open.store === store) return open;
    return undefined;
  }

  /** Builds the snapshot after the build running now, then opens it; loads of the same settings meanwhile wait for this one. */
  private openBuilt(options: CatalogOptions, file: string): Promise<OpenCatalog> {
    const turn = this.queue.then(() => buildCatalogSnapshot(options));
    this.queue = turn.catch(() => undefined);
    const pending = turn
      .then(({ written }) => {
        // Pruning keeps every catalogue this world has open (the active scenario's among them) and the new one.
        if (written) pruneCatalogSnapshots([file, ...this.opened.keys()]);
        if (this.closed) throw new Error('rentalsim: the simulator was closed while a catalogue was being built');
        return this.add(file, written);
      })
      .finally(() => this.building.delete(file));
    this.building.set(file, pending);
    return pending;
  }

  /** Opens a catalogue on its snapshot. */
  private add(file: string, fresh = false): OpenCatalog {
    const open: OpenCatalog = { store: new CatalogStore(openCatalogSnapshot(file)), file, users: 0, fresh, warm: false };
    this.opened.set(file, open);
    return open;
  }
}

interface OpenCatalog {
  store: CatalogStore;
  file: string;
  /** Loads that use it, kept or still running (a loaded scenario keeps its use for the world's life). */
  users: number;
  /** Written for a load that has not kept it yet: deleted if that load is refused. */
  fresh: boolean;
  /** Its search indexes are read. */
  warm: boolean;
}

function optionsOf(scenario: Scenario, today: string): CatalogOptions {
  // Picked, not spread: only the generator's options reach it and the snapshot's file name, which hashes them in this order.
  const c = scenario.catalog;
  return { seed: c.seed, titles: c.titles, people: c.people, curated: c.curated, today };
}

/** Builds the catalogue (or reuses it) and the state template of a validated scenario, at start-up. */
export function loadScenario(scenario: Scenario, file: string, now: number, catalogs: Catalogs): LoadedScenario {
  const loadedAt = loadedAtOf(scenario, now);
  const catalog = catalogs.for(scenario, isoDate(loadedAt));
  return assemble(scenario, catalog, seedTemplate(scenario, file, catalog, loadedAt));
}

/**
 * The same once the simulator serves: the catalogue is built, and a big scenario's state seeded, off the
 * event loop. A title the scenario names that the catalogue lacks is its ScenarioError, and a catalogue
 * built for it alone is deleted. The caller says whether it keeps what loaded (`Catalogs.kept` or
 * `abandoned`). `fullText`: the text of a big upload whose `scenario` is its outline (ScenarioEntry.fullText).
 */
export async function loadScenarioLater(scenario: Scenario, file: string, now: number, catalogs: Catalogs, fullText?: string): Promise<LoadedScenario> {
  const loadedAt = loadedAtOf(scenario, now);
  const { store: catalog, file: snapshot } = await catalogs.build(scenario, isoDate(loadedAt));
  try {
    const template = await seedTemplateLater(scenario, file, catalog, snapshot, loadedAt, fullText);
    return assemble(scenario, catalog, template);
  } catch (e) {
    catalogs.abandoned(catalog);
    throw e;
  }
}

function assemble(scenario: Scenario, catalog: CatalogStore, template: Buffer): LoadedScenario {
  const consumers = new Map<string, Consumer>(
    scenario.consumers.map((c) => [c.key, { key: c.key, secret: c.secret, name: c.name, checkNonce: c.check_nonce }]),
  );
  return { definition: scenario, catalog, template, consumers, titleXml: new TitleFragmentCache(catalog) };
}

/** The instant a scenario's data is dated from: its frozen clock if it sets one, else when it loads. */
export function loadedAtOf(scenario: Scenario, now: number): number {
  return scenario.settings.clock ? Date.parse(scenario.settings.clock) : now;
}
