import { setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

/** How much lower than the simulator's the priority of a worker parsing or seeding a scenario is (nice). */
const WORKER_NICENESS = 10;

/**
 * Runs one job in a worker thread of its own (a packageModule): posts `job` and resolves with the one message
 * the worker answers, then ends it. `what` names the job in the errors (`parsing the scenario`): a worker that
 * fails, or exits without an answer, rejects.
 */
export function workerAnswer<T>(module: { file: string; execArgv: string[] }, job: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(module.file, { execArgv: module.execArgv });
    worker.once('message', (m: T) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', (e) => reject(new Error(`rentalsim: ${what} in a worker failed: ${e.message}`)));
    // After an answer (its terminate) this rejects a promise already settled: nothing happens.
    worker.once('exit', (code) => reject(new Error(`rentalsim: the worker ${what} exited (${code}) without an answer`)));
    worker.postMessage(job);
  });
}

/**
 * The worker's side: answers the one job it is sent with what `answer` returns. Below the simulator's
 * priority, as the catalogue builds are: Linux keeps a nice value per thread, so this lowers the worker alone
 * (elsewhere it would lower the whole process, so it is left as it is).
 */
export function answerJob<J>(answer: (job: J) => unknown): void {
  if (process.platform === 'linux') setPriority(WORKER_NICENESS);
  parentPort!.once('message', (job: J) => parentPort!.postMessage(answer(job)));
}
