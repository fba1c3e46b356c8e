import type { Server } from 'node:http';
import { DEFAULT_CONFIG, type Config } from '../../src/config.js';
import { createWorld, simulatorServerOf } from '../../src/index.js';
import type { World } from '../../src/world/world.js';

/** The host every test request names; ids and hrefs in answers start with BASE. */
export const HOST = 'rentalsim.test';
export const BASE = `http://${HOST}`;

export interface TestWorld {
  /**
   * The server the CLI listens on (simulatorServerOf, as startSimulator builds it), not listening: supertest's
   * `request(app)` listens on a free port for its requests, so every test goes through the production server.
   */
  app: Server;
  world: World;
  config: Config;
  /** The lines the admin surface would have written to stderr (errors with a cause). */
  adminLines: string[];
}

/**
 * A fresh world from a named scenario (design habit 6). Catalogues are kept on disk as snapshot files, so
 * this costs opening one and a copy of the scenario's state, not a regeneration; nothing is shared with
 * another world (test/two-simulators.test.ts).
 */
export function testWorld(scenario = 'default', overrides: Partial<Config> = {}): TestWorld {
  const config: Config = { ...DEFAULT_CONFIG, scenario, ...overrides };
  const world = createWorld(config);
  // Admin errors with a cause are kept here rather than written to the runner's stderr, where every test of
  // a refused upload printed a line; a test that cares reads them.
  const adminLines: string[] = [];
  return { app: simulatorServerOf({ world, config, adminLog: (line) => adminLines.push(line) }), world, config, adminLines };
}

/**
 * Freezes a world's clock `offsetMs` after its own now and returns that instant. Tests that need a fixed
 * time take it from the world, never from a calendar date: the scenario stamps its data relative to the
 * moment it loaded, so a date written into a test is only right until the wall clock passes it.
 */
export function freezeClock(world: World, offsetMs = 0): number {
  const at = world.clock.now() + offsetMs;
  world.clock.set({ mode: 'frozen', at });
  return at;
}

/** The curated title that is not released yet (seeds/curated.yaml: title 50, out 2099-01-15). */
export const COMING_SOON = { id: 50, release: Date.parse('2099-01-15T00:00:00Z') };

/**
 * Freezes a world's clock at a day before `release`, for rules about titles not yet out. The instant is
 * tied to the catalogue's date, not to the wall clock, so the rule holds in 2099 as it does today.
 */
export function freezeBefore(world: World, release: number): number {
  const at = release - 86_400_000;
  world.clock.set({ mode: 'frozen', at });
  return at;
}
