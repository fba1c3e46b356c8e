import { randomInt } from 'node:crypto';
import { errors } from '../domain/api-error.js';
import type { CoverageSpec } from '../domain/coverage.js';
import { FaultRules } from '../domain/faults.js';
import { Journal } from '../domain/journal.js';
import { OverrideRules } from '../domain/overrides.js';
import { NonceStore } from '../domain/oauth/nonce-store.js';
import type { TokenRecord } from '../domain/oauth/token-state.js';
import { RateLimiter, type RateLimits } from '../domain/rate-limiter.js';
import { SimClock } from '../domain/sim-clock.js';
import type { Consumer } from '../domain/types.js';
import type { Db } from '../store/catalog-db.js';
import { stateDbFrom } from '../store/state-db.js';
import { TokensStore } from '../store/tokens-store.js';
import { AnswerCache } from './answer-cache.js';
import { Catalogs, loadScenario, type LoadedScenario } from './loaded-scenario.js';
import { loadCoverageSpec } from './coverage.js';
import type { Sandbox } from './sandbox.js';
import { SandboxPool, type SandboxPoolLimits } from './sandbox-pool.js';
import type { ScenarioFile } from './scenario-files.js';

/** The sandbox that requests without a consumer key (admin pages, unsigned catalogue reads) use. */
export const DEFAULT_SANDBOX = '__default__';

/** Most memory the used-nonce store takes: room for at least 2,097,152 nonces inside their window (README). */
export const NONCE_STORE_BYTES = 48 * 1024 * 1024;

export interface WorldOptions {
  scenarios: ReadonlyMap<string, ScenarioFile>;
  scenario: string;
  /** Real time source; tests may pass a fake. */
  realNow?: () => number;
  /** Open mode: keys with this prefix are consumers that sign with `secret`, each in a fresh sandbox. */
  openMode?: { prefix: string; secret: string };
  /** Sandbox cap and idle limit; default 200 sandboxes, dropped after an hour unused. */
  sandboxes?: Partial<SandboxPoolLimits>;
  /** Requests the journal keeps (default 1000). */
  journalSize?: number;
  /** Per-consumer rate limits; default off. */
  rateLimits?: Partial<RateLimits>;
  /** Most memory the used-nonce store takes (default NONCE_STORE_BYTES). */
  nonceStoreBytes?: number;
}

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
  readonly nonces: NonceStore;
  readonly sandboxes: SandboxPool;
  /** Answers of repeated reads, kept until their sandbox's data changes (src/http/answer-cache.ts). */
  readonly answers = new AnswerCache();
  readonly realNow: () => number;
  private readonly loaded = new Map<string, LoadedScenario>();
  /** The catalogues its scenarios read, opened by this world alone (scenarios with the same settings share one). */
  private readonly catalogs = new Catalogs();
  /** The scenario files it knows: those read at start-up and any added through the admin API. */
  private readonly files: Map<string, ScenarioFile>;
  private active!: LoadedScenario;
  private contract: CoverageSpec | undefined;
  /** The active scenario's initial tokens, read from a copy of its template (templateTokens). */
  private initialTokens: { of: LoadedScenario; db: Db; store: TokensStore } | undefined;

  constructor(private readonly options: WorldOptions) {
    this.files = new Map(options.scenarios);
    this.realNow = options.realNow ?? Date.now;
    this.clock = new SimClock(this.realNow);
    this.journal = new Journal(options.journalSize ?? 1000);
    this.rateLimiter = new RateLimiter({ perSecond: 0, perDay: 0, ...options.rateLimits });
    this.nonces = new NonceStore({ maxBytes: options.nonceStoreBytes ?? NONCE_STORE_BYTES, seed: randomInt(0x1_0000_0000) });
    this.sandboxes = new SandboxPool({ max: 200, idleMs: 3_600_000, ...options.sandboxes }, this.realNow);
    this.useScenario(options.scenario);
  }

  get scenario(): LoadedScenario {
    return this.active;
  }

  /** The published operations coverage reports count (src/world/coverage.ts), read on first use. */
  get coverageSpec(): CoverageSpec {
    return (this.contract ??= loadCoverageSpec());
  }

  scenarioFiles(): ScenarioFile[] {
    return [...this.files.values()];
  }

  /** Switches every sandbox to another scenario, each starting from its initial state. */
  useScenario(name: string): LoadedScenario {
    const file = this.files.get(name);
    if (!file) {
      throw errors.notFound(`no scenario named ${JSON.stringify(name)}; known: ${[...this.files.keys()].join(', ')}`);
    }
    let loaded = this.loaded.get(name);
    if (!loaded) {
      loaded = loadScenario(file.scenario, file.file, this.clock.now(), this.catalogs);
      this.loaded.set(name, loaded);
    }
    this.active = loaded;
    this.resetClock();
    this.dropSandboxes();
    // The last scenario's requests read as this one's otherwise (their GUIDs, titles and tokens are gone).
    this.journal.clear();
    return loaded;
  }

  /**
   * Adds a scenario (an uploaded or exported file). It is loaded at once, so a title it names that the
   * catalogue lacks is refused now rather than when someone switches to it. Names are never replaced.
   */
  addScenario(file: ScenarioFile): void {
    if (this.files.has(file.name)) {
      throw errors.conflict(`a scenario named ${JSON.stringify(file.name)} exists already; give the new one another name`);
    }
    this.loaded.set(file.name, loadScenario(file.scenario, file.file, this.clock.now(), this.catalogs));
    this.files.set(file.name, file);
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

  /** Every sandbox held now, without touching it (so looking across them does not keep them alive). */
  heldSandboxes(): Sandbox[] {
    return this.sandboxes.held();
  }

  sandboxKeys(): string[] {
    return this.sandboxes.list().map((s) => s.key);
  }

  /**
   * Back to the scenario's initial state. One consumer's sandbox alone, or everything: every sandbox, the
   * clock, injected faults, answer overrides, the journal and rate-limit counters, as at start-up. Used
   * nonces are kept: a reset must not reopen a window for replays (they leave by themselves with their
   * timestamps).
   */
  reset(key?: string): void {
    if (key === undefined) {
      this.resetClock();
      this.dropSandboxes();
      this.faults.clear();
      this.overrides.clear();
      this.journal.clear();
      this.rateLimiter.clear();
      return;
    }
    this.sandboxes.drop(key);
  }

  close(): void {
    this.initialTokens?.db.close();
    this.initialTokens = undefined;
    this.sandboxes.closeAll();
    this.catalogs.close();
  }

  /** The active scenario's template tokens, opened once per scenario (a copy of the template, read only). */
  private templateTokens(): TokensStore {
    if (this.initialTokens?.of !== this.active) {
      this.initialTokens?.db.close();
      const db = stateDbFrom(this.active.template);
      this.initialTokens = { of: this.active, db, store: new TokensStore(db) };
    }
    return this.initialTokens.store;
  }

  /** A scenario may start the clock frozen at an instant; otherwise it runs in real time. */
  private resetClock(): void {
    const frozenAt = this.active.scenario.settings.clock;
    this.clock.set(frozenAt ? { mode: 'frozen', at: Date.parse(frozenAt) } : { mode: 'real' });
  }

  private dropSandboxes(): void {
    this.sandboxes.clear();
  }
}
