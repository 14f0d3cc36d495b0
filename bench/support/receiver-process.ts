// The webhook destination of bench:dispatch, in a process of its own so that answering does not share
// the dispatcher's event loop. `/hook` drains the body and answers 200 at once; `/silent` takes the
// request and never answers (a hung receiver). Prints `{"port":N}` on stdout once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url !== '/silent') res.end('{}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
// The parent going away ends the receiver too.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
