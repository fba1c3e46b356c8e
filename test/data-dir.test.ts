import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, DEFAULT_CONFIG } from '../src/config.js';
import { createWorld, simulatorServerOf } from '../src/index.js';
import { ALICE, BOB, CONSUMER, OTHER_CONSUMER, signed } from './support/signing.js';
import { BASE, type TestWorld } from './support/world.js';
import { DEFAULT_SANDBOX } from '../src/world/world.js';

// --data-dir (docs/reference/data-dir.md): every sandbox in a file of the folder, read back by the next world
// on the same folder, as a restart would.

const title = (id: number) => `${BASE}/catalog/title/${id}`;
const folders: string[] = [];
const worlds: TestWorld[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rentalsim-data-'));
  folders.push(dir);
  return dir;
}

/** A world on a data folder; closed after the test unless the test closed it, as a restart does. */
function worldOn(dir: string, overrides: Partial<Config> = {}, realNow?: () => number): TestWorld & { lines: string[] } {
  const config: Config = { ...DEFAULT_CONFIG, dataDir: dir, ...overrides };
  // What start-up says of the folder, kept here rather than written to the runner's stderr.
  const lines: string[] = [];
  const world = createWorld(config, realNow, (line) => lines.push(line));
  const w = { app: simulatorServerOf({ world, config }), world, config, adminLines: [], lines };
  worlds.push(w);
  return w;
}

afterEach(() => {
  for (const w of worlds.splice(0)) w.world.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sandboxFiles = (dir: string) => readdirSync(join(dir, 'sandboxes')).filter((f) => f.endsWith('.db'));
/** The start of a key's sandbox file names: the first 32 hex digits of the key's SHA-256 (docs/reference/data-dir.md). */
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
/** A fixed real time for worlds whose requests are unsigned (an OAuth signature would carry the runner's time). */
const T0 = Date.parse('2026-03-01T12:00:00Z');
const exportOf = async (app: Server, key = CONSUMER.key) => {
  const res = await request(app).get(`/__admin/export?consumer=${key}&format=json`);
  expect(res.status, res.text).toBe(200);
  return res.body as Record<string, unknown>;
};

/** Writes of every kind a sandbox keeps: a queue add, a rating, a list, a minted token, its own clock. */
async function writeSome(app: Server): Promise<void> {
  const q = await signed(app, 'POST', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token, form: { title_refs: `${title(1)},${title(10)}` } });
  expect(q.status, q.text).toBe(201);
  const r = await signed(app, 'POST', `/users/${BOB.guid}/ratings/title`, { token: BOB.token, form: { title_ref: title(30), rating: '4.5' } });
  expect(r.status, r.text).toBe(201);
  const l = await signed(app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'Kept', description: 'across restarts' } });
  expect(l.status, l.text).toBe(201);
  expect((await request(app).post('/__admin/tokens').send({ consumer: CONSUMER.key, user: 'bob' })).status).toBe(201);
  const clock = await request(app).put(`/__admin/clock?consumer=${CONSUMER.key}`).send({ mode: 'offset', offsetMs: 86_400_000 });
  expect(clock.status, clock.text).toBe(200);
}

describe('--data-dir: a restart on the same folder brings every sandbox back', () => {
  it('each sandbox exports the same, its own clock reads the same, and the files are one per sandbox', async () => {
    const dir = dataDir();
    const first = worldOn(dir);
    await writeSome(first.app);
    await signed(first.app, 'POST', `/users/${ALICE.guid}/ratings/title`, {
      token: ALICE.token,
      consumer: OTHER_CONSUMER,
      form: { title_ref: title(10), rating: '2' },
    });
    const before = { mine: await exportOf(first.app), other: await exportOf(first.app, OTHER_CONSUMER.key) };
    const clockBefore = (await request(first.app).get(`/__admin/clock?consumer=${CONSUMER.key}`)).body;
    expect(sandboxFiles(dir)).toHaveLength(2);
    first.world.close();

    const second = worldOn(dir);
    expect({ mine: await exportOf(second.app), other: await exportOf(second.app, OTHER_CONSUMER.key) }).toEqual(before);
    const clockAfter = (await request(second.app).get(`/__admin/clock?consumer=${CONSUMER.key}`)).body;
    expect({ mode: clockAfter.mode, offsetMs: clockAfter.offsetMs }).toEqual({ mode: clockBefore.mode, offsetMs: clockBefore.offsetMs });
    expect(second.world.sandboxKeys().sort()).toEqual([CONSUMER.key, OTHER_CONSUMER.key].sort());
    // The state is the one written: Alice's queue holds what was added before the restart.
    const queue = await signed(second.app, 'GET', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token });
    expect(queue.text).toContain(`${BASE}/catalog/title/10`);
  });

  it('an uploaded scenario, and which scenario is active, come back too', async () => {
    const dir = dataDir();
    const first = worldOn(dir);
    const text = (await request(first.app).get(`/__admin/export?consumer=${CONSUMER.key}&name=kept-upload`)).text;
    const up = await request(first.app).post('/__admin/scenarios?use=true').type('application/yaml').send(text);
    expect(up.status, up.text).toBe(201);
    await writeSome(first.app);
    const before = await exportOf(first.app);
    first.world.close();

    const second = worldOn(dir);
    expect(second.world.scenario.definition.name).toBe('kept-upload');
    expect(second.lines).toEqual([
      `rentalsim: data dir: ${dir} was left on scenario kept-upload, which it resumes (--scenario default applies to a new data folder)`,
    ]);
    expect(await exportOf(second.app)).toEqual(before);
    const listed = (await request(second.app).get('/__admin/scenarios')).body.scenarios.map((s: { name: string }) => s.name);
    expect(listed).toContain('kept-upload');
  });
});

describe('--data-dir: reset, switch and drop keep their meaning on disk', () => {
  it("a reset brings back the scenario's state, and survives a restart as reset", async () => {
    const dir = dataDir();
    const first = worldOn(dir);
    const fresh = await exportOf(first.app);
    await writeSome(first.app);
    expect(await exportOf(first.app)).not.toEqual(fresh);
    expect(sandboxFiles(dir)).toHaveLength(1);
    expect((await request(first.app).post(`/__admin/reset?consumer=${CONSUMER.key}`)).status).toBe(200);
    expect(sandboxFiles(dir)).toHaveLength(0);
    expect(await exportOf(first.app)).toEqual(fresh);
    first.world.close();
    expect(worldOn(dir).world.sandboxKeys()).toEqual([]);
  });

  it('a scenario switch starts every sandbox anew and deletes the old files', async () => {
    const dir = dataDir();
    const { app, world } = worldOn(dir);
    await writeSome(app);
    expect(sandboxFiles(dir)).toHaveLength(1);
    expect((await request(app).post('/__admin/scenarios/default')).status).toBe(200);
    expect(sandboxFiles(dir)).toHaveLength(0);
    expect(world.sandboxKeys()).toEqual([]);
  });

  it('DELETE and the cap each delete the sandbox they drop', async () => {
    const dir = dataDir();
    const { app } = worldOn(dir, { maxSandboxes: 1 });
    await writeSome(app);
    expect(sandboxFiles(dir)).toHaveLength(1);
    // The cap: another consumer's sandbox takes the only place.
    await signed(app, 'GET', '/users', { token: ALICE.token, consumer: OTHER_CONSUMER });
    expect(sandboxFiles(dir)).toHaveLength(1);
    expect((await request(app).delete(`/__admin/sandboxes/${OTHER_CONSUMER.key}`)).status).toBe(200);
    expect(sandboxFiles(dir)).toHaveLength(0);
  });
});

describe('--data-dir: a request nobody vouches for', () => {
  it('an unsigned read, a badly signed write or an unknown key makes no sandbox file and leaves the count alone', async () => {
    const dir = dataDir();
    const { app, world } = worldOn(dir);
    expect((await request(app).get('/catalog/titles?term=a')).status).toBe(403);
    expect(sandboxFiles(dir)).toEqual([]);
    const bytes = world.dataDir!.bytes;
    const forged = await signed(app, 'POST', `/users/${ALICE.guid}/lists`, {
      token: ALICE.token,
      consumer: { key: CONSUMER.key, secret: 'not-the-secret' },
      form: { name: 'Forged' },
    });
    expect(forged.status).toBe(401);
    const unknown = await signed(app, 'POST', `/users/${ALICE.guid}/lists`, {
      token: ALICE.token,
      consumer: { key: '../../evil', secret: 'x' },
      form: { name: 'X' },
    });
    expect(unknown.status).toBe(401);
    expect(sandboxFiles(dir)).toEqual([]);
    expect(world.dataDir!.bytes).toBe(bytes);
    expect(world.sandboxes.peek(CONSUMER.key, world.realNow())).toBeUndefined();
  });
});

describe('--data-dir: a folder that fails under the simulator', () => {
  it('a write whose file can no longer be measured is still answered, and the process goes on answering', async () => {
    const dir = dataDir();
    const w = worldOn(dir);
    const first = await signed(w.app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'Before' } });
    expect(first.status, first.text).toBe(201);
    // The sandboxes folder replaced by a link to itself: the open database keeps its descriptors, but every
    // stat of a path inside it now fails with ELOOP, not "not found" (as EIO or a permission changed by hand
    // would; node answers ENOTDIR like ENOENT, and root passes every permission).
    const sandboxes = join(dir, 'sandboxes');
    renameSync(sandboxes, join(dir, 'moved-away'));
    symlinkSync('sandboxes', sandboxes);
    const second = await signed(w.app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'After the folder failed' } });
    expect(second.status, second.text).toBe(201);
    const read = await signed(w.app, 'GET', `/users/${ALICE.guid}/lists`, { token: ALICE.token });
    expect(read.status).toBe(200);
    expect(read.text).toContain('After the folder failed');
    expect(
      w.lines.some((l) => l.includes('could not measure') && l.includes('ELOOP')),
      w.lines.join('\n'),
    ).toBe(true);
  });
});

describe('--data-dir: idle time', () => {
  it('a sandbox dropped for idleness loses its file', async () => {
    const dir = dataDir();
    // Real time stands still but for the minute the test moves it.
    const real = { now: Date.now() };
    const config = { ...DEFAULT_CONFIG, dataDir: dir, sandboxIdleSeconds: 60 };
    const world = createWorld(
      config,
      () => real.now,
      () => {},
    );
    const app = simulatorServerOf({ world, config });
    worlds.push({ app, world, config, adminLines: [] });
    world.sandbox(CONSUMER.key);
    expect(sandboxFiles(dir)).toHaveLength(1);
    real.now += 61_000;
    // The pool drops idle sandboxes when it is next used.
    world.sandbox(OTHER_CONSUMER.key);
    expect(world.sandboxKeys()).toEqual([OTHER_CONSUMER.key]);
    expect(sandboxFiles(dir)).toHaveLength(1);
  });
});

describe('--data-dir: a file that cannot be deleted', () => {
  it("a sandbox dropped for idleness whose file cannot be deleted is said in one line, and the other key's request that dropped it is answered", async () => {
    const dir = dataDir();
    const real = { now: Date.now() };
    const config = { ...DEFAULT_CONFIG, dataDir: dir, sandboxIdleSeconds: 60 };
    const lines: string[] = [];
    const world = createWorld(
      config,
      () => real.now,
      (line) => lines.push(line),
    );
    const app = simulatorServerOf({ world, config });
    worlds.push({ app, world, config, adminLines: [] });
    world.sandbox(CONSUMER.key);
    const [file] = sandboxFiles(dir);
    // A folder where a companion file would be: rmSync refuses it (EISDIR) whatever the user's permissions,
    // as a file made read-only by hand or a busy mount would refuse.
    mkdirSync(join(dir, 'sandboxes', `${file}-journal`));
    const sizeOf = (f: string) => ['', '-wal'].reduce((bytes, s) => bytes + (statSync(join(dir, 'sandboxes', f + s), { throwIfNoEntry: false })?.size ?? 0), 0);
    const [counted, itsSize] = [world.dataDir!.bytes, sizeOf(file!)];
    real.now += 61_000;
    const other = await signed(app, 'GET', `/users/${ALICE.guid}`, { token: ALICE.token, consumer: OTHER_CONSUMER });
    expect(other.status, other.text).toBe(200);
    expect(world.sandboxKeys()).toEqual([OTHER_CONSUMER.key]);
    expect(
      lines.filter((l) => l.includes('could not delete') && l.includes(file!)),
      lines.join('\n'),
    ).toHaveLength(1);
    // Deleted what it could: the database itself is gone, the folder left where it was.
    expect(sandboxFiles(dir)).not.toContain(file);
    // What is left stays counted, and what went does not: the database and its log leave the count, the other
    // key's new file joins it (the folder left behind is no file of the sandbox's, and was never counted).
    expect(world.dataDir!.bytes).toBe(counted - itsSize + sizeOf(sandboxFiles(dir)[0]!));
  });
});

describe('--data-dir: start-up', () => {
  it("a half-written sandbox, upload or active-scenario file left by a crash is removed, not counted against the budget; the user's files at the top are left alone", () => {
    const dir = dataDir();
    worldOn(dir, {}, () => T0).world.close();
    worlds.length = 0;
    const before = worldOn(dir, {}, () => T0);
    const bytes = before.world.dataDir!.bytes;
    before.world.close();
    worlds.length = 0;
    const halfMadeSandbox = `${hashOf(CONSUMER.key)}-abc123.db.tmp`;
    writeFileSync(join(dir, 'sandboxes', halfMadeSandbox), 'x'.repeat(100_000));
    writeFileSync(join(dir, 'scenarios', 'mine.yaml.tmp'), 'x'.repeat(100_000));
    writeFileSync(join(dir, 'active-scenario.json.tmp'), 'x'.repeat(50_000));
    writeFileSync(join(dir, 'notes.tmp'), "the user's own");
    const after = worldOn(dir, {}, () => T0);
    expect(readdirSync(join(dir, 'sandboxes'))).not.toContain(halfMadeSandbox);
    expect(readdirSync(join(dir, 'scenarios'))).not.toContain('mine.yaml.tmp');
    expect(readdirSync(dir)).not.toContain('active-scenario.json.tmp');
    // Removed, not set aside as a file that could not be read back.
    expect(after.lines).toEqual([]);
    expect(existsSync(join(dir, 'damaged'))).toBe(false);
    expect(after.world.dataDir!.bytes).toBe(bytes);
    expect(readdirSync(dir)).toContain('notes.tmp');
  });

  it('restored sandboxes count as used at start-up (--sandbox-idle); over --max-sandboxes the least recently written go, their files deleted', async () => {
    // B's file name sorts before A's, so the order of the names alone would keep A.
    const [b, a] = [CONSUMER, OTHER_CONSUMER].sort((x, y) => hashOf(x.key).localeCompare(hashOf(y.key)));
    const dir = dataDir();
    const first = worldOn(dir, {}, () => T0);
    const minted: string[] = [];
    for (const [consumer, user] of [
      [a!, 'bob'],
      [b!, 'alice'],
    ] as const) {
      const res = await request(first.app).post('/__admin/tokens').send({ consumer: consumer.key, user });
      expect(res.status, res.text).toBe(201);
      minted.push(res.body.token);
    }
    const bBefore = await exportOf(first.app, b!.key);
    expect(JSON.stringify(bBefore)).toContain(minted[1]);
    expect(JSON.stringify(await exportOf(first.app, a!.key))).toContain(minted[0]);
    first.world.close();
    worlds.length = 0;
    // Written as A, then as B, a minute apart (the file system's clock is not the test's to wait on).
    for (const f of readdirSync(join(dir, 'sandboxes'))) {
      const at = (T0 - (f.startsWith(hashOf(a!.key)) ? 120_000 : 60_000)) / 1000;
      utimesSync(join(dir, 'sandboxes', f), at, at);
    }

    // An hour later, with a ten-minute idle time: B was written long before, but counts as used at start-up.
    const second = worldOn(dir, { maxSandboxes: 1, sandboxIdleSeconds: 600 }, () => T0 + 3_600_000);
    expect(second.world.sandboxKeys()).toEqual([b!.key]);
    expect(sandboxFiles(dir).map((f) => f.slice(0, 32))).toEqual([hashOf(b!.key)]);
    expect(existsSync(join(dir, 'damaged'))).toBe(false);
    expect(second.lines).toEqual([]);
    expect(await exportOf(second.app, b!.key)).toEqual(bBefore);
    // A's state went with its file: its next request starts from the scenario, without the token minted.
    expect(JSON.stringify(await exportOf(second.app, a!.key))).not.toContain(minted[0]);
  });
});

describe('--data-dir: a file that cannot be read back is set aside, never reset', () => {
  it('a damaged file and a foreign file each get one line naming them, are moved to damaged/, and health lists them', async () => {
    const dir = dataDir();
    const first = worldOn(dir);
    await writeSome(first.app);
    first.world.close();
    const [file] = sandboxFiles(dir);
    // Damage the file: its header no longer says SQLite.
    writeFileSync(join(dir, 'sandboxes', file!), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'sandboxes', 'notes.txt'), 'not a sandbox');

    const lines: string[] = [];
    const config = { ...DEFAULT_CONFIG, dataDir: dir };
    const world = createWorld(config, undefined, (line) => lines.push(line));
    const app = simulatorServerOf({ world, config });
    worlds.push({ app, world, config, adminLines: [] });

    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.includes(file!))).toMatch(/not a readable SQLite database|damaged|cannot be opened/);
    expect(lines.find((l) => l.includes('notes.txt'))).toMatch(/is not a sandbox file/);
    expect(sandboxFiles(dir)).toHaveLength(0);
    expect(readdirSync(join(dir, 'damaged')).some((f) => f.startsWith(file!))).toBe(true);
    const health = (await request(app).get('/__admin/health')).body;
    expect(health.dataDir.setAside.map((s: { file: string }) => s.file).sort()).toEqual(
      [join(dir, 'sandboxes', file!), join(dir, 'sandboxes', 'notes.txt')].sort(),
    );
    // The consumer starts from the scenario again, in a new file: nothing was read from the damaged one.
    expect((await signed(app, 'GET', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token })).status).toBe(200);
  });
});

describe('--data-dir-budget: at the budget, writes answer 507 and reads go on', () => {
  it('a write past the budget is a 507 XML error that changes nothing; reads answer; the file checks ok', async () => {
    const dir = dataDir();
    // Room for the sandbox's file and a little more.
    const { app, world } = worldOn(dir, { dataDirBudget: 1 });
    const first = await signed(app, 'GET', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token });
    expect(first.status).toBe(507);
    expect(first.text).toContain('<reason>Insufficient Storage</reason>');
    expect(first.headers['x-mashery-error-code']).toBe('ERR_507_INSUFFICIENT_STORAGE');
    // The shared sandbox, which requests read before they name a consumer, is made even at the budget.
    expect(world.sandbox().key).toBe(DEFAULT_SANDBOX);
    world.close();
    rmSync(dir, { recursive: true, force: true });

    const dir2 = dataDir();
    const roomy = worldOn(dir2);
    expect((await signed(roomy.app, 'GET', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token })).status).toBe(200);
    roomy.world.close();
    // What the folder takes once read back (the sandbox's file, no write-ahead log yet): one write goes past it.
    const probe = worldOn(dir2);
    const used = probe.world.dataDir!.bytes;
    probe.world.close();
    const tight = worldOn(dir2, { dataDirBudget: used + 1 });
    const add = (n: number) => signed(tight.app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: `List ${n}` } });
    let answered = 201;
    for (let n = 1; n < 20 && answered === 201; n++) answered = (await add(n)).status;
    expect(answered).toBe(507);
    const atBudget = await exportOf(tight.app);
    const refused = await add(61);
    expect(refused.status).toBe(507);
    expect(refused.text).toMatch(/<details>the data folder takes \d+ bytes, at its budget of \d+ \(--data-dir-budget\)/);
    const read = await signed(tight.app, 'GET', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token });
    expect(read.status).toBe(200);
    expect(await exportOf(tight.app)).toEqual(atBudget);
    const metrics = (await request(tight.app).get('/__admin/metrics')).text;
    expect(metrics).toMatch(/^rentalsim_data_dir_bytes \d+$/m);
    tight.world.close();
    for (const f of sandboxFiles(dir2)) {
      const db = new Database(join(dir2, 'sandboxes', f), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  });
});

describe('--data-dir on a full disk: writes answer 507, reads go on, nothing is corrupted', () => {
  /**
   * A 512 KiB tmpfs when this process may mount one (root, as in CI's container); otherwise a file size limit
   * would be the way, which a test cannot set on its own process, so the check is the budget test's above.
   */
  function smallDisk(): string | undefined {
    const dir = dataDir();
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', dir], { stdio: 'ignore' });
    } catch {
      return undefined;
    }
    return dir;
  }

  it('when the disk is full (ENOSPC), a write is a 507 that changes nothing, reads answer, and integrity_check is ok', async () => {
    const dir = smallDisk();
    if (dir === undefined) {
      // No mount here: the same refusal at the budget is checked above.
      expect(process.getuid?.()).not.toBe(0);
      return;
    }
    const { app, world } = worldOn(dir);
    try {
      const add = (n: number) =>
        signed(app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: `List ${n} ${'x'.repeat(180)}`, description: 'y'.repeat(400) } });
      let answer = await add(0);
      for (let n = 1; n < 5000 && answer.status === 201; n++) answer = await add(n);
      expect(answer.status, answer.text).toBe(507);
      expect(answer.text).toContain('<reason>Insufficient Storage</reason>');
      expect(answer.text).toMatch(/disk refused the write \((SQLITE_FULL|SQLITE_IOERR_WRITE)\)/);
      // A multi-row write (a pair of titles to a list) is refused whole as well, and changes nothing.
      const full = await exportOf(app);
      const pair = await signed(app, 'POST', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token, form: { title_refs: `${title(1)},${title(10)}` } });
      expect([201, 507]).toContain(pair.status);
      if (pair.status === 507) expect(await exportOf(app)).toEqual(full);
      const read = await signed(app, 'GET', `/users/${ALICE.guid}/lists`, { token: ALICE.token });
      expect(read.status).toBe(200);
      // Checked on the sandbox's own connection, which holds the file alone (a second one would need room
      // for a shared-memory file that the full disk has not).
      expect(world.heldSandboxes().map((b) => b.db.pragma('integrity_check', { simple: true }))).toEqual(['ok']);
    } finally {
      world.close();
      execFileSync('umount', [dir]);
    }
  });
});

describe("--data-dir is one simulator's", () => {
  it('a second simulator on a folder in use stops with one line naming it; once the first stops, it starts', () => {
    const dir = dataDir();
    const first = worldOn(dir);
    expect(() => createWorld({ ...DEFAULT_CONFIG, dataDir: dir }, undefined, () => {})).toThrow(
      new RegExp(`^--data-dir \\(DATA_DIR\\): ${dir} is in use by another rentalsim`),
    );
    first.world.close();
    worlds.push({ ...first, world: createWorld({ ...DEFAULT_CONFIG, dataDir: dir }, undefined, () => {}) });
  });
});
