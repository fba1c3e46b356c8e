// The checks of deploy/test/run.sh: two rentalsim replicas in open mode behind nginx (deploy/nginx), every
// request signed against the proxy's URL. Prints `ok <check>` / `not ok <check>: <why>`, one line each;
// run.sh counts them. Environment: PROXY (http://127.0.0.1:P), REPLICAS (the two replicas' own URLs,
// comma-separated), SECRET (the --open-secret).
import { signedFetch } from './oauth-client.mjs';

const PROXY = process.env.PROXY;
const REPLICAS = (process.env.REPLICAS ?? '').split(',').filter(Boolean);
const SECRET = process.env.SECRET;
const ALICE = { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', token: { key: 'alice-access-token', secret: 'alice-access-secret' } };
const CAROL_GUID = 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6';
const REPLICA_HEADER = 'x-rentalsim-replica';

let failures = 0;
function report(ok, name, why) {
  if (ok) console.log(`ok ${name}`);
  else {
    failures++;
    console.log(`not ok ${name}: ${why}`);
  }
  return ok;
}
/** Runs one check; an exception is its failure, with the message as the reason. */
async function check(name, body) {
  try {
    const why = await body();
    return report(why === undefined, name, why);
  } catch (e) {
    return report(false, name, e.cause?.message ?? e.message);
  }
}

const host = (url) => new URL(url).host;
/** The replica that answered: the last address nginx tried ($upstream_addr lists every one, "a, b"). */
const triedReplicas = (res) =>
  (res.headers.get(REPLICA_HEADER) ?? '')
    .split(/,\s*|\s+:\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
const answeredBy = (res) => triedReplicas(res).pop() ?? '';
const triedCount = (res) => triedReplicas(res).length;
const consumer = (key) => ({ key, secret: SECRET });
const asAlice = (key, rest) => signedFetch({ base: PROXY, consumer: consumer(key), token: ALICE.token, ...rest });
const listsPath = `/users/${ALICE.guid}/lists`;
const admin = async (method, path, json) => {
  const res = await fetch(PROXY + path, { method, headers: json ? { 'Content-Type': 'application/json' } : {}, body: json ? JSON.stringify(json) : undefined });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const direct = async (replica, path) => (await fetch(replica + path)).json();

async function waitForProxy() {
  const until = Date.now() + 30_000;
  let last = '';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${PROXY}/__admin/health`);
      if (res.ok) return undefined;
      last = `status ${res.status}`;
    } catch (e) {
      last = e.cause?.message ?? e.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return `no healthy answer through ${PROXY} in 30 s (${last})`;
}

async function main() {
  if (REPLICAS.length !== 2 || !PROXY || !SECRET) throw new Error('set PROXY, REPLICAS (two URLs) and SECRET');
  const replicaHosts = REPLICAS.map(host);
  if (!(await check('the proxy answers (GET /__admin/health through nginx)', waitForProxy))) return;

  // Keys until both replicas hold some: at least 8, at most 40 (the ring depends on the replicas' ports).
  const homeOf = new Map(); // key -> replica host
  const written = new Map(); // key -> list names written
  for (let i = 1; i <= 40 && (i <= 8 || new Set(homeOf.values()).size < 2); i++) {
    const key = `ci-team-${String(i).padStart(2, '0')}`;
    const names = [];
    written.set(key, names);
    for (const place of ['header', 'query', 'body']) {
      await check(`${key}: a list written signed in the ${place} reads back through the proxy, from the same replica`, async () => {
        const name = `${key} ${place} ${Date.now()}`;
        const made = await asAlice(key, { method: 'POST', path: listsPath, params: [['name', name]], place });
        if (made.status !== 201) return `POST answered ${made.status}: ${made.text.slice(0, 300)}`;
        const location = made.headers.get('location') ?? '';
        if (!location.startsWith(`${PROXY}${listsPath}/`)) return `its Location ${JSON.stringify(location)} is not on the proxy's URL`;
        const replica = answeredBy(made);
        if (!replicaHosts.includes(replica)) return `the write came from ${JSON.stringify(replica)}, not a replica`;
        if (homeOf.has(key) && homeOf.get(key) !== replica) return `this write reached ${replica}, an earlier one ${homeOf.get(key)}`;
        homeOf.set(key, replica);
        names.push(name);
        // A GET has no body: after a form-body write, read signed in the header.
        const read = await asAlice(key, { method: 'GET', path: listsPath, place: place === 'body' ? 'header' : place });
        if (read.status !== 200) return `the read answered ${read.status}: ${read.text.slice(0, 300)}`;
        if (answeredBy(read) !== replica) return `the read came from ${answeredBy(read)}, the write from ${replica}`;
        const missing = names.filter((n) => !read.text.includes(`<name>${n}</name>`));
        if (missing.length) return `the read lacks ${JSON.stringify(missing)}`;
        return undefined;
      });
    }
  }

  await check('every key is found in an Authorization header written as `oauth k=v,k=v`, unquoted, the key last', async () => {
    for (const [key, home] of homeOf) {
      const read = await asAlice(key, { method: 'GET', path: listsPath, header: 'odd' });
      if (read.status !== 200) return `${key}: answered ${read.status}: ${read.text.slice(0, 300)}`;
      if (answeredBy(read) !== home) return `${key}: answered by ${answeredBy(read)}, its replica is ${home}`;
    }
    return undefined;
  });

  const keysOn = (replicaHost) => [...homeOf].filter(([, r]) => r === replicaHost).map(([k]) => k);
  await check('the keys are spread over both replicas', () => {
    const counts = replicaHosts.map((r) => `${r}: ${keysOn(r).length}`).join(', ');
    return replicaHosts.every((r) => keysOn(r).length > 0) ? undefined : `every key went to one replica (${counts})`;
  });
  await check('each replica holds exactly the sandboxes of its own keys (its /__admin/sandboxes, read directly)', async () => {
    for (const [i, replica] of REPLICAS.entries()) {
      const held = (await direct(replica, '/__admin/sandboxes')).sandboxes.map((s) => s.consumer ?? s.key);
      const want = keysOn(replicaHosts[i]).sort();
      const got = held.filter((k) => k.startsWith('ci-')).sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) return `${replicaHosts[i]} holds ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`;
    }
    return undefined;
  });

  // One key on each replica for the checks below.
  const [keyA, keyB] = replicaHosts.map((r) => keysOn(r)[0]);
  const other = (key) => REPLICAS[1 - replicaHosts.indexOf(homeOf.get(key))];
  const own = (key) => REPLICAS[replicaHosts.indexOf(homeOf.get(key))];

  // Drop fault: added through the proxy by the JSON body's consumer, fired on the key's replica, seen by the
  // client as a closed connection, not retried on the other replica, and the key keeps its replica after it.
  await check(`${keyA}: a drop fault reaches the client as a closed connection, and the key stays on its replica`, async () => {
    const fault = await admin('POST', '/__admin/faults', { route: '/users/:guid/lists', method: 'GET', kind: 'drop', times: 1, consumer: keyA });
    if (fault.status !== 201 && fault.status !== 200) return `adding the fault answered ${fault.status}: ${fault.text}`;
    if (answeredBy(fault) !== homeOf.get(keyA)) return `the fault went to ${answeredBy(fault)}, ${keyA} lives on ${homeOf.get(keyA)}`;
    const otherBefore = (await direct(other(keyA), `/__admin/journal/count?consumer=${keyA}`)).count;
    let dropped;
    try {
      const res = await asAlice(keyA, { method: 'GET', path: listsPath });
      dropped = `answered ${res.status} (${res.headers.get(REPLICA_HEADER)}): ${res.text.slice(0, 200)}`;
    } catch {
      dropped = undefined; // the connection closed without an answer
    }
    if (dropped !== undefined) return `the dropped request ${dropped}`;
    const otherAfter = (await direct(other(keyA), `/__admin/journal/count?consumer=${keyA}`)).count;
    if (otherAfter !== otherBefore) return `the other replica saw ${otherAfter - otherBefore} request(s) of ${keyA}: the proxy retried it there`;
    const again = await asAlice(keyA, { method: 'GET', path: listsPath });
    if (again.status !== 200 || answeredBy(again) !== homeOf.get(keyA)) return `the next read answered ${again.status} from ${answeredBy(again)}`;
    if (!written.get(keyA).every((n) => again.text.includes(n))) return 'the next read lacks the lists written before';
    return undefined;
  });

  await check(`${keyB}: an error fault's own status (502) passes through the proxy as rentalsim sent it`, async () => {
    const fault = await admin('POST', `/__admin/faults?consumer=${keyB}`, {
      route: '/users/:guid/lists',
      method: 'GET',
      kind: 'error',
      status: 502,
      times: 1,
      consumer: keyB,
    });
    if (fault.status !== 201 && fault.status !== 200) return `adding the fault answered ${fault.status}: ${fault.text}`;
    const res = await asAlice(keyB, { method: 'GET', path: listsPath });
    if (res.status !== 502 || !res.text.includes('<error>')) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
    return undefined;
  });

  // The control: sharding is real. Each key's lists are on its own replica and not on the other one.
  for (const key of [keyA, keyB]) {
    await check(`${key}: read directly, its own replica has its lists and the other replica has none of them`, async () => {
      const mine = await asAlice(key, { method: 'GET', path: listsPath, sendTo: own(key) });
      const theirs = await asAlice(key, { method: 'GET', path: listsPath, sendTo: other(key) });
      if (mine.status !== 200 || theirs.status !== 200)
        return `direct reads answered ${mine.status} and ${theirs.status} (signed against the proxy's URL, which is each replica's --public-url)`;
      const names = written.get(key);
      if (!names.every((n) => mine.text.includes(n))) return 'its own replica lacks its lists';
      const leaked = names.filter((n) => theirs.text.includes(n));
      if (leaked.length) return `the other replica has ${JSON.stringify(leaked)}`;
      return undefined;
    });
  }

  await check(`${keyB}: POST /__admin/reset?consumer=KEY through the proxy resets that key's sandbox on its replica`, async () => {
    const reset = await admin('POST', `/__admin/reset?consumer=${keyB}`);
    if (reset.status !== 200 || answeredBy(reset) !== homeOf.get(keyB)) return `answered ${reset.status} from ${answeredBy(reset)}: ${reset.text}`;
    const read = await asAlice(keyB, { method: 'GET', path: listsPath });
    if (read.status !== 200 || answeredBy(read) !== homeOf.get(keyB)) return `the read answered ${read.status} from ${answeredBy(read)}`;
    const left = written.get(keyB).filter((n) => read.text.includes(n));
    return left.length ? `lists still there after the reset: ${JSON.stringify(left)}` : undefined;
  });

  for (const [key, how] of [
    [keyA, 'in the JSON body'],
    [keyB, 'as ?consumer= in the query'],
  ]) {
    await check(`${key}: a token minted through the proxy (consumer ${how}) works through the proxy`, async () => {
      const path = how.includes('query') ? `/__admin/tokens?consumer=${key}` : '/__admin/tokens';
      const minted = await admin('POST', path, { consumer: key, user: 'carol' });
      if (minted.status !== 201) return `minting answered ${minted.status}: ${minted.text}`;
      if (answeredBy(minted) !== homeOf.get(key)) return `minted on ${answeredBy(minted)}, ${key} lives on ${homeOf.get(key)}`;
      const t = JSON.parse(minted.text);
      const me = await signedFetch({
        method: 'GET',
        base: PROXY,
        path: `/users/${CAROL_GUID}`,
        consumer: consumer(key),
        token: { key: t.token, secret: t.secret },
      });
      return me.status === 200 ? undefined : `carol's GET answered ${me.status}: ${me.text.slice(0, 300)}`;
    });
  }

  // The OAuth dance: the signed steps follow the key; the login page carries only the request token, and
  // the proxy passes it on from a replica that does not know the token to the one that does.
  let passedOn = 0;
  for (const key of [keyA, keyB]) {
    await check(`${key}: the OAuth dance through the proxy (request token, login page, access token, a signed read)`, async () => {
      const rt = await signedFetch({
        method: 'POST',
        base: PROXY,
        path: '/oauth/request_token',
        consumer: consumer(key),
        oauthExtra: { oauth_callback: 'oob' },
      });
      if (rt.status !== 200) return `request_token answered ${rt.status}: ${rt.text.slice(0, 300)}`;
      const issued = new URLSearchParams(rt.text);
      const loginUrl = issued.get('login_url') ?? '';
      if (!loginUrl.startsWith(PROXY)) return `login_url ${JSON.stringify(loginUrl)} is not on the proxy's URL`;
      const page = await fetch(`${loginUrl}?oauth_token=${issued.get('oauth_token')}`);
      const html = await page.text();
      if (page.status !== 200) return `the login page answered ${page.status} (${page.headers.get(REPLICA_HEADER)})`;
      if (answeredBy(page) !== homeOf.get(key)) return `the login page came from ${answeredBy(page)}, the token's replica is ${homeOf.get(key)}`;
      if (triedCount(page) > 1) passedOn++;
      const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
      if (!formToken) return 'the login page has no form_token';
      const decided = await fetch(loginUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          oauth_token: issued.get('oauth_token'),
          form_token: formToken,
          login: 'alice',
          password: 'alice-password',
          decision: 'allow',
        }),
      });
      const decidedHtml = await decided.text();
      const verifier = /id="verifier">(\d{6})</.exec(decidedHtml)?.[1];
      if (decided.status !== 200 || !verifier) return `Allow Access answered ${decided.status} (${decided.headers.get(REPLICA_HEADER)}) with no verifier`;
      const at = await signedFetch({
        method: 'POST',
        base: PROXY,
        path: '/oauth/access_token',
        consumer: consumer(key),
        token: { key: issued.get('oauth_token'), secret: issued.get('oauth_token_secret') },
        oauthExtra: { oauth_verifier: verifier },
      });
      if (at.status !== 200) return `access_token answered ${at.status}: ${at.text.slice(0, 300)}`;
      const access = new URLSearchParams(at.text);
      const me = await signedFetch({
        method: 'GET',
        base: PROXY,
        path: `/users/${ALICE.guid}`,
        consumer: consumer(key),
        token: { key: access.get('oauth_token'), secret: access.get('oauth_token_secret') },
      });
      return me.status === 200 ? undefined : `alice's GET with the new token answered ${me.status}: ${me.text.slice(0, 300)}`;
    });
  }
  await check('the login page was passed on to the replica that knows the token at least once', () =>
    passedOn > 0 ? undefined : 'every login page came from the first replica tried, so passing on was not exercised',
  );

  await check(`${keyA}: POST /__admin/oauth/authorize through the proxy finds the request token on its replica`, async () => {
    const rt = await signedFetch({
      method: 'POST',
      base: PROXY,
      path: '/oauth/request_token',
      consumer: consumer(keyA),
      oauthExtra: { oauth_callback: 'oob' },
    });
    const token = new URLSearchParams(rt.text).get('oauth_token');
    const res = await admin('POST', '/__admin/oauth/authorize', { oauth_token: token, user: 'alice' });
    if (res.status !== 200) return `answered ${res.status}: ${res.text}`;
    return answeredBy(res) === homeOf.get(keyA) ? undefined : `answered by ${answeredBy(res)}, the token's replica is ${homeOf.get(keyA)}`;
  });

  await check(`${keyA}: DELETE /__admin/sandboxes/KEY through the proxy drops the sandbox on its replica`, async () => {
    const res = await admin('DELETE', `/__admin/sandboxes/${keyA}`);
    if (res.status !== 200 || answeredBy(res) !== homeOf.get(keyA)) return `answered ${res.status} from ${answeredBy(res)}: ${res.text}`;
    const held = (await direct(own(keyA), '/__admin/sandboxes')).sandboxes.map((s) => s.consumer ?? s.key);
    return held.includes(keyA) ? `${keyA} is still held` : undefined;
  });
}

main()
  .catch((e) => report(false, 'the sharding checks run to the end', e.stack ?? String(e)))
  .finally(() => process.exit(failures ? 1 : 0));
