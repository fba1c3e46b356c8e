// Starts the simulator for the interop clients: `node --import tsx test/interop/launch.ts`.
// Prints `listening <url>` as its first line, then runs until SIGTERM/SIGINT or until its stdin closes
// (so an interrupted run.sh never leaves a simulator behind).
import { startSimulator } from '../../src/index.js';

// The proxied clients open the login page as http://api.lovefilm.example/oauth/login: a name the page
// answers to only when listed (docs/reference/admin-api.md#security).
const sim = await startSimulator({ port: 0, scenario: 'default', allowedHosts: 'api.lovefilm.example' });
process.stdout.write(`listening ${sim.url}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sim.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
