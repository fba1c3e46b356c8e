// The young generation the command runs with (docs/decisions/0012-young-generation.md). Acted on by
// start-with-young-generation.ts, which main.ts imports first.
import { execPath } from 'node:process';

/** The node flag that sets V8's semi-space cap, in MiB: the Dockerfile's ENTRYPOINT passes it itself (test/dockerfile.test.ts). */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=4';

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
