import { errors } from './api-error.js';
import { routeMatches } from './route-pattern.js';

// What faults (faults.ts) and answer overrides (overrides.ts) share: the requests a tester's rule meets (a
// route pattern, a method and a consumer, read alike by both), and how the rules are held, counted, bounded
// and removed by id.

/** The part of a request every rule is matched on. */
export interface ScopedRequest {
  method: string;
  /** Absolute path as sent, without the query. */
  path: string;
  /** The consumer whose signature the request verified; undefined when it is nobody's. */
  consumer?: string | undefined;
}

/**
 * True when a request falls in a rule's scope: `method` is upper case or `*`; `pattern` a route pattern
 * (route-pattern.ts); `consumer`, when given, must be the consumer the request's signature verified as, so
 * an unsigned, forged or replayed request naming a key is nobody's and never meets a rule scoped to it.
 */
export function inScope(method: string, pattern: string, consumer: string | undefined, req: ScopedRequest): boolean {
  if (method !== '*' && method !== req.method.toUpperCase()) return false;
  if (consumer !== undefined && consumer !== req.consumer) return false;
  return routeMatches(pattern, req.path);
}

/**
 * What the rules may hold: so many in all, and those scoped to one consumer a share of that (decision 0061),
 * so one team filling the instance's count cannot leave every other team unable to add one. Bytes are the
 * rules' JSON as listed (UTF-8); absent, they are not counted.
 */
export interface RuleLimits {
  count: number;
  perConsumer: number;
  totalBytes?: number;
  perConsumerBytes?: number;
}

/** What every rule carries once added. */
export interface HeldRule {
  id: number;
  /** Act on the next N matching requests only; absent = until removed. */
  times?: number;
  /** Hits left when `times` was given; 0 = used up (listed until removed, so a test can inspect it). */
  remaining?: number;
}

/**
 * Rules a tester adds from a `Spec`, lists and removes by id, matched in the order added. Each is held with
 * its size as listed and `S`, what is built for it once when it is added.
 */
export class ScopedRules<Spec, R extends Spec & HeldRule, S> {
  protected held: Array<{ rule: R; size: number; state: S }> = [];
  private bytes = 0;
  private nextId = 1;

  private readonly limits: RuleLimits;

  constructor(
    /** `fault`, `override`: what the messages and the admin routes call one. */
    readonly name: string,
    limits: RuleLimits,
    /** The consumer a rule or spec is scoped to; undefined: every consumer. */
    readonly consumerOf: (ruleOrSpec: Spec) => string | undefined,
    /** A rule spec made to meet one consumer's requests alone. */
    readonly scopedTo: (spec: Spec, consumer: string) => Spec,
    /** The rule held for a spec, with its id. */
    private readonly make: (spec: Spec, id: number) => R,
    /** What is built for a rule once, when it is added. */
    private readonly stateOf: (rule: R) => S,
  ) {
    this.limits = { ...limits }; // its own copy: two simulators share no object (test/two-simulators.test.ts)
  }

  /** True when no rule is set: the request pipeline then skips them altogether. */
  get none(): boolean {
    return this.held.length === 0;
  }

  list(): R[] {
    return this.held.map((h) => structuredClone(h.rule));
  }

  remove(id: number): boolean {
    const i = this.held.findIndex((h) => h.rule.id === id);
    if (i === -1) return false;
    this.bytes -= this.held[i]!.size;
    this.held.splice(i, 1);
    return true;
  }

  /** Removes every rule, or with `consumer` the rules scoped to it; answers how many. */
  clear(consumer?: string): number {
    const before = this.held.length;
    this.held = consumer === undefined ? [] : this.held.filter((h) => this.consumerOf(h.rule) !== consumer);
    this.bytes = this.held.reduce((sum, h) => sum + h.size, 0);
    return before - this.held.length;
  }

  /** Adds a rule with the next id; a 409 when the rules already hold as many, or as many bytes, as they may. */
  add(spec: Spec): R {
    const rule = this.make(spec, this.nextId);
    if (rule.times !== undefined) rule.remaining = rule.times;
    const size = Buffer.byteLength(JSON.stringify(rule));
    this.checkRoomFor(size, this.consumerOf(rule));
    this.nextId++;
    this.held.push({ rule, size, state: this.stateOf(rule) });
    this.bytes += size;
    return structuredClone(rule);
  }

  private checkRoomFor(size: number, consumer: string | undefined): void {
    const { count, totalBytes = Infinity, perConsumer, perConsumerBytes = Infinity } = this.limits;
    const { name } = this;
    const free = `remove some (DELETE /__admin/${name}s/{id}) or all of them (DELETE /__admin/${name}s) first`;
    if (consumer !== undefined) {
      const theirs = this.held.filter((h) => this.consumerOf(h.rule) === consumer);
      const who = `consumer ${JSON.stringify(consumer)}`;
      if (theirs.length >= perConsumer) {
        throw errors.conflict(`${who} already holds ${perConsumer} ${name}s scoped to it, its share of the simulator's; ${free}`);
      }
      const held = theirs.reduce((sum, h) => sum + h.size, 0);
      if (held + size > perConsumerBytes) {
        throw errors.conflict(
          `this ${name} (${size} bytes as listed) would take ${who}'s ${name}s past ${perConsumerBytes} bytes, its share of the simulator's (${held} held); ${free}`,
        );
      }
    }
    if (this.held.length >= count) throw errors.conflict(`the simulator already holds ${count} ${name}s, as many as it keeps; ${free}`);
    if (this.bytes + size > totalBytes) {
      throw errors.conflict(`this ${name} (${size} bytes as listed) would take the ${name}s past ${totalBytes} bytes in all (${this.bytes} held); ${free}`);
    }
  }
}
