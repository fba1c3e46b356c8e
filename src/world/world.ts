import { errors } from '../domain/api-error.js';
import { SimClock } from '../domain/sim-clock.js';
import { loadScenario, type LoadedScenario } from '../scenarios/loaded-scenario.js';
import { Sandbox } from './sandbox.js';
import type { ScenarioFile } from './scenario-files.js';

/** The sandbox that requests without a consumer key (admin pages, unsigned catalogue reads) use. */
export const DEFAULT_SANDBOX = '__default__';

export interface WorldOptions {
  scenarios: ReadonlyMap<string, ScenarioFile>;
  scenario: string;
  /** Real time source; tests may pass a fake. */
  realNow?: () => number;
}

/**
 * Everything the simulator holds: the scenarios it knows, the loaded one, one sandbox per consumer key and
 * the clock. Handlers reach it through the request context.
 */
export class World {
  readonly clock: SimClock;
  private readonly loaded = new Map<string, LoadedScenario>();
  private readonly sandboxes = new Map<string, Sandbox>();
  private active!: LoadedScenario;

  constructor(private readonly options: WorldOptions) {
    this.clock = new SimClock(options.realNow ?? Date.now);
    this.useScenario(options.scenario);
  }

  get scenario(): LoadedScenario {
    return this.active;
  }

  scenarioFiles(): ScenarioFile[] {
    return [...this.options.scenarios.values()];
  }

  /** Switches every sandbox to another scenario, each starting from its initial state. */
  useScenario(name: string): LoadedScenario {
    const file = this.options.scenarios.get(name);
    if (!file) {
      throw errors.notFound(`no scenario named ${JSON.stringify(name)}; known: ${[...this.options.scenarios.keys()].join(', ')}`);
    }
    let loaded = this.loaded.get(name);
    if (!loaded) {
      loaded = loadScenario(file.scenario, file.file, this.clock.now());
      this.loaded.set(name, loaded);
    }
    this.active = loaded;
    this.resetClock();
    this.dropSandboxes();
    return loaded;
  }

  /** The sandbox of a consumer key, created from the template on first use. */
  sandbox(key: string = DEFAULT_SANDBOX): Sandbox {
    let box = this.sandboxes.get(key);
    if (!box) {
      box = new Sandbox(key, this.active.template, this.clock.now());
      this.sandboxes.set(key, box);
    }
    return box;
  }

  sandboxKeys(): string[] {
    return [...this.sandboxes.keys()];
  }

  /** Back to the scenario's initial state: one sandbox, or all of them. */
  reset(key?: string): void {
    if (key === undefined) {
      this.resetClock();
      this.dropSandboxes();
      return;
    }
    this.sandboxes.get(key)?.close();
    this.sandboxes.delete(key);
  }

  close(): void {
    this.dropSandboxes();
  }

  /** A scenario may start the clock frozen at an instant; otherwise it runs in real time. */
  private resetClock(): void {
    const frozenAt = this.active.scenario.settings.clock;
    this.clock.set(frozenAt ? { mode: 'frozen', at: Date.parse(frozenAt) } : { mode: 'real' });
  }

  private dropSandboxes(): void {
    for (const box of this.sandboxes.values()) box.close();
    this.sandboxes.clear();
  }
}
