// The young generation the command runs with (docs/decisions/0012-young-generation.md). Acted on by
// start-with-young-generation.ts, which main.ts imports first.
import { env, execArgv, execPath } from 'node:process';

/** V8's semi-space cap, in MiB, that the command runs with. */
export const SEMI_SPACE_MB = 4;
/** The node flag that sets it: the Dockerfile's ENTRYPOINT passes it itself (test/dockerfile.test.ts). */
export const SEMI_SPACE_FLAG = `--max-semi-space-size=${SEMI_SPACE_MB}`;

/**
 * The node arguments to start this command again with, when its young generation is V8's own: node 24 lets
 * it grow to 32 MiB a semi-space, and under load the heap grows to match and is kept (the decision has the
 * figures). Undefined when a semi-space size was chosen already, on the command line or in NODE_OPTIONS
 * (the user's choice stands), and for `rentalsim sign`, which serves nothing.
 */
export function restartArgs(argv: readonly string[], nodeArgs: readonly string[], nodeOptions: string | undefined): string[] | undefined {
  if (argv[1] === undefined || argv[2] === 'sign') return undefined;
  const chosen = (a: string) => a.startsWith('--max-semi-space-size') || a.startsWith('--max_semi_space_size');
  if (nodeArgs.some(chosen) || (nodeOptions ?? '').split(/\s+/).some(chosen)) return undefined;
  return [execPath, SEMI_SPACE_FLAG, ...nodeArgs, ...argv.slice(1)];
}

/**
 * Replaces this process with node given the flag (the same process id, streams and signals: whoever started
 * it, npm or a shell or Docker, sees no difference). A shebang line cannot carry the flag (`#!/usr/bin/env
 * node` is all a bin may rely on), nor can V8 take it once the heap is set up. Where node cannot replace
 * a process (Windows, node before 22.15) the command runs on with V8's sizing.
 */
export function restartWithYoungGeneration(): void {
  const next = restartArgs(process.argv, execArgv, env['NODE_OPTIONS']);
  if (next === undefined || typeof process.execve !== 'function') return;
  try {
    process.execve(execPath, next, env);
  } catch {
    // Refused here (a platform without execve): runs on as it is.
  }
}
