import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface Child {
  proc: ChildProcess;
  url: string;
  /** Milliseconds from spawn to the URL line (the server listening). */
  listeningMs: number;
  /** Resident set size now, from /proc (Linux); undefined elsewhere. */
  rssMb(): { rss: number; peak: number } | undefined;
  /** CPU time the process has used so far (user + system), in ms; undefined where /proc is missing. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts a server script as its own process (never in the load generator's process) and waits for the
 * first line that carries its URL. stderr is passed through so a failing start says why.
 */
export async function startChild(script: string, args: string[], startedAt = performance.now(), nodeArgs: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [...nodeArgs, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    lines.on('line', (line) => {
      const m = /(https?:\/\/\S+)/.exec(line);
      if (m) resolve(m[1]!);
    });
  });
  const listeningMs = performance.now() - startedAt;
  proc.removeAllListeners('exit');
  return {
    proc,
    url,
    listeningMs,
    rssMb: () => memoryOf(proc.pid),
    cpuMs: () => cpuOf(proc.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

function memoryOf(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms on Linux). */
function cpuOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
