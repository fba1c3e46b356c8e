import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/config.js';
import { isoDate } from '../src/domain/sim-clock.js';
import { createWorld } from '../src/index.js';
import { Catalogs, loadedAtOf } from '../src/world/loaded-scenario.js';

describe('Catalogs', () => {
  it('opens the start-up catalogue once: the store the title checks opened is the one loaded, and close() closes it', () => {
    // A world of the default scenario leaves its snapshot on disk; its own clock names the day.
    const world = createWorld({ ...DEFAULT_CONFIG });
    const scenario = world.scenario.definition;
    const today = isoDate(loadedAtOf(scenario, world.clock.now()));
    world.close();

    const catalogs = new Catalogs();
    const checked = catalogs.ifBuilt(scenario, today);
    expect(checked).toBeDefined();
    expect(catalogs.for(scenario, today)).toBe(checked);
    catalogs.close();
    expect(checked?.db.open).toBe(false);
  });
});
