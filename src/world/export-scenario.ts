import { dump } from 'js-yaml';
import { errors } from '../domain/api-error.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { StateExportStore } from '../store/state-export-store.js';
import { checkedConsumer } from './admin-lookups.js';
import type { Sandbox } from './sandbox.js';
import type { World } from './world.js';

// A sandbox as a scenario file (design: admin, export): the active scenario's catalogue, settings and
// consumers, with the sandbox's users and everything they did, ids and ordering counters included, so the
// file loads back to the same state and the API gives the same answers.

/** The scenario file's content, in the shape the schema reads (snake_case keys). */
export type ExportedScenario = Omit<Scenario, 'users'> & { users: Array<Record<string, unknown>> };

/**
 * The sandbox of the consumer named, as a scenario file (GET /__admin/export, sim.scenarios.export). The
 * name defaults to the scenario's and the sandbox's (exportName); a name given must be a valid scenario name.
 */
export function exportSandbox(world: World, consumerKey: string | undefined, name?: string): ExportedScenario {
  const consumer = checkedConsumer(world, consumerKey);
  const fileName = name ?? exportName(world.scenario.definition.name, consumer.key);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(fileName)) throw errors.invalidParameter('name', 'lower-case letters, digits and dashes, e.g. default-ci-run-7');
  // A consumer with no sandbox held exports the state it would start from, and none is opened for it: an
  // export is a read (a page's <img> pointing here must not fill the pool and evict a team's sandbox).
  return world.readSandbox(consumer.key, (sandbox) => sandboxScenario(world, sandbox, fileName));
}

/** `default` + `ci-Run_7` -> `default-ci-run-7`: a valid scenario name that says where it came from. */
export function exportName(scenario: string, sandboxKey: string): string {
  const key = sandboxKey
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return key ? `${scenario}-${key}` : `${scenario}-export`;
}

/** A sandbox's users and everything they did, with the active scenario's catalogue, settings and consumers. */
function sandboxScenario(world: World, sandbox: Sandbox, name: string): ExportedScenario {
  const loaded = world.scenario;
  const rows = new StateExportStore(sandbox.db);
  const { stores } = sandbox;
  const consumers = [...loaded.definition.consumers];
  // Tokens may be issued to consumers the scenario does not list (open-mode keys).
  const addConsumer = (key: string) => {
    if (consumers.some((c) => c.key === key)) return;
    const c = world.consumer(key);
    if (c) consumers.push({ key: c.key, secret: c.secret, name: c.name, check_nonce: c.checkNonce });
  };

  const users = stores.users.all().map((u) => {
    const tokens = stores.tokens.accessTokensOf(u.guid).filter((t) => t.state === 'active');
    for (const t of tokens) if (t.consumerKey) addConsumer(t.consumerKey);
    const items = stores.queues.items(u.guid);
    return {
      guid: u.guid,
      login: u.login,
      password: u.password,
      first_name: u.firstName,
      last_name: u.lastName,
      nickname: u.nickname,
      location: u.location,
      plan: u.plan,
      access_tokens: tokens.map((t) => ({ token: t.token, secret: t.secret, ...(t.consumerKey ? { consumer: t.consumerKey } : {}) })),
      ratings: rows.ratings(u.guid).map((r) => ({ title: r.titleId, rating: r.rating, updated: r.updated, order: r.seq })),
      reviews: rows.reviews(u.guid).map((r) => ({
        id: r.id,
        title: r.titleId,
        title_text: r.reviewTitle,
        text: r.reviewText,
        rating: r.rating,
        helpful: r.helpful,
        unhelpful: r.unhelpful,
        spoilers: r.spoilers,
        created: r.created,
      })),
      queues: stores.queues.subQueues(u.guid).map((q) => ({
        id: q.id,
        name: q.name,
        allocation: q.allocation,
        default: q.isDefault,
        items: items
          .filter((i) => i.queueId === q.id)
          .map((i) => ({
            title: i.titleId,
            priority: i.priority,
            shipped_in_order: i.shippedInOrder,
            ...(i.discIds.length > 0 ? { discs: i.discIds } : {}),
            order: i.seq,
          })),
      })),
      rentals: rows.rentals(u.guid).map((r) => ({
        id: r.id,
        title: r.titleId,
        shipped: r.shipped,
        ...(r.returned !== undefined ? { returned: r.returned } : {}),
        priority: r.priority,
      })),
      lists: stores.lists.listsOf(u.guid).map((l) => ({
        id: l.id,
        name: l.name,
        description: l.description,
        public: l.isPublic,
        anonymous: l.anonymous,
        created: l.created,
        updated: l.updated,
        items: stores.lists.entries(l.id).map((e) => ({ title: e.titleId, comment: e.comment, created: e.created, updated: e.updated, order: e.seq })),
      })),
    };
  });

  return {
    name,
    description: `Sandbox ${sandbox.key} of scenario ${loaded.definition.name}, exported`,
    catalog: loaded.definition.catalog,
    settings: loaded.definition.settings,
    consumers,
    users,
    stock: rows.stock().map((s) => ({
      title: s.titleId,
      ...(s.estimatedWait !== undefined ? { estimated_wait: s.estimatedWait } : {}),
      fail_add: s.failAdd,
    })),
    sequences: rows.sequences(),
  };
}

/**
 * The YAML text of an exported scenario, with a header saying where it came from. Long lines are not folded,
 * and a string another reader could take for a date or a number (`2026-11-24`, `'1e3'`) is quoted.
 */
export function scenarioYaml(s: ExportedScenario, exportedAt: string): string {
  return `# Exported from rentalsim at ${exportedAt}. Load it with --scenario-dir; ids are kept, so answers match.\n${dump(s, { lineWidth: -1, noRefs: true })}`;
}
