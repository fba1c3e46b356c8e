// What an admin call names, looked up in a world: the consumer (and its coverage), a subscriber of its sandbox.

import { errors } from '../domain/api-error.js';
import { coverageReport, type CoverageReport } from '../domain/coverage-report.js';
import { CoverageTally } from '../domain/coverage.js';
import type { Consumer, User } from '../domain/types.js';
import type { Sandbox } from './sandbox.js';
import type { World } from './world.js';

/** The consumer an admin call names: missing or unknown is a 400 that lists the scenario's keys. */
export function checkedConsumer(world: World, key: string | undefined): Consumer {
  if (!key) throw errors.missingParameter('consumer', 'name the consumer key whose sandbox this acts on');
  const consumer = world.consumer(key);
  if (!consumer) {
    const known = [...world.scenario.consumers.keys()].join(', ');
    throw errors.invalidParameter('consumer', `${JSON.stringify(key)} is not a consumer of this scenario; known: ${known}`);
  }
  return consumer;
}

/** A subscriber named by login or GUID. */
export function subscriber(sandbox: Sandbox, ref: string | undefined): User {
  if (!ref) throw errors.missingParameter('user', 'name the subscriber by login or GUID');
  const user = sandbox.stores.users.byLogin(ref) ?? sandbox.stores.users.byGuid(ref);
  if (!user) {
    const known = sandbox.stores.users
      .all()
      .map((u) => u.login)
      .join(', ');
    throw errors.invalidParameter('user', `no subscriber with login or GUID ${JSON.stringify(ref)}; known logins: ${known}`);
  }
  return user;
}

/**
 * A consumer's coverage report, read without opening its sandbox (a consumer with none held has exercised
 * nothing since its last reset). 404 for a key that is not a consumer of the scenario (or of open mode).
 */
export function consumerCoverage(world: World, consumer: string): CoverageReport {
  if (!world.consumer(consumer))
    throw errors.notFound(`no consumer ${JSON.stringify(consumer)} in this scenario; use a key listed in the README or GET /__admin/sandboxes`);
  const tally = world.sandboxes.peek(consumer, world.realNow())?.coverage ?? new CoverageTally();
  return coverageReport(consumer, world.coverageSpec, tally);
}
