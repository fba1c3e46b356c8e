import autocannon from 'autocannon';
import { authorization, type Signer } from './sign.js';

/** One request of a load scenario; `path` and `form` may change per request (rotating terms, a title per cycle). */
export interface Step {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (cycle: Cycle) => string;
  form?: (cycle: Cycle) => string;
  signer: Signer;
  /** The status a correct answer has. */
  status: number;
  /** An Accept header to send (`application/json` for the JSON answers); none when absent. */
  accept?: string;
}

/** What the steps of one cycle share (autocannon's per-connection context, reset at each new cycle). */
export interface Cycle {
  [key: string]: unknown;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests per second over all connections (moderate load); unlimited when absent. */
  rate?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers whose status was not 2xx, and socket errors or timeouts. */
  bad: number;
  /** Server CPU time per request (user + system), in microseconds, when the server's CPU time is known. */
  cpuUs?: number;
}

/**
 * Drives a server with autocannon, each request signed on the fly with a fresh nonce and timestamp.
 * `origin` is what the server will reconstruct for the base string (the URL autocannon connects to).
 */
export async function drive(
  url: string,
  steps: Step[],
  opts: LoadOptions,
  begin: (cycle: Cycle) => void = () => {},
  serverCpuMs?: () => number | undefined,
): Promise<LoadResult> {
  const requests = steps.map((step, i) => ({
    method: step.method,
    setupRequest: (req: autocannon.Request, context: object) => {
      const cycle = context as Cycle;
      if (i === 0) begin(cycle);
      const path = step.path(cycle);
      const form = step.form?.(cycle);
      const headers: Record<string, string> = { authorization: authorization(step.method, url, path, step.signer, form) };
      if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      if (step.accept !== undefined) headers['accept'] = step.accept;
      return { ...req, method: step.method, path, headers, body: form } as autocannon.Request;
    },
  }));
  const cpuBefore = serverCpuMs?.();
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
    requests,
  });
  const cpuAfter = serverCpuMs?.();
  const out: LoadResult = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
  if (cpuBefore !== undefined && cpuAfter !== undefined && out.requests > 0) out.cpuUs = ((cpuAfter - cpuBefore) * 1000) / out.requests;
  return out;
}

export interface Probe {
  status: number;
  bytes: number;
  body: string;
}

/** One signed request outside the load, to check the answer and learn its size. */
export async function probe(url: string, step: Step, cycle: Cycle): Promise<Probe> {
  const p = await send(url, step, cycle);
  if (p.status !== step.status) throw new Error(`${step.method} ${step.path(cycle)}: expected ${step.status}, got ${p.status}: ${p.body.slice(0, 400)}`);
  return p;
}

/** One signed request, whatever its answer. */
export async function send(url: string, step: Step, cycle: Cycle): Promise<Probe> {
  const path = step.path(cycle);
  const form = step.form?.(cycle);
  const headers: Record<string, string> = { authorization: authorization(step.method, url, path, step.signer, form) };
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (step.accept !== undefined) headers['accept'] = step.accept;
  const res = await fetch(url + path, { method: step.method, headers, body: form });
  const body = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(body), body };
}
