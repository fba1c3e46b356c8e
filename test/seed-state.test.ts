import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/config.js';
import { createWorld } from '../src/index.js';
import { seedTemplate } from '../src/scenarios/seed-state.js';
import { createStores } from '../src/store/stores.js';
import { stateDbFrom } from '../src/store/state-db.js';

describe('seedTemplate', () => {
  it('seeds a sequence given more explicit ids than a call takes arguments (an exported sandbox of 130,000 rentals)', () => {
    const world = createWorld({ ...DEFAULT_CONFIG });
    const { definition, catalog } = world.scenario;
    const [first, ...others] = definition.users;
    const rentals = Array.from({ length: 130_000 }, (_, i) => ({ id: 500_001 + i, title: 30, shipped: '2020-01-01', returned: '2020-01-05', priority: 2 }));
    const scenario = { ...definition, users: [{ ...first!, rentals }, ...others] };
    const template = seedTemplate(scenario, 'many-rentals.yaml', catalog, world.clock.now());
    const stores = createStores(stateDbFrom(template));
    // Rentals the file leaves unnumbered are numbered above every explicit one, and the next above them.
    const unnumbered = others.reduce((n, u) => n + u.rentals.filter((r) => r.id === undefined).length, 0);
    expect(stores.sequences.next('rental')).toBe(630_001 + unnumbered);
    world.close();
  });
});
