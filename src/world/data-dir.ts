import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { errors } from '../domain/api-error.js';
import type { Db } from '../store/db.js';
import {
  createSandboxFile,
  guardWrites,
  lockFolder,
  openSandboxFile,
  removeSandboxFile,
  SANDBOX_FILE_SUFFIXES,
  SandboxFileProblem,
  type SandboxFileMeta,
  writeFileDurably,
  writeSandboxClock,
} from '../store/sandbox-file.js';
import { orStorageFull } from '../store/storage-full.js';
import { Sandbox, type SandboxDisk } from './sandbox.js';

/**
 * The data folder (--data-dir; docs/reference/data-dir.md): where sandboxes, uploaded scenarios and the
 * active scenario's name are kept, so a restart brings them back.
 *
 *     DIR/active-scenario.json     {"name": "..."}, written on every switch
 *     DIR/scenarios/NAME.yaml      an uploaded scenario's text, as sent
 *     DIR/sandboxes/HASH-ID.db     one sandbox (+ -wal while open; EXCLUSIVE locking makes no -shm); HASH is of the consumer key, which
 *                                  the file holds itself; ID tells one life of a sandbox from the next
 *     DIR/damaged/                 files that could not be read back, set aside with a line on stderr
 *
 * It counts the bytes its files take (each sandbox's after each write), and refuses writes and new sandboxes
 * past its budget with a 507.
 */
export class DataDir {
  private readonly sandboxDir: string;
  private readonly scenarioDir: string;
  private readonly damagedDir: string;
  /** Bytes each file (or group of files) takes, by path. */
  private readonly sizes = new Map<string, number>();
  /** Their sum: the bytes its files take now, as counted (read as `bytes`; only `put` changes it). */
  private total = 0;
  /** Files found that could not be used: where each was, where it is now (damaged/) and why (GET /__admin/health). */
  private readonly aside: Array<{ file: string; movedTo: string; reason: string }> = [];
  /** Held while this simulator uses the folder (lockFolder). */
  private readonly lock: Db;

  constructor(
    readonly root: string,
    readonly budget: number,
    private readonly log: (line: string) => void,
  ) {
    this.sandboxDir = join(root, 'sandboxes');
    this.scenarioDir = join(root, 'scenarios');
    this.damagedDir = join(root, 'damaged');
    for (const dir of [root, this.sandboxDir, this.scenarioDir]) mkdirSync(dir, { recursive: true });
    this.lock = lockFolder(join(root, 'lock'));
    // Every file here is written beside its name, then renamed (a new sandbox, an upload, the active scenario's
    // name): one left half-written by a crash never held an answered write, and is not counted against the budget.
    // At the top of the folder only the simulator's own goes: other files there are the user's (docs/reference/data-dir.md).
    for (const dir of [this.sandboxDir, this.scenarioDir]) {
      for (const name of readdirSync(dir)) if (name.endsWith('.tmp')) removeSandboxFile(join(dir, name));
    }
    rmSync(join(root, 'active-scenario.json.tmp'), { force: true });
    this.count(join(root, 'active-scenario.json'));
    this.count(join(root, 'lock'));
    for (const name of readdirSync(this.scenarioDir)) this.count(join(this.scenarioDir, name));
    // What damaged/ holds from earlier runs takes room too.
    const damaged = statSync(this.damagedDir, { throwIfNoEntry: false }) ? readdirSync(this.damagedDir, { withFileTypes: true }).filter((f) => f.isFile()) : [];
    this.put(
      this.damagedDir,
      damaged.reduce((bytes, f) => bytes + statSync(join(this.damagedDir, f.name)).size, 0),
    );
  }

  get bytes(): number {
    return this.total;
  }

  /** Lets the folder go (the simulator stopping), once its sandboxes are closed. */
  close(): void {
    this.lock.close();
  }

  /** What GET /__admin/health and /__admin/metrics say of the data folder. */
  report() {
    return { path: this.root, bytes: this.bytes, budget: this.budget, setAside: [...this.aside] };
  }

  /** The scenario active when the folder was last used, if it says. */
  activeScenario(): string | undefined {
    try {
      const name = (JSON.parse(readFileSync(join(this.root, 'active-scenario.json'), 'utf8')) as { name?: unknown }).name;
      return typeof name === 'string' ? name : undefined;
    } catch {
      return undefined;
    }
  }

  setActiveScenario(name: string): void {
    this.writeWhole(join(this.root, 'active-scenario.json'), `${JSON.stringify({ name })}\n`);
  }

  /** The uploaded scenarios kept, as sent. */
  uploads(): Array<{ name: string; file: string; text: string }> {
    return readdirSync(this.scenarioDir)
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => ({ name: decodeURIComponent(basename(f, '.yaml')), file: join(this.scenarioDir, f), text: readFileSync(join(this.scenarioDir, f), 'utf8') }));
  }

  /** Keeps an uploaded scenario's text (refused with a 507 past the budget). */
  saveUpload(name: string, text: string): void {
    this.checkRoom();
    this.writeWhole(this.uploadFile(name), text);
  }

  removeUpload(name: string): void {
    const file = this.uploadFile(name);
    rmSync(file, { force: true });
    this.count(file);
  }

  /** Throws a 507 when the folder takes its budget or more. */
  checkRoom(): void {
    if (this.bytes >= this.budget) {
      throw errors.storageFull(`the data folder takes ${this.bytes} bytes, at its budget of ${this.budget} (--data-dir-budget)`);
    }
  }

  /**
   * A new sandbox of a key, in a new file made from the template: refused with a 507 past the budget, but for
   * `always` (the shared sandbox that unsigned reads use, so reads go on at the budget).
   */
  newSandbox(key: string, scenario: string, template: Buffer, now: number, always = false): Sandbox {
    if (!always) this.checkRoom();
    const path = join(this.sandboxDir, `${keyHash(key)}-${now.toString(36)}${randomBytes(3).toString('hex')}.db`);
    const db = orStorageFull(() => createSandboxFile(path, template, { key, scenario, createdAt: now, clock: undefined }));
    return new Sandbox(key, { db, disk: this.diskOf(path) }, now);
  }

  /**
   * The sandboxes kept for a scenario, least recently written first. A file that cannot be read back, or
   * that belongs to another scenario, is set aside (moved to damaged/, one line on stderr), never reset.
   */
  restore(scenario: string, now: number) {
    const found: Array<{ sandbox: Sandbox; meta: SandboxFileMeta; writtenAt: number }> = [];
    const names = readdirSync(this.sandboxDir).sort();
    const companions = new Set(names.filter((n) => n.endsWith('.db')).flatMap((n) => SANDBOX_FILE_SUFFIXES.map((s) => n + s)));
    for (const name of names) {
      if (companions.has(name)) continue;
      const file = join(this.sandboxDir, name);
      try {
        if (!/^[0-9a-f]{32}-[0-9a-z]+\.db$/.test(name)) throw new SandboxFileProblem('is not a sandbox file of rentalsim (sandboxes/HASH-ID.db)');
        const writtenAt = Math.max(...['', ...SANDBOX_FILE_SUFFIXES].map((s) => statSync(file + s, { throwIfNoEntry: false })?.mtimeMs ?? 0));
        const { db, meta } = openSandboxFile(file);
        const problem =
          keyHash(meta.key) !== name.slice(0, 32)
            ? `holds the sandbox of ${JSON.stringify(meta.key)}, whose file name would start ${keyHash(meta.key)}`
            : meta.scenario !== scenario
              ? `is a sandbox of scenario ${JSON.stringify(meta.scenario)}, and ${JSON.stringify(scenario)} is the active one`
              : undefined;
        if (problem !== undefined) {
          db.close();
          throw new SandboxFileProblem(problem);
        }
        found.push({ sandbox: new Sandbox(meta.key, { db, disk: this.diskOf(file) }, now, meta.createdAt), meta, writtenAt });
      } catch (e) {
        if (!(e instanceof SandboxFileProblem)) throw e;
        this.setAside(file, e.message);
      }
    }
    found.sort((a, b) => a.writtenAt - b.writtenAt);
    // Two files of one key (a crash between a reset's new file and the old one's removal): the newer is it.
    const byKey = new Map<string, (typeof found)[number]>();
    for (const f of found) {
      const older = byKey.get(f.meta.key);
      const [kept, gone] = older && older.meta.createdAt > f.meta.createdAt ? [older, f] : [f, older];
      gone?.sandbox.drop();
      byKey.set(f.meta.key, kept);
    }
    return [...byKey.values()];
  }

  /**
   * What a sandbox file does with the folder: each row written is checked against the budget first, and
   * the file's bytes are counted now, and again once the request or write that wrote is done (a stat of its files).
   */
  private diskOf(path: string): SandboxDisk {
    this.countSandbox(path);
    let wrote = false;
    let guarded = false;
    return {
      guard: (db) => {
        if (guarded) return;
        guarded = true;
        guardWrites(db, () => {
          this.checkRoom();
          wrote = true;
        });
      },
      settle: () => {
        if (!wrote) return;
        wrote = false;
        this.countSandbox(path);
      },
      closed: (forget) => {
        // A sandbox is dropped for idleness while another key's request takes the pool: a file that cannot be
        // deleted (a permission or a folder changed by hand) is said in one line and stays counted, never
        // thrown into that request.
        if (forget) {
          try {
            removeSandboxFile(path);
          } catch (e) {
            this.log(`rentalsim: data dir: could not delete ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)}); what is left of it stays counted`);
          }
        }
        this.countSandbox(path);
      },
      saveClock: (db, clock) => {
        writeSandboxClock(db, clock);
        this.countSandbox(path);
      },
    };
  }

  /** Moves a file (and its companions) to damaged/ and says so: one line naming it and why. */
  private setAside(file: string, reason: string): void {
    mkdirSync(this.damagedDir, { recursive: true });
    const movedTo = join(this.damagedDir, `${basename(file)}.${Date.now().toString(36)}`);
    let moved = 0;
    for (const suffix of ['', ...SANDBOX_FILE_SUFFIXES]) {
      try {
        renameSync(file + suffix, movedTo + suffix);
        moved += statSync(movedTo + suffix).size;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    this.aside.push({ file, movedTo, reason });
    this.log(`rentalsim: data dir: ${file} ${reason}; set aside as ${movedTo}`);
    // What it took is counted under damaged/ now (a file of sandboxes/ was never counted before it was opened):
    // no stat of every file set aside before, once per file set aside at start-up.
    this.put(this.damagedDir, (this.sizes.get(this.damagedDir) ?? 0) + moved);
  }

  private countSandbox(path: string): void {
    let bytes = 0;
    try {
      // The file and its log: an EXCLUSIVE connection keeps no shared-memory file (sandbox-file.ts).
      for (const suffix of ['', '-wal']) bytes += statSync(path + suffix, { throwIfNoEntry: false })?.size ?? 0;
    } catch (e) {
      // The folder failed under the simulator (EIO, a permission or a folder changed by hand): the write
      // itself was committed or refused by SQLite, so its answer stands and the last count is kept. This runs
      // when a request lets its sandbox go (an answer's `close`), where a throw would stop the process.
      this.log(`rentalsim: data dir: could not measure ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)}); its last size is counted`);
      return;
    }
    this.put(path, bytes);
  }

  private count(file: string): void {
    this.put(file, statSync(file, { throwIfNoEntry: false })?.size ?? 0);
  }

  private put(key: string, bytes: number): void {
    this.total += bytes - (this.sizes.get(key) ?? 0);
    if (bytes === 0) this.sizes.delete(key);
    else this.sizes.set(key, bytes);
  }

  private uploadFile(name: string): string {
    return join(this.scenarioDir, `${encodeURIComponent(name)}.yaml`);
  }

  /** Writes a small file whole: beside it, made durable, then renamed over it (a full disk is a 507). */
  private writeWhole(file: string, text: string): void {
    orStorageFull(() => writeFileDurably(file, text));
    this.count(file);
  }
}

/** The first 32 hex digits of the key's SHA-256: a file name any key can have. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}
