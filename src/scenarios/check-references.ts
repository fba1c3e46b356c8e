import { ROW_ID_STARTS } from '../domain/ids.js';
import type { Title } from '../domain/types.js';
import { ScenarioError } from './scenario-error.js';
import type { Scenario } from './scenario-schema.js';

/**
 * Checks what the schema alone cannot: titles exist, names are unique, one default sub-queue per user,
 * nothing queued twice, consumers referred to exist. Throws a ScenarioError at the first problem.
 * Without `titleOf` (the catalogue is not built yet: generating one takes seconds to a minute) every check
 * but the titles' existence runs; the titles are checked when the catalogue is there.
 */
export function checkReferences(s: Scenario, file: string, titleOf?: (id: number) => Title | undefined): void {
  const fail = (path: string, problem: string): never => {
    throw new ScenarioError(file, path, problem);
  };
  const title = (path: string, id: number): Title | undefined =>
    titleOf ? (titleOf(id) ?? fail(path, `title ${id} is not in this scenario's catalogue`)) : undefined;
  const keys = s.consumers.map((c) => c.key);
  unique(keys, (i, v) => fail(`consumers[${i}].key`, `consumer key ${JSON.stringify(v)} appears twice`));
  const guids = s.users.map((u) => u.guid);
  unique(guids, (i, v) => fail(`users[${i}].guid`, `GUID ${v} appears twice`));
  const logins = s.users.map((u) => u.login);
  unique(logins, (i, v) => fail(`users[${i}].login`, `login ${JSON.stringify(v)} appears twice`));
  const tokens = s.users.flatMap((u) => u.access_tokens.map((t) => t.token));
  unique(tokens, (_i, v) => fail('users', `access token ${JSON.stringify(v)} appears twice`));
  // Ids a file gives must be unique; orders may repeat (rows are ordered by them).
  for (const [name, values] of explicitIds(s)) if (ROW_ID_STARTS.has(name)) unique(values, (_i, v) => fail('users', `${name} id ${v} appears twice`));
  const consumerKeys = new Set(keys);
  s.users.forEach((u, ui) => {
    const at = `users[${ui}]`;
    u.access_tokens.forEach((t, i) => {
      if (t.consumer && !consumerKeys.has(t.consumer)) fail(`${at}.access_tokens[${i}].consumer`, `no consumer ${JSON.stringify(t.consumer)} in consumers`);
    });
    u.ratings.forEach((r, i) => title(`${at}.ratings[${i}].title`, r.title));
    const rated = u.ratings.map((r) => r.title);
    unique(rated, (i, v) => fail(`${at}.ratings[${i}].title`, `title ${v} is rated twice`));
    u.reviews.forEach((r, i) => title(`${at}.reviews[${i}].title`, r.title));
    if (u.queues.filter((q) => q.default).length > 1) fail(`${at}.queues`, 'more than one sub-queue has default: true');
    const queued = u.queues.flatMap((q, qi) => q.items.map((item, ii) => ({ item, path: `${at}.queues[${qi}].items[${ii}].title` })));
    for (const { item, path } of queued) {
      const t = title(path, item.title);
      if (t?.parentId !== undefined) fail(path, `title ${item.title} is a disc of title ${t.parentId}; queue the title itself`);
    }
    const queuedTitles = queued.map((q) => q.item.title);
    unique(queuedTitles, (i, v) => fail(queued[i]!.path, `title ${v} is queued twice`));
    u.rentals.forEach((r, i) => {
      title(`${at}.rentals[${i}].title`, r.title);
      if (r.returned && r.returned < r.shipped) fail(`${at}.rentals[${i}].returned`, 'returned before it was shipped');
    });
    u.lists.forEach((l, li) => {
      l.items.forEach((e, i) => title(`${at}.lists[${li}].items[${i}].title`, e.title));
      const listed = l.items.map((e) => e.title);
      unique(listed, (i, v) => fail(`${at}.lists[${li}].items[${i}].title`, `title ${v} is in the list twice`));
    });
  });
  s.stock.forEach((st, i) => title(`stock[${i}].title`, st.title));
}

/** Per sequence: the ids and orders the file gives explicitly. */
export function explicitIds(s: Scenario): Array<[string, number[]]> {
  const given = (xs: Array<number | undefined>) => xs.filter((x): x is number => x !== undefined);
  const u = s.users;
  return [
    ['rating', given(u.flatMap((x) => x.ratings.map((r) => r.order)))],
    ['queue', given(u.flatMap((x) => x.queues.map((q) => q.id)))],
    ['queue_item', given(u.flatMap((x) => x.queues.flatMap((q) => q.items.map((i) => i.order))))],
    ['list', given(u.flatMap((x) => x.lists.map((l) => l.id)))],
    ['list_entry', given(u.flatMap((x) => x.lists.flatMap((l) => l.items.map((e) => e.order))))],
    ['review', given(u.flatMap((x) => x.reviews.map((r) => r.id)))],
    ['rental', given(u.flatMap((x) => x.rentals.map((r) => r.id)))],
  ];
}

function unique<T>(values: T[], onDuplicate: (index: number, value: T) => void): void {
  const seen = new Set<T>();
  values.forEach((v, i) => {
    if (seen.has(v)) onDuplicate(i, v);
    seen.add(v);
  });
}
