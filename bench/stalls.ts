// Issue 24: what one team's expensive request does to everyone else's. In one process, so the event loop the
// simulator runs on is the one measured: the app on 127.0.0.1 (port 0), `monitorEventLoopDelay` on, and
// another team's requests (an admin health check and a signed catalogue read, one after the other) timed
// while each expensive request is sent. `npm run bench -- stalls` runs it alone; the full run adds its rows.
import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { DEFAULT_CONFIG } from '../src/config.js';
import { simulatorServer } from '../src/http/server-options.js';
import { createWorld } from '../src/index.js';
import { catalogSnapshotFile } from '../src/scenarios/catalog-cache.js';
import { authorization } from './sign.js';

export interface StallRow {
  name: string;
  /** How long the expensive requests took, all of them. */
  seconds: number;
  /** Event-loop delay meanwhile (monitorEventLoopDelay, 1 ms resolution). */
  loopP99Ms: number;
  loopMaxMs: number;
  /** The other team's requests meanwhile: how many, and their latency. */
  others: number;
  otherP99Ms: number;
  otherMaxMs: number;
}

const OTHER = { consumer: { key: 'other-consumer-key', secret: 'other-consumer-secret' } };
const TODAY = '2026-06-01';

export async function stalls(log: (line: string) => void = () => {}): Promise<StallRow[]> {
  const config = { ...DEFAULT_CONFIG, scenario: 'default' };
  const world = createWorld(config);
  const server: Server = simulatorServer(createApp({ world, config, adminLog: () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rows: StallRow[] = [];
  const row = async (name: string, work: () => Promise<unknown>) => {
    const r = await during(port, name, work);
    log(
      `${name}: loop delay p99 ${r.loopP99Ms.toFixed(1)} ms, max ${r.loopMaxMs.toFixed(1)} ms; another team's ${r.others} requests p99 ${r.otherP99Ms.toFixed(1)} ms, max ${r.otherMaxMs.toFixed(1)} ms (${r.seconds.toFixed(1)} s)`,
    );
    rows.push(r);
  };
  try {
    // Warm: the other team's requests and each expensive request's code path run once before they are measured.
    await during(port, 'warm-up', async () => {
      await send(port, 'POST', '/x', { 'Content-Type': 'application/x-www-form-urlencoded' }, '=&'.repeat(1000));
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    // What the machine itself does to the loop (a shared box's other processes): nothing expensive is sent.
    await row('baseline: nothing else sent, 2 s', () => new Promise((resolve) => setTimeout(resolve, 2000)));
    const seed = 1_000_000 + randomInt(1_000_000);
    const catalog = { seed, titles: 20_000, people: 10_000, curated: true };
    await row('an upload generating a new 20,000-title, 10,000-people catalogue', () =>
      send(port, 'POST', '/__admin/scenarios', { 'Content-Type': 'application/yaml' }, scenario('stall-build', catalog)),
    );
    rmSync(catalogSnapshotFile({ ...catalog, today: TODAY }), { force: true });
    const hostile = '=&'.repeat(32 * 1024);
    await row('400 unsigned posts of a 64 KB form of `=&` repeated, 4 at a time', async () => {
      for (let i = 0; i < 100; i++) {
        await Promise.all(Array.from({ length: 4 }, () => send(port, 'POST', '/x', { 'Content-Type': 'application/x-www-form-urlencoded' }, hostile)));
      }
    });
    const block = `&b [${Array(1000).fill('1').join(',')}]`;
    const aliased = `name: aliased\ndescription: ${'x'.repeat(5_700_000)}\nx-list: ${block}\nx-uses: [${Array(50_000).fill('*b').join(',')}]\n`;
    await row('an upload of 5.7 MB whose aliases expand to 50 million nodes', () =>
      send(port, 'POST', '/__admin/scenarios', { 'Content-Type': 'application/yaml' }, aliased),
    );
    // A legitimate big upload (an export of a busy sandbox): parsed in a worker, then seeded here.
    const users = Array.from({ length: 2000 }, (_, i) => {
      const ratings = Array.from({ length: 150 }, (_, j) => `      - {title: ${10_001 + j}, rating: 3}`).join('\n');
      const guid = `${(0x10000000 + i).toString(16).toUpperCase()}-0000-4000-8000-000000000000`;
      return `  - guid: ${guid}\n    login: u${i}\n    password: p\n    first_name: A\n    last_name: B\n    ratings:\n${ratings}`;
    });
    const big = `name: big-export\ndescription: x\ncatalog: {seed: 42, titles: 2000, people: 1500, curated: true}\nusers:\n${users.join('\n')}\n`;
    await row(`an upload of a ${(big.length / 1e6).toFixed(1)} MB scenario (2,000 users with 150 ratings each)`, () =>
      send(port, 'POST', '/__admin/scenarios', { 'Content-Type': 'application/yaml' }, big),
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    world.close();
  }
  return rows;
}

function scenario(name: string, catalog: object): string {
  return `name: ${name}\ndescription: built while others wait\ncatalog: ${JSON.stringify(catalog)}\nsettings: {clock: "${TODAY}T00:00:00Z"}\n`;
}

/** Runs `work` while another team's requests go one after another, and the event loop's delay is recorded. */
async function during(port: number, name: string, work: () => Promise<unknown>): Promise<StallRow> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const latencies: number[] = [];
  let done = false;
  const origin = `http://127.0.0.1:${port}`;
  const others = (async () => {
    while (!done) {
      let t = performance.now();
      await send(port, 'GET', '/__admin/health');
      latencies.push(performance.now() - t);
      const read = '/catalog/title?term=the';
      t = performance.now();
      await send(port, 'GET', read, { Authorization: authorization('GET', origin, read, OTHER) });
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const started = performance.now();
  loop.enable();
  await work();
  loop.disable();
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await others;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return {
    name,
    seconds,
    loopP99Ms: loop.percentile(99) / 1e6,
    loopMaxMs: loop.max / 1e6,
    others: latencies.length,
    otherP99Ms: p99,
    otherMaxMs: latencies.at(-1) ?? 0,
  };
}

function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
