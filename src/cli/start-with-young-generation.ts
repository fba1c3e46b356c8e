// main.ts imports this module first, so the command restarts with its young generation (young-generation.ts)
// before the rest of it is loaded: what would be loaded twice is this and node itself.
//
// It replaces this process with node given the flag (the same process id, streams and signals: whoever started
// it, npm or a shell or Docker, sees no difference). A shebang line cannot carry the flag (`#!/usr/bin/env
// node` is all a bin may rely on), nor can V8 take it once the heap is set up. Where node cannot replace
// a process (Windows, node before 22.15) the command runs on with V8's sizing.
import { env, execArgv, execPath } from 'node:process';
import { restartArgs } from './young-generation.js';

const next = restartArgs(process.argv, execArgv, env['NODE_OPTIONS']);
if (next !== undefined && typeof process.execve === 'function') {
  try {
    process.execve(execPath, next, env);
  } catch {
    // Refused here (a platform without execve): runs on as it is.
  }
}
