// The ceiling: a bare node:http server that answers every request with one fixed body, as fast as one Node
// process can. The benchmark sets the body (same size as the simulator's answer) with PUT /__bare/body, so
// both servers send the same bytes per answer. Prints its URL on the first line, like the simulator.
//
// Run two ways (`--at-once` picks the second), and the report gives the simulator's ratio to each:
// - in batches, as the simulator answers (src/http/middleware/handle-in-batches.ts): the requests read in
//   one turn of the event loop are answered together after it. Against a server answering each request at
//   once, the simulator once outran the bare server on large answers (ratios up to 1.37).
// - at once: each request answered as soon as its body has arrived, the plain way a node server works.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const atOnce = process.argv.includes('--at-once');
let body = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><ok/>');

let waiting: Array<() => void> = [];
const answerBatch = () => {
  const batch = waiting;
  waiting = [];
  for (const answer of batch) answer();
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'PUT' && req.url === '/__bare/body') body = Buffer.concat(chunks);
    const answer = () => {
      res.writeHead(200, { 'Content-Type': 'application/xml;charset=UTF-8', 'Content-Length': body.length });
      res.end(body);
    };
    if (atOnce) answer();
    else if (waiting.push(answer) === 1) setImmediate(answerBatch);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare${atOnce ? ' (at once)' : ''} listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
