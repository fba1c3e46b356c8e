// Issue 24: two teams on one shared instance (open mode, an admin token set, as a shared instance runs), in
// one process so the event loop measured is the simulator's. Team B sends signed reads one after another
// (a search, and a user's ratings with an access token) and their latency is recorded, first while team A is
// idle, then while team A does everything a hostile tenant tried (signed as its own key, and unsigned as an
// outsider); test/tenancy.test.ts checks that B's answers stay right meanwhile, this only measures them.
// `npm run bench -- two-teams` runs it alone; the full run adds its rows.
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { DEFAULT_CONFIG } from '../src/config.js';
import { simulatorServer } from '../src/http/server-options.js';
import { createWorld } from '../src/index.js';
import { authorization, type Credentials, type Signer } from './sign.js';

export interface TwoTeamsRow {
  name: string;
  seconds: number;
  /** Team A's requests meanwhile, and how many were not answered as expected (a refusal is expected). */
  aRequests: number;
  aUnexpected: number;
  /** Team B's signed reads meanwhile: how many, how many were not a 200, and their latency. */
  bReads: number;
  bBad: number;
  bP50Ms: number;
  bP99Ms: number;
  bMaxMs: number;
  /** Event-loop delay meanwhile (monitorEventLoopDelay, 1 ms resolution). */
  loopP99Ms: number;
  loopMaxMs: number;
}

const SECRET = 's';
const ADMIN_TOKEN = 'op-secret';
const A: Credentials = { key: 'ci-bench-team-a', secret: SECRET };
const B: Credentials = { key: 'ci-bench-team-b', secret: SECRET };
const CAROL_GUID = 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6';
const CAROL_TOKEN: Credentials = { key: 'carol-access-token', secret: 'carol-access-secret' };
const SEARCH = '/catalog/title?term=the';
const RATINGS = `/users/${CAROL_GUID}/ratings/title`;
/** How long B reads while A is idle. */
const IDLE_SECONDS = 3;

interface Answer {
  status: number;
  body: string;
}

export async function twoTeams(log: (line: string) => void = () => {}): Promise<TwoTeamsRow[]> {
  const config = { ...DEFAULT_CONFIG, scenario: 'default', openPrefix: 'ci-', openSecret: SECRET, adminToken: ADMIN_TOKEN };
  const world = createWorld(config);
  const server: Server = simulatorServer(createApp({ world, config, adminLog: () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const t = new Teams(port);
  const rows: TwoTeamsRow[] = [];
  const row = async (name: string, work: () => Promise<void>) => {
    const r = await t.during(name, work);
    log(
      `${name}: team B's ${r.bReads} reads p50 ${r.bP50Ms.toFixed(1)} ms, p99 ${r.bP99Ms.toFixed(1)} ms, max ${r.bMaxMs.toFixed(1)} ms (${r.bBad} not 200); ` +
        `team A's ${r.aRequests} requests (${r.aUnexpected} unexpected); loop delay p99 ${r.loopP99Ms.toFixed(1)} ms, max ${r.loopMaxMs.toFixed(1)} ms (${r.seconds.toFixed(1)} s)`,
    );
    rows.push(r);
  };
  try {
    // Warm: B's sandbox opened and its reads compiled, A's code paths run once, before anything is measured.
    await t.during('warm-up', () => t.hostileTeam(1));
    await row(`team A idle, ${IDLE_SECONDS} s`, () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
    await row('team A does all of issue 24 (signed, and as an outsider)', () => t.hostileTeam(10));
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    world.close();
  }
  return rows;
}

class Teams {
  private readonly origin: string;
  aRequests = 0;
  aUnexpected = 0;

  constructor(private readonly port: number) {
    this.origin = `http://127.0.0.1:${port}`;
  }

  /**
   * Everything issue 24 lists, as team A: `scale` sets how many of the repeated ones (hostile posts, exports,
   * replays) are sent. Each request is checked against the answer it should get, and counted.
   */
  async hostileTeam(scale: number): Promise<void> {
    const json = { 'Content-Type': 'application/json' };
    const outsider = (method: string, path: string, expected: number, body?: unknown) =>
      this.expect(expected, () => this.send(method, path, body === undefined ? {} : json, body === undefined ? undefined : JSON.stringify(body)));
    await this.signed(A, 'POST', '/__admin/overrides', 400, { match: { path: '*' }, answer: { status: 200, headers: { Trailer: 'X-Checksum' } } });
    await outsider('POST', '/__admin/overrides', 401, { match: { path: '*' }, answer: { status: 200, headers: { Trailer: 'X-Checksum' } } });
    // A request that meets a scoped fault, sent again byte for byte: the first meets it, the rest are replays.
    await this.signed(A, 'POST', '/__admin/faults', 201, { route: '/catalog/title', kind: 'error', status: 418, times: 3 });
    const captured = { Authorization: authorization('GET', this.origin, SEARCH, { consumer: A }) };
    await this.expect(418, () => this.send('GET', SEARCH, captured));
    for (let i = 0; i < 4 * scale; i++) await this.expect(401, () => this.send('GET', SEARCH, captured));
    await this.signed(A, 'POST', '/__admin/clock/advance', 200, { by: '11m' });
    await outsider('POST', '/__admin/clock/advance', 401, { by: '11m' });
    await this.signed(A, 'POST', '/__admin/faults', 201, { route: '*', kind: 'error', status: 503 });
    await this.signed(A, 'POST', '/__admin/overrides', 201, { match: { path: '*' }, answer: { status: 503, body: 'down' } });
    await outsider('POST', '/__admin/faults', 401, { route: '*', kind: 'error', status: 503 });
    await outsider('POST', '/__admin/overrides', 401, { match: { path: '*' }, answer: { status: 503 } });
    // Overrides up to its share and past it (one of them 1 MB).
    for (let i = 1; i < 100; i++) {
      const answer = i === 1 ? { status: 200, body: 'x'.repeat(1_000_000) } : { status: 418 };
      await this.signed(A, 'POST', '/__admin/overrides', 201, { match: { path: `/catalog/title/${i}` }, answer });
    }
    await this.signed(A, 'POST', '/__admin/overrides', 409, { match: { path: '/users/*' }, answer: { status: 418 } });
    await this.signed(A, 'GET', SEARCH, 418);
    // Unsigned posts of a 64 KB form of `=&` repeated, 4 at a time.
    const hostile = '=&'.repeat(32 * 1024);
    for (let i = 0; i < 10 * scale; i++) {
      await Promise.all(
        Array.from({ length: 4 }, () => this.expect(400, () => this.send('POST', '/x', { 'Content-Type': 'application/x-www-form-urlencoded' }, hostile))),
      );
    }
    // What is instance-wide, or another team's: refused signed (403) and unsigned (401).
    const yaml = { 'Content-Type': 'application/yaml' };
    const upload = 'name: a-world\ndescription: mine\n';
    await this.signed(A, 'POST', '/__admin/scenarios/default', 403);
    await outsider('POST', '/__admin/scenarios/default', 401);
    await this.expect(403, () =>
      this.send('POST', '/__admin/scenarios?use=true', { ...yaml, Authorization: this.sign(A, 'POST', '/__admin/scenarios?use=true') }, upload),
    );
    await this.expect(401, () => this.send('POST', '/__admin/scenarios?use=true', yaml, upload));
    await outsider('POST', '/__admin/reset', 401);
    await outsider('DELETE', '/__admin/journal', 401);
    for (const what of ['journal', 'coverage']) {
      await this.signed(A, 'GET', `/__admin/${what}?consumer=${B.key}`, 403);
      await outsider('GET', `/__admin/${what}?consumer=${B.key}`, 401);
    }
    for (let i = 0; i < 20 * scale; i++) {
      await this.signed(A, 'GET', `/__admin/export?consumer=ci-evil-${i}`, 403);
      await outsider('GET', `/__admin/export?consumer=ci-evil-${i}`, 401);
    }
    // What is A's own: its journal, then its whole world.
    await this.signed(A, 'DELETE', '/__admin/journal', 200);
    await this.signed(A, 'POST', '/__admin/reset', 200);
  }

  /** A request signed two-legged by a team, its JSON body as given, expected to answer `expected`. */
  signed(team: Credentials, method: string, path: string, expected: number, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: this.sign(team, method, path) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.expect(expected, () => this.send(method, path, headers, body === undefined ? undefined : JSON.stringify(body)));
  }

  private sign(team: Credentials, method: string, path: string): string {
    return authorization(method, this.origin, path, { consumer: team });
  }

  private async expect(expected: number, send: () => Promise<Answer>): Promise<Answer> {
    const answer = await send();
    this.aRequests++;
    if (answer.status !== expected) this.aUnexpected++;
    return answer;
  }

  /** Runs `work` while team B reads, one signed request after another, and the event loop's delay is recorded. */
  async during(name: string, work: () => Promise<void>): Promise<TwoTeamsRow> {
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const latencies: number[] = [];
    let bad = 0;
    let done = false;
    const reads: Array<[string, Signer]> = [
      [SEARCH, { consumer: B }],
      [RATINGS, { consumer: B, token: CAROL_TOKEN }],
    ];
    const teamB = (async () => {
      for (let i = 0; !done; i++) {
        const [path, signer] = reads[i % reads.length]!;
        const t = performance.now();
        const answer = await this.send('GET', path, { Authorization: authorization('GET', this.origin, path, signer) });
        latencies.push(performance.now() - t);
        if (answer.status !== 200) bad++;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    this.aRequests = 0;
    this.aUnexpected = 0;
    const started = performance.now();
    loop.enable();
    try {
      await work();
    } finally {
      loop.disable();
      done = true;
      await teamB;
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((x, y) => x - y);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return {
      name,
      seconds,
      aRequests: this.aRequests,
      aUnexpected: this.aUnexpected,
      bReads: latencies.length,
      bBad: bad,
      bP50Ms: at(0.5),
      bP99Ms: at(0.99),
      bMaxMs: latencies.at(-1) ?? 0,
      loopP99Ms: loop.percentile(99) / 1e6,
      loopMaxMs: loop.max / 1e6,
    };
  }

  private send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: this.port, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
}
