import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { errors } from '../domain/api-error.js';
import { type CoverageSpec, coverageSpecOf } from '../domain/coverage.js';
import { FaultRules } from '../domain/faults.js';
import { Journal } from '../domain/journal.js';
import { TrafficCounts } from '../domain/traffic-counts.js';
import { OverrideRules } from '../domain/overrides.js';
import { NonceStore } from '../domain/oauth/nonce-store.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';
import { RateLimiter, type RateLimits } from '../domain/rate-limiter.js';
import { type ClockMode, isoDate, SimClock } from '../domain/sim-clock.js';
import type { Consumer } from '../domain/types.js';
import { packageRoot } from '../package-root.js';
import { checkReferences } from '../scenarios/check-references.js';
import { yamlValue } from '../scenarios/yaml-value.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { ScenarioParser } from '../scenarios/scenario-parser.js';
import { stateDbFrom } from '../store/state-db.js';
import { TokensStore } from '../store/tokens-store.js';
import { AnswerCache } from './answer-cache.js';
import { Catalogs, loadedAtOf, loadScenario, loadScenarioLater, type LoadedScenario } from './loaded-scenario.js';
import type { DataDir } from './data-dir.js';
import { Sandbox } from './sandbox.js';
import { SandboxPool, type SandboxPoolLimits } from './sandbox-pool.js';
import { ScenarioRegistry, scenarioEntry, type ScenarioDir, type ScenarioEntry } from './scenario-files.js';

/** The sandbox that requests without a consumer key (admin pages, unsigned catalogue reads) use. */
export const DEFAULT_SANDBOX = '__default__';

/** Most memory the used-nonce store takes: room for at least 2,097,152 nonces inside their window (README). */
const NONCE_STORE_BYTES = 48 * 1024 * 1024;

export interface WorldOptions {
  /** The folders scenario files are read from (built-in, then --scenario-dir), read again on reload and switch. */
  scenarioDirs: readonly ScenarioDir[];
  /** What was read from them at start-up (readScenarioFolders). */
  scenarios: readonly ScenarioEntry[];
  scenario: string;
  /** Real time source; tests may pass a fake (default Date.now). */
  realNow: (() => number) | undefined;
  /** Open mode: keys with this prefix are consumers that sign with `secret`, each in a fresh sandbox. */
  openMode?: { prefix: string; secret: string };
  /** Sandbox cap and idle limit. */
  sandboxes: SandboxPoolLimits;
  /** Requests the journal keeps. */
  journalSize: number;
  /** Per-consumer rate limits (0 = off). */
  rateLimits: RateLimits;
  /**
   * The data folder (--data-dir): sandboxes, uploads and the active scenario are kept there and read back
   * here; its active scenario wins over `scenario`. Without one, everything is in memory.
   */
  dataDir?: DataDir;
  /** Where start-up says what it did with the data folder (one line each). */
  log: (line: string) => void;
}

/** How often the event loop's delay is sampled once someone asks for it (World.eventLoopDelay), in ms. */
export const EVENT_LOOP_SAMPLE_MS = 10;

/**
 * Everything the simulator holds: the scenarios it knows, the loaded one, one sandbox per consumer key and
 * the clock. Handlers reach it through the request context.
 */
export class World {
  readonly clock: SimClock;
  /** Injected faults (admin API: /__admin/faults). */
  readonly faults = new FaultRules();
  /** Answer overrides (admin API: /__admin/overrides). */
  readonly overrides = new OverrideRules();
  /** The last requests and why rejected ones were rejected (admin API: /__admin/journal). */
  readonly journal: Journal;
  /** Requests per second/day per consumer; off unless configured. */
  readonly rateLimiter: RateLimiter;
  /**
   * Every nonce used inside the timestamp window, of every consumer. Kept here, not in the sandboxes:
   * replay protection must outlive a dropped, evicted or reset sandbox, so no reset forgets them.
   */
  readonly nonces = new NonceStore({ maxBytes: NONCE_STORE_BYTES, seed: randomInt(0x1_0000_0000) });
  readonly sandboxes: SandboxPool;
  /** The data folder, when there is one (--data-dir). */
  readonly dataDir: DataDir | undefined;
  /** API requests by route template, method and status, and OAuth rejections by reason (/__admin/metrics). */
  readonly traffic = new TrafficCounts();
  /** Answers of repeated reads, kept until their sandbox's data changes (sendRememberedXml in src/http/send-xml.ts). */
  readonly answers = new AnswerCache();
  readonly realNow: () => number;
  /** Parses uploaded scenario texts, a big one off the event loop. */
  readonly scenarioParser = new ScenarioParser();
  /** The catalogues its scenarios read, opened by this world alone (scenarios with the same settings share one). */
  private readonly catalogs = new Catalogs();
  /** The scenario files it knows: its folders' as last read and any uploaded through the admin API. */
  private readonly registry: ScenarioRegistry;
  /** The active scenario: the `loaded` of the entry (the version of its file) it was loaded from. */
  private active!: LoadedScenario;
  private contract: CoverageSpec | undefined;
  /** Enabled by the first eventLoopDelay() (enabling one already enabled does nothing). */
  private readonly loopDelay = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  /** The active scenario's initial tokens, read from a copy of its template (templateTokens). */
  private initialTokens: { of: LoadedScenario; store: TokensStore } | undefined;

  constructor(private readonly options: WorldOptions) {
    this.realNow = options.realNow ?? Date.now;
    this.clock = new SimClock(this.realNow);
    this.journal = new Journal(options.journalSize);
    this.rateLimiter = new RateLimiter(options.rateLimits);
    const dataDir = (this.dataDir = options.dataDir);
    const inDataDir =
      dataDir &&
      ((key: string, template: () => Buffer, now: number) => dataDir.newSandbox(key, this.active.definition.name, template(), now, key === DEFAULT_SANDBOX));
    this.sandboxes = new SandboxPool(options.sandboxes, this.realNow, inDataDir);
    this.registry = new ScenarioRegistry(options.scenarioDirs, options.scenarios, (entry) => this.checkTitles(entry));
    // At start-up a bad chosen scenario is its ScenarioError (one line from main.ts), not an admin answer; the
    // world is not made then, so nothing is loaded yet and no file needs marking as refused.
    const entry = this.registry.entry(dataDir ? this.resumedScenario(dataDir) : options.scenario);
    this.commit(entry, loadScenario(entry.scenario!, entry.file, this.clock.now(), this.catalogs));
    if (dataDir) this.restoreSandboxes(dataDir);
  }

  get scenario(): LoadedScenario {
    return this.active;
  }

  /** The published contract's operations (openapi.yaml at the package root) coverage reports count, read on first use. */
  get coverageSpec(): CoverageSpec {
    return (this.contract ??= coverageSpecOf(yamlValue(readFileSync(join(packageRoot(), 'openapi.yaml'), 'utf8'))));
  }

  /** The usable scenarios, in the order they are listed. */
  scenarioFiles(): ScenarioEntry[] {
    return this.registry.list();
  }

  /** The scenario files that cannot be used, with why. */
  invalidScenarios() {
    return this.registry.invalid();
  }

  /**
   * Switches every sandbox to a scenario, each starting from its initial state. The folders are read again
   * first, so a file added or edited since is what it switches to (switching to the active scenario is how
   * an edit of its file takes effect). A file that cannot be used is a 409 naming its problem. Its catalogue
   * is built (if it is not on disk) and read off the event loop; the switch itself happens once it is ready,
   * and requests meanwhile are answered by the scenario active until then.
   */
  async useScenario(name: string): Promise<LoadedScenario> {
    this.reloadScenarios();
    let entry: ScenarioEntry | undefined;
    let loaded: LoadedScenario;
    try {
      entry = this.registry.entry(name);
      loaded = entry.loaded ?? (await loadScenarioLater(entry.scenario!, entry.file, this.clock.now(), this.catalogs, entry.fullText));
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      // Loading it found a title its catalogue lacks: the file is listed as invalid from now on (a file known
      // to be unusable already is only named).
      if (entry) this.registry.refuse(entry, e);
      throw errors.scenarioUnusable(name, e);
    }
    const fresh = loaded !== entry.loaded;
    await this.catalogs.warm(loaded.catalog);
    // The folders may have been read again, or the upload replaced, while it loaded: switch only to what is there now.
    if (this.registry.find(name) !== entry) {
      if (fresh) this.catalogs.abandoned(loaded.catalog);
      throw errors.conflict(`scenario ${JSON.stringify(name)} changed while it was being loaded; switch to it again`);
    }
    if (fresh) this.catalogs.kept(loaded.catalog);
    return this.commit(entry, loaded);
  }

  /**
   * Reads the scenario folders again and says what changed. The running scenario is never replaced under
   * running tests: if its file changed, the change waits for the next switch to it (`activeChange` says so).
   */
  reloadScenarios() {
    return this.registry.reload();
  }

  /** Why the active scenario is not what its file now says, if it is not; undefined when it is. */
  activeChange(): string | undefined {
    const name = this.active.definition.name;
    const now = this.registry.find(name);
    // What an entry loaded is its own: the active scenario is its file's current version when that entry loaded it.
    if (now?.loaded === this.active) return undefined;
    if (!now) {
      return `the file of the active scenario ${JSON.stringify(name)} is gone or cannot be used now; the version loaded from it keeps running until you switch scenario`;
    }
    return `the active scenario ${JSON.stringify(name)} changed since it was loaded; the loaded version keeps running until POST /__admin/scenarios/${name} switches to the new one (every sandbox starts again)`;
  }

  /**
   * Adds a scenario sent through the admin API (an upload or an export), or with `replace` replaces an
   * uploaded one. It is loaded at once, so a title it names that the catalogue lacks is refused now rather
   * than when someone switches to it. Replacing the active scenario takes effect at the next switch to it.
   * `text` is kept in the data folder, if there is one.
   */
  async uploadScenario(entry: ScenarioEntry, replace: boolean, text: string): Promise<'added' | 'replaced'> {
    this.registry.checkUpload(entry.name, replace);
    const loaded = await loadScenarioLater(entry.scenario!, entry.file, this.clock.now(), this.catalogs, entry.fullText);
    let outcome: 'added' | 'replaced';
    try {
      // Checked again: another upload of the name may have been added while this one's catalogue was built.
      outcome = this.registry.checkUpload(entry.name, replace);
      this.dataDir?.saveUpload(entry.name, text);
    } catch (e) {
      this.catalogs.abandoned(loaded.catalog);
      throw e;
    }
    this.catalogs.kept(loaded.catalog);
    entry.titlesChecked = true;
    this.registry.putUpload(entry);
    entry.loaded = loaded;
    return outcome;
  }

  /** Forgets an uploaded scenario; the active one cannot be deleted (409: switch away first). */
  removeScenario(name: string): void {
    if (name === this.active.definition.name) {
      throw errors.conflict(
        `scenario ${JSON.stringify(name)} is the active one and cannot be deleted; switch to another first (POST /__admin/scenarios/{name})`,
      );
    }
    this.registry.removeUpload(name);
    this.dataDir?.removeUpload(name);
  }

  /**
   * The consumer a key names: one of the scenario's, or in open mode any key with the configured prefix
   * (signing with the shared secret). The OAuth verifier looks consumers up here.
   */
  consumer(key: string): Consumer | undefined {
    const known = this.active.consumers.get(key);
    if (known) return known;
    const open = this.options.openMode;
    if (open && key.startsWith(open.prefix) && key.length > open.prefix.length) {
      return { key, secret: open.secret, name: 'open mode', checkNonce: true };
    }
    return undefined;
  }

  /** The open-mode key prefix, when open mode is on. */
  openModePrefix(): string | undefined {
    return this.options.openMode?.prefix;
  }

  /**
   * The sandbox of a consumer key, copied from the template on first use. Idle sandboxes and, over the
   * cap, the least recently used are dropped (their next use starts afresh).
   */
  sandbox(key: string = DEFAULT_SANDBOX): Sandbox {
    return this.sandboxes.get(key, () => this.active.template, this.realNow());
  }

  /**
   * A token as the consumer's sandbox would read it, without opening or touching the sandbox: from the
   * sandbox if one is held, else from the scenario's template, which a new sandbox would be copied from. The
   * OAuth verifier reads tokens here, so a request opens its sandbox only once its signature verified.
   */
  token(sandboxKey: string, token: string): TokenRecord | undefined {
    const held = this.sandboxes.peek(sandboxKey, this.realNow());
    return held ? held.stores.tokens.byToken(token) : this.templateTokens().byToken(token);
  }

  /**
   * The clock a consumer's requests read (token lifetimes, the dates the API shows): its sandbox's own once
   * one was set for it, else the world's. Read without opening or touching the sandbox, as `token` is.
   */
  clockOf(sandbox: Sandbox | string): SimClock {
    const box = typeof sandbox === 'string' ? this.sandboxes.peek(sandbox, this.realNow()) : sandbox;
    return box?.ownClock ?? this.clock;
  }

  /**
   * The clock of one consumer to set: its sandbox's own, made on first use as a copy of the world's (so it
   * reads the same until moved). Opens the sandbox: the clock lives and is dropped with it.
   */
  ownClockOf(key: string): SimClock {
    const box = this.sandbox(key);
    return (box.ownClock ??= this.sandboxClock(box, this.clock.mode));
  }

  /** A sandbox's own clock, in a mode; one in the data folder records each mode it is set to from then on. */
  private sandboxClock(box: Sandbox, mode: ClockMode): SimClock {
    const clock = new SimClock(this.realNow);
    clock.set(mode);
    if (box.disk) clock.onChange = (m) => box.disk?.saveClock(box.db, JSON.stringify(m));
    return clock;
  }

  /**
   * Reads a consumer's sandbox without changing anything: the one held (untouched), else a fresh copy of the
   * template that nobody keeps (dropped once read). An admin GET (an export, a token list) reads here, so no
   * GET opens, keeps alive or evicts a sandbox.
   */
  readSandbox<T>(key: string, read: (sandbox: Sandbox) => T): T {
    const held = this.sandboxes.peek(key, this.realNow());
    if (held) return read(held);
    const scratch = new Sandbox(key, this.active.template, this.realNow());
    try {
      return read(scratch);
    } finally {
      scratch.drop();
    }
  }

  /** Every sandbox held now, without touching it (so looking across them does not keep them alive). */
  heldSandboxes(): Sandbox[] {
    return this.sandboxes.held();
  }

  sandboxKeys(): string[] {
    return this.sandboxes.list().map((s) => s.key);
  }

  /**
   * Back to the scenario's initial state. One consumer's world alone (its sandbox, clock and rules), or everything: every sandbox, the
   * clock, injected faults, answer overrides, the journal and rate-limit counters, as at start-up. Used
   * nonces are kept: a reset must not reopen a window for replays (they leave by themselves with their
   * timestamps).
   */
  reset(key?: string): void {
    if (key === undefined) {
      this.resetClock();
      this.sandboxes.clear();
      this.faults.clear();
      this.overrides.clear();
      this.journal.clear();
      this.rateLimiter.clear();
      return;
    }
    // Everything that is this consumer's: its sandbox (state, coverage, clock) and the rules scoped to it.
    // The journal keeps its entries (DELETE /__admin/journal clears a team's own).
    this.sandboxes.drop(key);
    this.faults.clear(key);
    this.overrides.clear(key);
  }

  /**
   * The event loop's delay, sampled from the first call on (the operator's first scrape of /__admin/metrics):
   * a simulator nobody watches runs no sampling timer. Stopped by close.
   */
  eventLoopDelay(): IntervalHistogram {
    this.loopDelay.enable();
    return this.loopDelay;
  }

  close(): void {
    this.loopDelay.disable();
    this.initialTokens?.store.db.close();
    this.sandboxes.closeAll();
    this.dataDir?.close();
    this.catalogs.close();
  }

  /** The active scenario's template tokens, opened once per scenario (a copy of the template, read only). */
  private templateTokens(): TokensStore {
    if (this.initialTokens?.of !== this.active) {
      this.initialTokens?.store.db.close();
      this.initialTokens = { of: this.active, store: new TokensStore(stateDbFrom(this.active.template)) };
    }
    return this.initialTokens.store;
  }

  /** Makes a loaded scenario the active one: every sandbox, the clock and the journal start again. */
  private commit(entry: ScenarioEntry, loaded: LoadedScenario): LoadedScenario {
    // First: a data folder that cannot record the switch (a full disk) refuses it with nothing changed.
    this.dataDir?.setActiveScenario(entry.name);
    entry.titlesChecked = true;
    entry.loaded = loaded;
    this.active = loaded;
    this.resetClock();
    this.sandboxes.clear();
    // The last scenario's requests read as this one's otherwise (their GUIDs, titles and tokens are gone).
    this.journal.clear();
    return loaded;
  }

  /**
   * The scenario a data folder was left on, with its uploads known again; the configured one for a new
   * folder, or (with a line saying so) when the folder's is no longer known: its sandboxes are then set aside.
   */
  private resumedScenario(dataDir: DataDir): string {
    const { log } = this.options;
    for (const upload of dataDir.uploads()) {
      const entry = scenarioEntry(upload.text, `uploaded:${upload.name}`, 'uploaded');
      if (entry.error) log(`rentalsim: data dir: the uploaded scenario ${upload.file} cannot be used now: ${entry.error.message.replace(/\s*\n\s*/g, ' ')}`);
      this.registry.putUpload(entry);
    }
    const kept = dataDir.activeScenario();
    if (kept === undefined || kept === this.options.scenario) return this.options.scenario;
    if (this.registry.find(kept)) {
      log(
        `rentalsim: data dir: ${dataDir.root} was left on scenario ${kept}, which it resumes (--scenario ${this.options.scenario} applies to a new data folder)`,
      );
      return kept;
    }
    log(`rentalsim: data dir: ${dataDir.root} was left on scenario ${kept}, which cannot be used now; starting ${this.options.scenario}`);
    return this.options.scenario;
  }

  /** Takes back every sandbox the data folder keeps for the active scenario, each with its own clock. */
  private restoreSandboxes(dataDir: DataDir): void {
    for (const { sandbox, meta } of dataDir.restore(this.active.definition.name, this.realNow())) {
      if (meta.clock !== undefined) sandbox.ownClock = this.sandboxClock(sandbox, JSON.parse(meta.clock) as ClockMode);
      this.sandboxes.adopt(sandbox);
    }
  }

  /**
   * Checks the titles a scenario names against its catalogue if that is built (its snapshot is on disk: an
   * open, cheap); answers false, leaving them to the load, when it is not (building one takes far longer,
   * the large one longest: too long for start-up or a reload to spend on a scenario not in use).
   */
  private checkTitles(entry: ScenarioEntry): boolean {
    const scenario = entry.scenario!;
    const catalog = this.catalogs.ifBuilt(scenario, isoDate(loadedAtOf(scenario, this.clock.now())));
    if (catalog) checkReferences(scenario, entry.file, (id) => catalog.title(id));
    return catalog !== undefined;
  }

  /** A scenario may start the clock frozen at an instant; otherwise it runs in real time. */
  private resetClock(): void {
    const frozenAt = this.active.definition.settings.clock;
    this.clock.set(frozenAt ? { mode: 'frozen', at: Date.parse(frozenAt) } : { mode: 'real' });
  }
}
