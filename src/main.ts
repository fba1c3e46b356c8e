#!/usr/bin/env node
// The only place that reads env and argv, opens files and listens.
import { ConfigError, helpText, loadConfig } from './config.js';
import { startSimulator } from './index.js';
import { ScenarioError } from './scenarios/scenario-error.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(helpText());
    return;
  }
  const config = loadConfig(process.env, argv);
  const sim = await startSimulator(config);
  const counts = sim.world.scenario.catalog.counts();
  process.stdout.write(`rentalsim listening on ${sim.url} (scenario ${config.scenario}: ${counts.titles} titles, ${counts.people} people)\n`);
  const stop = (signal: string) => {
    process.stdout.write(`rentalsim: ${signal}, stopping\n`);
    sim.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((e: unknown) => {
  // One clear line for what a user can fix; anything else is a bug worth its stack.
  if (e instanceof ConfigError || e instanceof ScenarioError) process.stderr.write(`rentalsim: ${e.message}\n`);
  else if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write(`rentalsim: ${(e as Error).message}: choose another --port\n`);
  else process.stderr.write(`rentalsim: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
