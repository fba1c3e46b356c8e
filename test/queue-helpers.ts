import type { Server } from 'node:http';
import { expect } from 'vitest';
import { ALICE, signed } from './support/signing.js';
import { BASE } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';

// Helpers for the queue and list tests: signed calls as a user, and reading a user's queue state back.

export const SCHEMA = 'http://schemas.lovefilm.com';
export type Who = { guid: string; token: { key: string; secret: string } };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** alice's sub-queues in the default scenario (ids are assigned in scenario order from 1001). */
export const FILMS = 1001;
export const LATER = 1002;
export const BOBS_QUEUE = 1003;
/** alice's lists: 7001 public, 7002 private. */
export const SCIFI_LIST = 7001;
export const GIFT_LIST = 7002;

export const titleRef = (id: number, host = BASE) => `${host}/catalog/title/${id}`;
export const queuesPath = (who: Who = ALICE) => `/users/${who.guid}/queues`;
export const itemPath = (id: number, who: Who = ALICE) => `/users/${who.guid}/queues/item/${id}`;
export const discPath = (id: number, who: Who = ALICE) => `/users/${who.guid}/queues/disc/${id}`;
export const listsPath = (who: Who = ALICE) => `/users/${who.guid}/lists`;

/** A signed call as a user (alice by default); form parameters go in the body. */
export function as(app: Server, method: Method, path: string, form?: Record<string, string>, who: Who = ALICE) {
  return signed(app, method, path, { token: who.token, form });
}

/** GET as a user, expecting 200 XML. */
export async function getDoc(app: Server, path: string, who: Who = ALICE) {
  const res = await as(app, 'GET', path, undefined, who);
  expect(res.status, `${path}\n${res.text.slice(0, 400)}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
  return parseXml(res.text);
}

const lastNumber = (href: string) => Number(href.split('/').pop());

export interface QueuedItem {
  titleId: number;
  priority: number;
  queueId: number;
  discs: number[];
}

/** The whole every-queue of a user, in the order the API answers it. */
export async function everyQueue(app: Server, who: Who = ALICE): Promise<QueuedItem[]> {
  const doc = await getDoc(app, `${queuesPath(who)}/every?items_per_page=100&expand=none`, who);
  expect(Number(str(doc, '/queue/total_results'))).toBeLessThanOrEqual(100);
  return nodes(doc, '/queue/queue_item').map((n) => ({
    titleId: lastNumber(str(n, 'id')),
    priority: Number(str(n, 'priority')),
    queueId: lastNumber(str(n, 'link/@href')),
    discs: nodes(n, 'queue_disc/id').map((d) => lastNumber(String(d.textContent))),
  }));
}

/** name -> count, from GET /queues. */
export async function queueCounts(app: Server, who: Who = ALICE): Promise<Record<string, number>> {
  const doc = await getDoc(app, queuesPath(who), who);
  return Object.fromEntries(nodes(doc, '/queues/queue').map((q) => [str(q, 'name'), Number(str(q, 'count'))]));
}

/** The links of a write answer: created hrefs and failed refs with their reasons. */
export function writeAnswer(text: string) {
  const doc = parseXml(text);
  return {
    doc,
    created: nodes(doc, '/response/resources_created/link').map((l) => str(l, '@href')),
    failed: nodes(doc, '/response/failed_title_refs/link').map((l) => ({ ref: str(l, '@href'), why: str(l, '@title') })),
  };
}
