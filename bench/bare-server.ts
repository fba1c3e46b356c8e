// The ceiling: a bare node:http server that answers every request with one fixed body, as fast as one Node
// process can. The benchmark sets the body (same size as the simulator's answer) with PUT /__bare/body, so
// both servers send the same bytes per answer. Prints its URL on the first line, like the simulator.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let body = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><ok/>');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'PUT' && req.url === '/__bare/body') body = Buffer.concat(chunks);
    res.writeHead(200, { 'Content-Type': 'application/xml;charset=UTF-8', 'Content-Length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`bare listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
