import { Agent, request } from 'node:http';
import type { LoadResult, Step } from './load.js';
import { authorization } from './sign.js';

export interface PacedOptions {
  /** Requests per second, sent evenly: one every 1000/rate ms. */
  rate: number;
  seconds: number;
  /** Keep-alive connections the requests share (more are never opened). */
  connections: number;
}

/**
 * Moderate load as a client sees it: requests sent at an even pace whatever the answers do (an open loop),
 * each signed with a fresh nonce, its latency counted from the moment it was due, so a request that waited
 * for a free connection or for the load generator counts against the server, never for it.
 *
 * autocannon's own rate limit is not this: each connection sends its share of the second back to back when
 * the second starts, then waits; and its latency histogram then adds made-up samples for every answer slower
 * than 1 ms (coordinated-omission correction for requests it believes were due every millisecond). At 100
 * requests per second over 4 connections that measured bursts of 25 requests, not moderate load.
 */
export async function drivePaced(url: string, step: Step, opts: PacedOptions, serverCpuMs?: () => number | undefined): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const intervalMs = 1000 / opts.rate;
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let bad = 0;
  const cpuBefore = serverCpuMs?.();
  const start = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resume) => setTimeout(resume, wait));
    pending.push(
      send(url, step, i, agent).then(
        (status) => {
          latencies.push(performance.now() - due);
          if (status !== step.status) bad++;
        },
        () => {
          bad++;
        },
      ),
    );
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  const cpuAfter = serverCpuMs?.();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const out: LoadResult = { rps: total / elapsedS, p50: at(0.5), p99: at(0.99), requests: total, bad };
  if (cpuBefore !== undefined && cpuAfter !== undefined && total > 0) out.cpuUs = ((cpuAfter - cpuBefore) * 1000) / total;
  return out;
}

/** One signed request; resolves with its status once the whole answer has arrived. */
function send(url: string, step: Step, index: number, agent: Agent): Promise<number> {
  const cycle = { index };
  const path = step.path(cycle);
  const form = step.form?.(cycle);
  const headers: Record<string, string> = { authorization: authorization(step.method, url, path, step.signer, form) };
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: step.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(form);
  });
}
