import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simControls, type SimControls } from './admin/controls.js';
import { createApp, type AppDeps } from './app.js';
import { simulatorServer, type ServerTiming } from './http/server-options.js';
import { ConfigError, simulatorConfig, type Config } from './config.js';
import { checkScenarioDir, listenProblem } from './start-up-checks.js';
import { SandboxFileBusy } from './store/sandbox-file.js';
import { DataDir } from './world/data-dir.js';
import { readScenarioFolders, scenarioDirs, sortScenarios } from './world/scenario-files.js';
import { World } from './world/world.js';

// The package's types (dist/src/index.d.ts) reach only rentalsim's own modules: nothing from express or
// better-sqlite3, so a consumer needs no @types package and no skipLibCheck (test/package/run.sh checks).
// What takes or returns the World is marked @internal and left out of them (tsconfig.build.json strips it);
// this repo's tests still use it from the source.
export type { Config } from './config.js';

export interface SimulatorOptions extends Partial<Config> {}

export type { SimControls } from './admin/controls.js';
export type { FaultBody, HomeAndQueue, MintedToken, OverrideBody, Return, SandboxSummary, Shipment } from './admin/control-types.js';
export type { Fault, FaultAction } from './domain/faults.js';
export type { JournalEntry, JournalQuery } from './domain/journal.js';
export type { Override, OverrideAnswer, OverrideMatch } from './domain/overrides.js';
export type { ClockMode } from './domain/sim-clock.js';

export interface Simulator extends SimControls {
  /** e.g. http://127.0.0.1:39117 */
  url: string;
  /** @internal The simulator's state, for this repo's tests. */
  world: World;
  /** Back to the scenario's initial state (all sandboxes). */
  reset(): void;
  /** Switches every sandbox to a scenario; resolves once it is active (its catalogue built if need be). */
  useScenario(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * @internal Builds the world for a config: reads and checks every scenario file and loads the chosen
 * scenario. Only a bad chosen scenario stops start-up (its ScenarioError); other bad files are listed by
 * GET /__admin/scenarios with why, and refused if switched to.
 */
export function createWorld(config: Config, realNow?: () => number, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): World {
  const dirs = scenarioDirs(config.scenarioDir);
  const scenarios = readScenarioFolders(dirs);
  const { usable, unusable } = sortScenarios(scenarios);
  if (!usable.has(config.scenario) && !unusable.some((u) => u.entry.name === config.scenario)) {
    throw new ConfigError(`--scenario (SCENARIO): no scenario named ${JSON.stringify(config.scenario)}; known: ${[...usable.keys()].join(', ')}`);
  }
  try {
    return new World({
      scenarioDirs: dirs,
      scenarios,
      scenario: config.scenario,
      realNow,
      openMode: config.openPrefix && config.openSecret ? { prefix: config.openPrefix, secret: config.openSecret } : undefined,
      sandboxes: { max: config.maxSandboxes, idleMs: config.sandboxIdleSeconds * 1000 },
      journalSize: config.journalSize,
      rateLimits: { perSecond: config.rateLimitPerSecond, perDay: config.rateLimitPerDay },
      dataDir: config.dataDir === undefined ? undefined : new DataDir(config.dataDir, config.dataDirBudget, log),
      log,
    });
  } catch (e) {
    // Two simulators on one folder would each take the other's files for their own.
    if (e instanceof SandboxFileBusy) {
      throw new ConfigError(`--data-dir (DATA_DIR): ${config.dataDir} is in use by another rentalsim (${e.message}); give each simulator a folder of its own`);
    }
    throw e;
  }
}

/**
 * @internal The HTTP server around a new app for the world: what startSimulator (and so the CLI) listens on,
 * and what this repo's tests hand to supertest, which listens on a free port itself.
 */
export function simulatorServerOf(deps: AppDeps, timing?: ServerTiming): Server {
  return simulatorServer(createApp(deps), timing);
}

/**
 * The library entry for test runners' global setup:
 * `const sim = await startSimulator({ port: 0, scenario: 'default' })`.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  // Checked as the CLI checks its flags: a bad option is a ConfigError, never a socket file or a bad URL.
  const config: Config = simulatorConfig(options as Readonly<Record<string, unknown>>);
  if (config.scenarioDir !== undefined) checkScenarioDir(config.scenarioDir);
  const world = createWorld(config);
  const server = simulatorServerOf({ world, config });
  server.listen(config.port, config.host);
  try {
    await once(server, 'listening');
  } catch (e) {
    world.close();
    throw listenProblem(e, config);
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    world,
    ...simControls(world),
    reset: () => world.reset(),
    useScenario: async (name) => void (await world.useScenario(name)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      world.close();
    },
  };
}
