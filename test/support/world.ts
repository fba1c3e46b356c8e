import type { Express } from 'express';
import { createApp } from '../../src/app.js';
import { DEFAULT_CONFIG, type Config } from '../../src/config.js';
import { createWorld } from '../../src/index.js';
import type { World } from '../../src/world/world.js';

/** The host every test request names; ids and hrefs in answers start with BASE. */
export const HOST = 'rentalsim.test';
export const BASE = `http://${HOST}`;

export interface TestWorld {
  app: Express;
  world: World;
  config: Config;
}

/**
 * A fresh world from a named scenario (design habit 6). Catalogues are cached per process, so this costs a
 * copy of the scenario's state, not a regeneration.
 */
export function testWorld(scenario = 'default', overrides: Partial<Config> = {}): TestWorld {
  const config: Config = { ...DEFAULT_CONFIG, scenario, ...overrides };
  const world = createWorld(config);
  return { app: createApp({ world, config }), world, config };
}
