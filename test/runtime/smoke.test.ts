import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { authorizationHeader, signRequest } from '../../src/cli/signed-request.js';
import { SEMI_SPACE_FLAG } from '../../src/cli/young-generation.js';
import { ALICE, CONSUMER } from '../support/signing.js';

// The start-up and smoke check .ci/run runs on every supported Node line (22, 24, 26) besides the whole suite
// on the line .node-version pins: the command starts on that Node, answers a signed read and a signed write
// over a real socket, runs with its young generation set, and stops cleanly on SIGTERM, freeing its port.
const ROOT = new URL('../..', import.meta.url).pathname;

function signed(method: 'GET' | 'POST', url: URL, form: Record<string, string> = {}) {
  const request = signRequest({
    consumer: CONSUMER,
    token: ALICE.token,
    method,
    url,
    params: Object.entries(form).map(([name, value]) => ({ name, value })),
    paramsIn: 'body',
    timestamp: Math.floor(Date.now() / 1000),
    nonce: `smoke-${method}-${Math.random().toString(16).slice(2)}`,
  });
  return fetch(url, {
    method,
    headers: { Authorization: authorizationHeader(request), ...(request.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(request.body ? { body: request.body } : {}),
  });
}

describe(`the rentalsim command on Node ${process.versions.node}`, () => {
  it('starts, answers a signed read and a signed write, and stops on SIGTERM with exit code 0 and its port freed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let url = '';
    for await (const line of createInterface({ input: child.stdout })) {
      url = /^rentalsim listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';
      if (url) break;
    }
    expect(url, stderr).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The command replaced itself with node given its young generation (process.execve, docs/decisions/
    // 0012-young-generation.md), on this Node line as on the one the suite runs on: same pid, new arguments.
    expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0')).toContain(SEMI_SPACE_FLAG);

    const profile = await signed('GET', new URL(`${url}/users/${ALICE.guid}`));
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('<user>');

    const queue = new URL(`${url}/users/${ALICE.guid}/queues/every`);
    const added = await signed('POST', queue, { title_refs: `${url}/catalog/title/10376` });
    expect(added.status).toBe(201);
    const body = await added.text();
    expect(body).toContain(`<link href="${url}/users/${ALICE.guid}/queues/item/10376" rel="http://schemas.lovefilm.com/queue_item"`);
    expect(body).toContain('<failed_title_refs/>');

    child.kill('SIGTERM');
    const [code, signal] = await once(child, 'exit');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
  });
});
