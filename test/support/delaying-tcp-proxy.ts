import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of a MongoDB server that can hold every chunk back for a while in
 * both directions: a slow database, as a real process sees it, without touching the database. Chunks
 * keep their order (timers of one delay fire in the order they were set); data still held when one
 * side closes is delivered before the other side is ended.
 *
 * A replica-set member announces its own `host:port` (hello), and a driver then talks to that
 * address, around the proxy. The proxy listens on a port with as many digits as the server's and
 * rewrites the announced `:port` in the server's answers to its own (same length: the BSON stays valid).
 */
export interface DelayingTcpProxy {
  readonly port: number;
  /** From now on every chunk waits this long (0: passed on at once). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export async function startDelayingTcpProxy(target: { host: string; port: number }): Promise<DelayingTcpProxy> {
  let delayMs = 0;
  const sockets = new Set<Socket>();
  const later = (action: () => void): void => {
    if (delayMs === 0) action();
    else setTimeout(action, delayMs);
  };
  const pass = (from: Socket, to: Socket, rewrite: (chunk: Buffer) => Buffer): void => {
    from.on('data', (chunk: Buffer) => later(() => to.destroyed || to.write(rewrite(chunk))));
    from.on('end', () => later(() => to.end()));
    from.on('error', () => later(() => to.destroy()));
  };
  let announced = (chunk: Buffer): Buffer => chunk;
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    pass(client, upstream, (chunk) => chunk);
    pass(upstream, client, (chunk) => announced(chunk));
  });
  const port = await listenWithDigits(server, String(target.port).length);
  const from = Buffer.from(`:${target.port}`);
  const to = Buffer.from(`:${port}`);
  announced = (chunk) => replaceAll(chunk, from, to);
  return {
    port,
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function listenWithDigits(server: Server, digits: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    if (String(port).length === digits) return port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  throw new Error(`no free port with ${digits} digits`);
}

function replaceAll(chunk: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = chunk.indexOf(from);
  if (at < 0) return chunk;
  const copy = Buffer.from(chunk);
  while (at >= 0) {
    to.copy(copy, at);
    at = copy.indexOf(from, at + to.length);
  }
  return copy;
}
