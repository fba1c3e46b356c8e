#!/usr/bin/env node
// The only place that reads env and argv, opens files and listens.
// First: the command restarts with its young generation before anything else is loaded (src/cli/young-generation.ts).
import './cli/start-with-young-generation.js';
import { signCommand } from './cli/sign-command.js';
import { ConfigError, helpText, loadConfig } from './config.js';
import { startSimulator } from './index.js';
import { packageVersion } from './package-root.js';
import { ScenarioError } from './scenarios/scenario-error.js';

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'sign') return void process.stdout.write(signCommand(argv.slice(1), process.env));
  if (argv.includes('--help') || argv.includes('-h')) return void process.stdout.write(helpText());
  if (argv.includes('--version') || argv.includes('-v')) return void process.stdout.write(`${packageVersion()}\n`);
  const config = loadConfig(process.env, argv);
  const sim = await startSimulator(config);
  // Ctrl-C under `npm start` arrives twice (from the terminal and passed on by npm): the first one stops.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`rentalsim: ${signal}, stopping\n`);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Before the line that says we listen: whoever reads it may signal at once.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (process.env['npm_command'] === 'exec') stopWithShell(() => stop('SIGTERM'));
  const counts = sim.world.scenario.catalog.counts();
  process.stdout.write(`rentalsim listening on ${sim.url} (scenario ${config.scenario}: ${counts.titles} titles, ${counts.people} people)\n`);
}

/**
 * `npx rentalsim` runs the bin through a shell (npm, then `sh -c rentalsim`, then this process). npm passes a
 * SIGTERM or SIGINT on to that shell only; the shell dies of it and this process, left with no parent, would
 * keep running and listening. So under npx, the shell's end is taken as the signal it died of. The check reads
 * the parent's id, kept off the event loop's count so it holds nothing open.
 */
function stopWithShell(stop: () => void): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 200).unref();
}

main(process.argv.slice(2)).catch((e: unknown) => {
  // One clear line for what a user can fix, a file system refusal included (it names the path); anything
  // else is a bug worth its stack.
  const fixable = e instanceof ConfigError || e instanceof ScenarioError || typeof (e as NodeJS.ErrnoException).syscall === 'string';
  if (fixable) process.stderr.write(`rentalsim: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}\n`);
  else process.stderr.write(`rentalsim: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
