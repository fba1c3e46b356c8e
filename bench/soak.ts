// `npm run bench -- soak [part...]`: memory under floods a long CI run or a careless client can send (issue
// 14). Each part starts its own simulator as a child process on loopback, sends a fixed number of requests
// (bounded in time too), then reads the child's RSS from /proc and what the admin API says it holds.
// Writes bench/results/soak.json and soak.md; exits non-zero when a memory target is missed.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signatureBaseString } from '../src/domain/oauth/base-string.js';
import { percentEncode } from '../src/domain/percent-encode.js';
import { startChild } from './child.js';
import { authorization, type Signer } from './sign.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const ROOT = join(HERE, '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
/** Requests in flight at once, each on its own keep-alive connection. */
const CONNECTIONS = Number(process.env['SOAK_CONNECTIONS'] ?? 8);
/** No part sends for longer than this, whatever its count: the results then say how many were sent. */
const PART_SECONDS = Number(process.env['SOAK_SECONDS'] ?? 240);
const MB = 1024 * 1024;

const CONSUMER = { key: 'test-consumer-key', secret: 'test-consumer-secret' };
// Carol's token works with every consumer of the default scenario, open-mode keys included.
const CAROL = { guid: 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6', token: { key: 'carol-access-token', secret: 'carol-access-secret' } };
const OPEN_SECRET = 'soak-secret';

interface PartResult {
  name: string;
  /** What the simulator was started with. */
  args: string[];
  requests: number;
  sent: number;
  /** Answers by status (0: no answer). */
  statuses: Record<string, number>;
  seconds: number;
  rssMb: number;
  peakMb: number;
  target: { what: string; limitMb: number; met: boolean; note?: string };
  /** Whatever else the part measured (journal read sizes, sandboxes held). */
  extra: Record<string, unknown>;
}

interface Part {
  name: string;
  requests: number;
  args: string[];
  limitMb: number;
  what: string;
  /** The i-th request: method, path, headers and body. */
  request: (i: number, url: string) => { method: string; path: string; headers: Record<string, string>; body?: string };
  /** After the flood: what the admin API says, and whether the part has its own way of meeting the target. */
  after?: (url: string, statuses: Record<string, number>) => Promise<{ extra: Record<string, unknown>; metOtherwise?: string }>;
}

const RATINGS = `/users/${CAROL.guid}/ratings/title`;

const PARTS: Part[] = [
  {
    name: 'open-mode keys',
    what: '10,000 open-mode keys with one write each, --max-sandboxes 200: RSS < 500 MB',
    requests: 10_000,
    limitMb: 500,
    args: ['--open-prefix', 'ci-', '--open-secret', OPEN_SECRET, '--max-sandboxes', '200'],
    request: (i, url) => {
      const form = `title_ref=${percentEncode(`${url}/catalog/title/30`)}&rating=4`;
      const signer: Signer = { consumer: { key: `ci-soak-${i}`, secret: OPEN_SECRET }, token: CAROL.token };
      return { method: 'POST', path: RATINGS, body: form, headers: formHeaders(authorization('POST', url, RATINGS, signer, form)) };
    },
    after: async (url) => {
      const s = (await (await fetch(`${url}/__admin/sandboxes`)).json()) as { held: number; evicted: number };
      return { extra: { sandboxesHeld: s.held, evicted: s.evicted } };
    },
  },
  {
    name: 'rejected 64 KB bodies',
    what: '3,000 requests with a 64 KB body and a bad signature: RSS < 400 MB, a (default) journal read < 5 MB, all entries < 20 MB',
    requests: 3_000,
    limitMb: 400,
    args: [],
    request: (_i, url) => {
      // A space (`+`) is %2520 in the base string: a 64 KB body makes a ~320 KB base string, the worst a
      // body under --max-body (65,536 bytes) can. Signed once: the signature is wrong anyway, so it is
      // refused before its nonce is looked at, and signing 320 KB on every request would make the load
      // generator the bottleneck.
      rejectedBody ??= badlySigned(url);
      return { method: 'POST', path: RATINGS, body: rejectedBody.form, headers: rejectedBody.headers };
    },
    after: async (url) => {
      const all = await (await fetch(`${url}/__admin/journal?limit=100000`)).text();
      const first = await (await fetch(`${url}/__admin/journal`)).text();
      const body = JSON.parse(all) as { held: number; capacity: number; entries: Array<{ rejected?: { details: string } }> };
      const details = body.entries[0]?.rejected?.details ?? '';
      return {
        extra: {
          journalHeld: body.held,
          journalCapacity: body.capacity,
          journalReadAllMb: round(Buffer.byteLength(all) / MB, 2),
          journalReadDefaultMb: round(Buffer.byteLength(first) / MB, 3),
          detailsBytes: Buffer.byteLength(details),
          detailsEnd: details.slice(-40),
          // The read issue 14 measured at 65 MB is the default one (the last 100 entries). Since entries keep
          // the request and the answer (issue 16) a read of all of them is larger, but the 16 MiB budget
          // still bounds it.
          journalReadUnder5Mb: Buffer.byteLength(first) < 5 * MB && Buffer.byteLength(all) < 20 * MB,
        },
      };
    },
  },
  {
    name: '60 KB nonces',
    what: '10,000 signed requests with a 60 KB nonce each: refused, or RSS < 500 MB',
    requests: 10_000,
    limitMb: 500,
    args: [],
    request: (i, url) => {
      // A header that long is refused by node's parser (16 KB of headers), so the OAuth parameters go in the body.
      const nonce = `${i}n${NONCE_FILL}`.slice(0, 60_000);
      return { method: 'POST', path: '/oauth/request_token', body: oauthForm(url, '/oauth/request_token', nonce), headers: formHeaders() };
    },
    after: async (_url, statuses) => {
      const refused = Object.entries(statuses)
        .filter(([s]) => s.startsWith('4'))
        .reduce((n, [, c]) => n + c, 0);
      const total = Object.values(statuses).reduce((n, c) => n + c, 0);
      return { extra: { refused }, ...(total > 0 && refused === total ? { metOtherwise: 'every request refused' } : {}) };
    },
  },
];

const NONCE_FILL = randomBytes(45_000).toString('base64url');
let rejectedBody: { form: string; headers: Record<string, string> } | undefined;

function badlySigned(url: string): { form: string; headers: Record<string, string> } {
  const head = `title_ref=${percentEncode(`${url}/catalog/title/30`)}&rating=4&note=`;
  const form = head + '+'.repeat(65_000 - head.length);
  const signer: Signer = { consumer: { key: CONSUMER.key, secret: 'not-the-secret' }, token: CAROL.token };
  return { form, headers: formHeaders(authorization('POST', url, RATINGS, signer, form)) };
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(3);
  const parts = wanted.length ? PARTS.filter((p) => wanted.some((w) => p.name.startsWith(w))) : PARTS;
  const results = [];
  for (const part of parts) results.push(await runPart(part));
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg()[0]!,
    connections: CONNECTIONS,
    parts: results,
  };
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'soak.json'), JSON.stringify(out, null, 2) + '\n');
  const md = soakReport(out);
  writeFileSync(join(dir, 'soak.md'), md);
  process.stdout.write('\n' + md);
  if (results.some((r) => !r.target.met)) process.exitCode = 1;
}

async function runPart(part: Part): Promise<PartResult> {
  log(`== ${part.name}: ${part.requests} requests, ${CONNECTIONS} at a time`);
  const sim = await startChild(MAIN, ['--port', '0', ...part.args]);
  try {
    const t0 = performance.now();
    const deadline = t0 + PART_SECONDS * 1000;
    const statuses: Record<string, number> = {};
    let next = 0;
    let sent = 0;
    let lastLog = t0;
    const worker = async () => {
      while (next < part.requests && performance.now() < deadline) {
        const r = part.request(next++, sim.url);
        sent++;
        const status = await send(sim.url, r);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (performance.now() - lastLog > 5000) {
          lastLog = performance.now();
          log(`  ${sent} sent, RSS ${sim.rssMb()?.rss.toFixed(0)} MB`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    const seconds = (performance.now() - t0) / 1000;
    const after = await part.after?.(sim.url, statuses);
    const mem = sim.rssMb() ?? { rss: NaN, peak: NaN };
    // A part cut short by its time limit proves nothing either way.
    const met =
      sent === part.requests && (after?.metOtherwise !== undefined || (mem.peak < part.limitMb && (after?.extra['journalReadUnder5Mb'] ?? true) === true));
    const result: PartResult = {
      name: part.name,
      args: part.args,
      requests: part.requests,
      sent,
      statuses,
      seconds: round(seconds, 1),
      rssMb: round(mem.rss, 0),
      peakMb: round(mem.peak, 0),
      target: { what: part.what, limitMb: part.limitMb, met, ...(after?.metOtherwise ? { note: after.metOtherwise } : {}) },
      extra: after?.extra ?? {},
    };
    log(
      `  ${sent} sent in ${result.seconds} s, statuses ${JSON.stringify(statuses)}; RSS ${result.rssMb} MB, peak ${result.peakMb} MB; ${JSON.stringify(result.extra)} -> ${met ? 'met' : 'MISSED'}`,
    );
    return result;
  } finally {
    await sim.stop();
  }
}

/** One request and its status (0 when the connection failed); the answer is read whole and dropped. */
async function send(url: string, r: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<number> {
  try {
    const res = await fetch(url + r.path, { method: r.method, headers: r.headers, ...(r.body === undefined ? {} : { body: r.body }) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

function formHeaders(authorizationHeader?: string): Record<string, string> {
  const h: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authorizationHeader) h['authorization'] = authorizationHeader;
  return h;
}

/** A form body carrying every OAuth parameter, signed two-legged with the default consumer. */
function oauthForm(url: string, path: string, nonce: string): string {
  const params: Array<[string, string]> = [
    ['oauth_consumer_key', CONSUMER.key],
    ['oauth_nonce', nonce],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const [scheme, host] = url.split('://') as [string, string];
  const baseString = signatureBaseString({ method: 'POST', scheme, host, path, params: params.map(([name, value]) => ({ name, value })) });
  // node's HMAC, not the project's own (bench/sign.ts): 60 KB a request, on the load generator's side.
  params.push([
    'oauth_signature',
    createHmac('sha1', `${percentEncode(CONSUMER.secret)}&`)
      .update(baseString)
      .digest('base64'),
  ]);
  return params.map(([k, v]) => `${k}=${percentEncode(v)}`).join('&');
}

function soakReport(out: { date: string; node: string; cpus: number; loadAverage: number; parts: PartResult[] }): string {
  const lines = [
    `# Soak (${out.date})`,
    '',
    `Node ${out.node}, ${out.cpus} CPUs, load average ${out.loadAverage.toFixed(1)} at the end. \`npm run bench -- soak\`; each part in a fresh simulator.`,
    '',
    '| part | sent | answers | seconds | RSS after | peak RSS | target | |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of out.parts) {
    const answers = Object.entries(p.statuses)
      .map(([s, n]) => `${n} x ${s}`)
      .join(', ');
    lines.push(
      `| ${p.name} | ${p.sent} of ${p.requests} | ${answers} | ${p.seconds} | ${p.rssMb} MB | ${p.peakMb} MB | ${p.target.what} | ${p.target.met ? 'met' : 'MISSED'}${p.target.note ? ` (${p.target.note})` : ''} |`,
    );
  }
  lines.push('');
  for (const p of out.parts)
    if (Object.keys(p.extra).length)
      lines.push(
        `- ${p.name}: ${Object.entries(p.extra)
          .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
          .join(', ')}`,
      );
  return lines.join('\n') + '\n';
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const log = (line: string) => process.stdout.write(line + '\n');

export const soak = main;
