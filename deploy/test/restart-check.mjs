// The data folder behind the proxy (deploy/test/run.sh): each replica runs with a --data-dir of its own, so a
// key's sandbox is on the disk of the replica nginx sends the key to. PHASE=write writes a list for keys until
// both replicas hold some, and keeps in STATE (a JSON file) each key's list, replica and export; run.sh then
// stops both replicas and starts them again on the same folders and ports; PHASE=read reads every key back
// through the proxy: from the same replica, with its list, and the same export. Prints `ok` / `not ok` lines
// as sharding-check.mjs does. Environment: PROXY, REPLICAS, SECRET (as sharding-check.mjs), PHASE, STATE.
import { readFileSync, writeFileSync } from 'node:fs';
import { signedFetch } from './oauth-client.mjs';

const { PROXY, SECRET, PHASE, STATE } = process.env;
const REPLICAS = (process.env.REPLICAS ?? '').split(',').filter(Boolean);
const ALICE = { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', token: { key: 'alice-access-token', secret: 'alice-access-secret' } };
const listsPath = `/users/${ALICE.guid}/lists`;

let failures = 0;
function report(why, name) {
  if (why === undefined) console.log(`ok ${name}`);
  else {
    failures++;
    console.log(`not ok ${name}: ${why}`);
  }
}
const asAlice = (key, rest) => signedFetch({ base: PROXY, consumer: { key, secret: SECRET }, token: ALICE.token, ...rest });
/** The replica that answered: the last address nginx tried. */
const answeredBy = (res) => (res.headers.get('x-rentalsim-replica') ?? '').split(/,\s*/).pop()?.trim() ?? '';
const exportOf = async (key) => {
  const res = await fetch(`${PROXY}/__admin/export?consumer=${key}&format=json`);
  return { replica: answeredBy(res), status: res.status, text: await res.text() };
};

async function write() {
  const replicaHosts = REPLICAS.map((r) => new URL(r).host);
  const kept = [];
  for (let i = 1; i <= 40 && (i <= 6 || new Set(kept.map((k) => k.replica)).size < 2); i++) {
    const key = `ci-kept-${String(i).padStart(2, '0')}`;
    const name = `${key} before the restart`;
    const made = await asAlice(key, { method: 'POST', path: listsPath, params: [['name', name]] });
    const exported = await exportOf(key);
    const replica = answeredBy(made);
    if (made.status !== 201 || !replicaHosts.includes(replica) || exported.status !== 200 || exported.replica !== replica) {
      report(
        `POST answered ${made.status} from ${replica}, its export ${exported.status} from ${exported.replica}: ${made.text.slice(0, 200)}`,
        `${key}: a list written through the proxy`,
      );
      continue;
    }
    kept.push({ key, name, replica, exported: exported.text });
  }
  report(
    new Set(kept.map((k) => k.replica)).size === 2 ? undefined : `only ${JSON.stringify([...new Set(kept.map((k) => k.replica))])}`,
    `before the restart: ${kept.length} keys wrote a list through the proxy, spread over both replicas, each on its replica's data folder`,
  );
  writeFileSync(STATE, JSON.stringify(kept));
}

async function read() {
  const kept = JSON.parse(readFileSync(STATE, 'utf8'));
  const wrong = [];
  for (const { key, name, replica, exported } of kept) {
    const res = await asAlice(key, { method: 'GET', path: listsPath });
    const now = await exportOf(key);
    if (res.status !== 200 || !res.text.includes(`<name>${name}</name>`))
      wrong.push(`${key}: GET answered ${res.status} without its list: ${res.text.slice(0, 200)}`);
    else if (answeredBy(res) !== replica || now.replica !== replica)
      wrong.push(`${key}: answered by ${answeredBy(res)} (export by ${now.replica}), its sandbox is on ${replica}`);
    else if (now.text !== exported) wrong.push(`${key}: its export differs from before the restart`);
  }
  report(
    kept.length > 0 && wrong.length === 0 ? undefined : wrong.join('; ') || 'no key was written before the restart',
    `after both replicas restarted on their data folders: each of ${kept.length} keys reaches the same replica through the proxy, its list is there and its export is the same`,
  );
}

if (!PROXY || !SECRET || !STATE || REPLICAS.length !== 2) throw new Error('set PROXY, REPLICAS (two URLs), SECRET and STATE');
if (PHASE === 'write') await write();
else if (PHASE === 'read') await read();
else throw new Error('set PHASE to write or read');
process.exitCode = failures === 0 ? 0 : 1;
