import type { Statement } from 'better-sqlite3';

type Runnable = Statement<unknown[], unknown>;
type Ran = 'run' | 'get' | 'all';

/** What a store does with its statements: run them. */
export type OnUse<S extends Pick<Runnable, Ran>> = Pick<S, Ran>;

/**
 * A statement of a sandbox's store, prepared the first time it runs. Most sandboxes answer a handful of
 * requests (an open-mode key, a CI job) and run a few of the dozens of statements their stores name; each
 * prepared statement holds native memory that better-sqlite3 frees only when the garbage collector reaches
 * its small JavaScript object, long after the sandbox was dropped and its database closed. Preparing on use
 * keeps both the sandboxes held and those dropped and not yet collected small (bench/results/soak.md).
 */
export function preparedOnUse<S extends Pick<Runnable, Ran>>(prepare: () => S): OnUse<S> {
  return new StatementOnUse(prepare as unknown as () => Runnable) as unknown as OnUse<S>;
}

// Methods on the prototype, not closures: a sandbox names dozens of these and most are never run.
class StatementOnUse {
  private made: Runnable | undefined;

  constructor(private readonly prepare: () => Runnable) {}

  run(...params: unknown[]) {
    return (this.made ??= this.prepare()).run(...params);
  }

  get(...params: unknown[]) {
    return (this.made ??= this.prepare()).get(...params);
  }

  all(...params: unknown[]) {
    return (this.made ??= this.prepare()).all(...params);
  }
}
