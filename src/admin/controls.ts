import type { z } from 'zod';
import type { Fault } from '../domain/faults.js';
import type { JournalEntry, JournalQuery } from '../domain/journal.js';
import type { Override } from '../domain/overrides.js';
import type { HeldRule, ScopedRules } from '../domain/scoped-rules.js';
import { parseIsoInstant } from '../domain/iso-instant.js';
import { isoDateTime, signedDuration, type ClockMode } from '../domain/sim-clock.js';
import { mintToken, revokeToken } from '../world/tokens.js';
import { uploadScenarioText } from '../world/upload-scenario-text.js';
import { returnHome, shipFromQueue } from '../world/business.js';
import { consumerCoverage } from '../world/admin-lookups.js';
import { exportSandbox, scenarioYaml } from '../world/export-scenario.js';
import type { World } from '../world/world.js';
import type { FaultBody, MintedToken, OverrideBody, Return, SandboxSummary, Shipment } from './control-types.js';
import type { CoverageReport } from '../domain/coverage-report.js';
import { type faultBody, type overrideBody, toOverrideSpec, toSpec } from './rule-bodies.js';

/**
 * The admin controls for a test runner in the same process (`startSimulator` returns them): the same
 * rules and validation as the admin API, without HTTP. Durations are strings like `11m` or milliseconds.
 */
export interface SimControls {
  clock: {
    /** The simulator's time, YYYY-MM-DDTHH:MM:SSZ. */
    now(): string;
    advance(by: string | number): void;
    /** Frozen at an instant (default: where the clock is now). */
    freeze(at?: string | Date): void;
    /** Running at an offset from real time. */
    offset(by: string | number): void;
    real(): void;
    mode(): ClockMode;
  };
  /** Add takes the same fields as POST /__admin/faults, e.g. `{ route: '/catalog/*', kind: 'error', status: 503, times: 1 }`. */
  faults: RuleControls<FaultBody, Fault>;
  /** Add takes the same fields as POST /__admin/overrides, e.g. `{ match: { path: '/catalog/title' }, answer: { status: 503 }, times: 1 }`. */
  overrides: RuleControls<OverrideBody, Override>;
  journal: {
    /** Matching requests, newest first. */
    find(query?: JournalQuery, limit?: number): JournalEntry[];
    count(query?: JournalQuery): number;
    clear(): void;
  };
  tokens: {
    /** A new access token for a subscriber (login or GUID) issued to a consumer: `{ token, secret, ... }`. */
    mint(consumer: string, user: string): MintedToken;
    /** Revokes a token in that consumer's sandbox (or, without one, wherever it is known). */
    revoke(token: string, consumer?: string): void;
  };
  business: {
    /** Ships from a subscriber's queue (in a consumer's sandbox); count defaults to filling the allocations. */
    ship(consumer: string, user: string, count?: number): Shipment;
    /** Brings a title (id or catalogue URI) back from a subscriber's home. */
    returnTitle(consumer: string, user: string, title: number | string): Return;
  };
  scenarios: {
    /** A consumer's sandbox as scenario YAML that loads back to the same state. */
    export(consumer: string, name?: string): string;
    /**
     * Adds a scenario from YAML or JSON text (e.g. an export); `use` switches to it. Resolves to its name
     * once its catalogue is built (in a child process, so the simulator keeps answering meanwhile).
     */
    add(text: string, use?: boolean): Promise<string>;
  };
  /** What a consumer's verified requests exercised of openapi.yaml since its sandbox's last reset (GET /__admin/coverage). */
  coverage(consumer: string): CoverageReport;
  sandboxes: {
    list(): SandboxSummary[];
    /** Resets one consumer's world: drops its sandbox (its next request starts from the scenario again, on the world's clock) and removes the faults and overrides scoped to it. */
    reset(key: string): void;
  };
}

/** Faults or overrides: added from the same fields as the admin API takes, listed, removed by id. */
export interface RuleControls<Body, Rule> {
  add(body: Body): Rule;
  list(): Rule[];
  remove(id: number): boolean;
  clear(): void;
}

// The public FaultBody is written out (control-types.ts); this fails to compile if it drifts from the schema.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type MustHold<T extends true> = T;
type _FaultBodyIsTheSchemas = MustHold<Exactly<FaultBody, z.input<typeof faultBody>>>;
type _OverrideBodyIsTheSchemas = MustHold<Exactly<OverrideBody, z.input<typeof overrideBody>>>;

/** @internal (left out of the package's types, which name no World): startSimulator spreads these into the Simulator. */
export function simControls(world: World): SimControls {
  const clock = world.clock;
  return {
    clock: {
      now: () => isoDateTime(clock.now()),
      advance: (by) => clock.advance(msOf(by)),
      freeze: (at) => clock.set({ mode: 'frozen', at: at === undefined ? clock.now() : instantOf(at) }),
      offset: (by) => clock.set({ mode: 'offset', offsetMs: msOf(by) }),
      real: () => clock.set({ mode: 'real' }),
      mode: () => clock.mode,
    },
    faults: ruleControls(world.faults, toSpec),
    overrides: ruleControls(world.overrides, toOverrideSpec),
    journal: {
      find: (query = {}, limit) => world.journal.find(query, limit),
      count: (query = {}) => world.journal.count(query),
      clear: () => void world.journal.clear(),
    },
    tokens: {
      mint: (consumer, user) => mintToken(world, consumer, user),
      revoke: (token, consumer) => void revokeToken(world, token, consumer),
    },
    business: {
      ship: (consumer, user, count) => shipFromQueue(world, consumer, user, count),
      returnTitle: (consumer, user, title) => returnHome(world, consumer, user, title),
    },
    scenarios: {
      export: (consumer, name) => scenarioYaml(exportSandbox(world, consumer, name), new Date(world.realNow()).toISOString()),
      add: async (text, use = false) => {
        const { name } = await uploadScenarioText(world, text);
        if (use) await world.useScenario(name);
        return name;
      },
    },
    coverage: (consumer) => consumerCoverage(world, consumer),
    sandboxes: {
      list: () => world.sandboxes.list(),
      reset: (key) => world.reset(key),
    },
  };
}

function ruleControls<Spec, Rule extends Spec & HeldRule>(
  rules: ScopedRules<Spec, Rule, unknown>,
  parse: (body: unknown, where: string) => Spec,
): RuleControls<unknown, Rule> {
  return {
    add: (body) => rules.add(parse(body, `${rules.name}s.add`)),
    list: () => rules.list(),
    remove: (id) => rules.remove(id),
    clear: () => void rules.clear(),
  };
}

function msOf(by: string | number): number {
  if (typeof by === 'number') return by;
  const ms = signedDuration(by);
  if (ms === undefined) throw new TypeError(`${JSON.stringify(by)} is not a duration like 11m, 2h, -1d, 30s or 500ms`);
  return ms;
}

function instantOf(at: string | Date): number {
  const ms = typeof at === 'string' ? parseIsoInstant(at) : at.getTime();
  if (ms === undefined || Number.isNaN(ms)) throw new TypeError(`${JSON.stringify(at)} is not an instant like 2030-01-01T00:00:00Z`);
  return ms;
}
