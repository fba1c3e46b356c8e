// The child of idle-gc.test.ts, run as `node --expose-gc --import tsx test/runtime/idle-gc-child.ts`.
//
// What killed the simulator on Node 24 with better-sqlite3 12 (issue 23): a prepared statement collected by
// the garbage collector aborted the process (`Assertion failed: (env) != nullptr` in
// node::RemoveEnvironmentCleanupHook, from Statement::~Statement, exit 134), idle, often before any request.
// So: start the simulator as a user does; have it open and drop sandboxes (each a database with its own
// statements: a cap of a few drops one for each new consumer key); prepare and drop many statements on
// state databases made by the store's own factory that stay open (what start-up does when it seeds, at a
// scale that makes the crash all but certain where it can happen); then send nothing and collect garbage on
// a timer, and only then stop. A crash ends this process with a signal or exit 134; a run that lived prints
// one JSON line and exits 0.
import { signRequest, authorizationHeader } from '../../src/cli/signed-request.js';
import { startSimulator } from '../../src/index.js';
import { createStateDb } from '../../src/store/state-db.js';

const SANDBOXES = 100;
const STATEMENTS = 100_000;
const GC_CYCLES = 60;
const SECRET = 'idle-gc-secret';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with node --expose-gc');

const sim = await startSimulator({ port: 0, scenario: 'default', openPrefix: 'gc-', openSecret: SECRET, maxSandboxes: 4 });

// Each new key opens a sandbox (a database and its statements) and, past the cap, drops the oldest one.
let answered = 0;
for (let i = 0; i < SANDBOXES; i++) {
  const url = new URL(`${sim.url}/catalog/title?term=zzyzx`);
  const request = signRequest({
    consumer: { key: `gc-${i}`, secret: SECRET },
    method: 'GET',
    url,
    params: [],
    paramsIn: 'query',
    timestamp: Math.floor(Date.now() / 1000),
    nonce: `idle-gc-${i}`,
  });
  const res = await fetch(url, { headers: { Authorization: authorizationHeader(request) } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`a signed search as gc-${i} answered ${res.status}`);
  answered += 1;
}

// Statements prepared and dropped at once, their databases kept open until the end.
const databases = Array.from({ length: 20 }, () => createStateDb());
for (let i = 0; i < STATEMENTS; i++) {
  databases[i % databases.length]!.prepare(`SELECT guid, login FROM users WHERE login = 'user-${i}'`);
}

// Idle: no request from here on, only timers, each one a full collection.
let cycles = 0;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    collect();
    cycles += 1;
    if (cycles === GC_CYCLES) {
      clearInterval(timer);
      resolve();
    }
  }, 20);
});

const { evicted } = (await (await fetch(`${sim.url}/__admin/sandboxes`)).json()) as { evicted: number };
await sim.close();
for (const db of databases) db.close();
process.stdout.write(`${JSON.stringify({ node: process.versions.node, answered, evicted, statements: STATEMENTS, cycles })}\n`);
