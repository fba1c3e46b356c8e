import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, CONSUMER, authHeader, type Credentials } from './support/signing.js';
import { BASE, HOST } from './support/world.js';

// docs/reference/data-dir.md#durability: a 2xx means the write survives a crash of the process. A real
// simulator with --data-dir takes writes from 20 clients at once and is killed (SIGKILL) at a moment chosen at
// random (after a random number of answered writes, not a time); a second one on the same folder must show
// every answered write, each multi-row write whole or absent, and nothing that was not sent.

const ROOT = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(dir: string): Promise<{ child: ChildProcess; url: URL; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0', '--data-dir', dir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const rl = createInterface({ input: child.stdout! });
  for await (const line of rl) {
    const url = /^rentalsim listening on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) {
      rl.close();
      return { child, url: new URL(url), stderr: () => stderr };
    }
  }
  throw new Error(`the simulator ended before listening: ${stderr}`);
}

/** One request to the child; an API one signed for BASE (its Host header says rentalsim.test, as the signature does). */
function call(url: URL, method: 'GET' | 'POST', path: string, token?: Credentials, form?: Record<string, string>): Promise<{ status: number; body: string }> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          // The admin API answers only to the simulator's own names (docs/reference/admin-api.md#security).
          ...(path.startsWith('/__admin') ? { Host: url.host } : { Host: HOST, Authorization: authHeader(method, path, { token, form }) }),
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const USERS = [ALICE, BOB, CAROL];
const titleRef = (id: number) => `${BASE}/catalog/title/${id}`;

interface Sent {
  kind: 'rating' | 'pair';
  user: string;
  /** The list of a pair write. */
  list?: string;
  titles: number[];
  answered: 'ok' | 'refused' | 'none';
}

type Exported = {
  users: Array<{ guid: string; ratings: Array<{ title: number }>; lists: Array<{ name: string; items: Array<{ title: number }> }> }>;
};

describe('--data-dir: kill -9 while 20 clients write, then start again on the folder', () => {
  it('every answered write is there, none is half there, nothing unsent is, and the files check ok', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-crash-'));
    folders.push(dir);
    const first = await start(dir);

    // Titles a list takes (the catalogue's, not refused): found through one probe list, deleted after.
    const probe = await call(first.url, 'POST', `/users/${ALICE.guid}/lists`, ALICE.token, { name: 'probe' });
    expect(probe.status, probe.body).toBe(201);
    const probeId = /lists\/(\d+)/.exec(probe.body)![1];
    const candidates = Array.from({ length: 960 }, (_, i) => 10_001 + i);
    const good: number[] = [];
    for (let i = 0; i < candidates.length; i += 120) {
      const chunk = candidates.slice(i, i + 120);
      const r = await call(first.url, 'POST', `/users/${ALICE.guid}/lists/${probeId}`, ALICE.token, { title_refs: chunk.map(titleRef).join(',') });
      expect(r.status, r.body).toBe(201);
      const failed = new Set([...r.body.matchAll(/catalog\/title\/(\d+)" rel="[^"]*failed_title_ref"/g)].map((m) => Number(m[1])));
      good.push(...chunk.filter((id) => !failed.has(id)));
    }
    expect(good.length).toBeGreaterThan(800);
    const exportNow = async (url: URL) => {
      const r = await call(url, 'GET', `/__admin/export?consumer=${CONSUMER.key}&format=json`);
      expect(r.status).toBe(200);
      return JSON.parse(r.body) as Exported;
    };
    // The scenario's own ratings, there before any writer.
    const ratedBefore = new Set((await exportNow(first.url)).users.flatMap((u) => u.ratings.map((r) => `${u.guid} ${r.title}`)));

    // Ten writers add pairs of titles to a list of their own (one transaction of two rows each); ten rate
    // titles of their own slice (one row each). Each writer's titles are its own, so no write refuses another.
    const sent: Sent[] = [];
    const killAfter = 60 + Math.floor(Math.random() * 240);
    let acknowledged = 0;
    let killed = false;
    const slice = Math.floor(good.length / 20);
    const writer = async (w: number) => {
      const user = USERS[w % 3]!;
      const mine = good.slice(w * slice, (w + 1) * slice);
      let listPath: string | undefined;
      if (w < 10) {
        const name = `writer ${w}`;
        const made = await call(first.url, 'POST', `/users/${user.guid}/lists`, user.token, { name });
        if (made.status !== 201) return;
        listPath = `/users/${user.guid}/lists/${/lists\/(\d+)/.exec(made.body)![1]}`;
      }
      for (let i = 0; !killed; i++) {
        if (w < 10 ? 2 * i + 1 >= mine.length : i >= mine.length) return;
        const titles = w < 10 ? [mine[2 * i]!, mine[2 * i + 1]!] : [mine[i]!];
        // A title the scenario's user rated already would be refused, not written.
        if (w >= 10 && ratedBefore.has(`${user.guid} ${titles[0]}`)) continue;
        const s: Sent = { kind: w < 10 ? 'pair' : 'rating', user: user.guid, list: w < 10 ? `writer ${w}` : undefined, titles, answered: 'none' };
        sent.push(s);
        try {
          const r =
            w < 10
              ? await call(first.url, 'POST', listPath!, user.token, { title_refs: titles.map(titleRef).join(',') })
              : await call(first.url, 'POST', `/users/${user.guid}/ratings/title`, user.token, { title_ref: titleRef(titles[0]!), rating: '4' });
          s.answered = r.status === 201 ? 'ok' : 'refused';
          if (s.answered === 'ok' && ++acknowledged === killAfter) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch {
          return; // the connection died with the process: this write's answer never came
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
    expect(killed).toBe(true);
    if (first.child.exitCode === null && first.child.signalCode === null) await once(first.child, 'exit');
    expect(sent.filter((s) => s.answered === 'refused')).toEqual([]);

    const second = await start(dir);
    const health = JSON.parse((await call(second.url, 'GET', '/__admin/health')).body);
    expect(health.dataDir.setAside).toEqual([]);
    const state = await exportNow(second.url);
    const rated = new Set(state.users.flatMap((u) => u.ratings.map((r) => `${u.guid} ${r.title}`)));
    const listed = new Set(state.users.flatMap((u) => u.lists.flatMap((l) => l.items.map((i) => `${u.guid} ${l.name} ${i.title}`))));
    const has = (s: Sent, title: number) =>
      (s.kind === 'rating' ? rated : listed).has(s.kind === 'rating' ? `${s.user} ${title}` : `${s.user} ${s.list} ${title}`);

    for (const s of sent) {
      const present = s.titles.map((t) => has(s, t));
      // Whole or absent, answered or not.
      expect(new Set(present).size, JSON.stringify(s)).toBe(1);
      if (s.answered === 'ok') expect(present[0], JSON.stringify(s)).toBe(true);
    }
    // Nothing that was not sent: every writer's row present is one of its writes.
    const sentKeys = new Set(sent.flatMap((s) => s.titles.map((t) => (s.kind === 'rating' ? `${s.user} ${t}` : `${s.user} ${s.list} ${t}`))));
    const writersRows = [...listed].filter((k) => / writer \d+ /.test(k));
    for (const row of writersRows) expect(sentKeys.has(row), row).toBe(true);
    for (const row of rated) if (!ratedBefore.has(row)) expect(sentKeys.has(row), row).toBe(true);
    expect(sent.filter((s) => s.answered === 'ok').length).toBeGreaterThanOrEqual(killAfter);

    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
    for (const f of readdirSync(join(dir, 'sandboxes')).filter((n) => n.endsWith('.db'))) {
      const db = new Database(join(dir, 'sandboxes', f));
      expect(db.pragma('integrity_check', { simple: true }), f).toBe('ok');
      db.close();
    }
  });

  it('a stop and a start on the folder: every sandbox exports the same, in two real processes', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-restart-'));
    folders.push(dir);
    const first = await start(dir);
    for (const [i, user] of USERS.entries()) {
      const r = await call(first.url, 'POST', `/users/${user.guid}/ratings/title`, user.token, { title_ref: titleRef(10_011 + i), rating: '2' });
      expect(r.status, r.body).toBe(201);
    }
    const exportNow = async (url: URL) => (await call(url, 'GET', `/__admin/export?consumer=${CONSUMER.key}&format=json`)).body;
    const before = await exportNow(first.url);
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');
    const second = await start(dir);
    expect(await exportNow(second.url)).toBe(before);
  });
});
