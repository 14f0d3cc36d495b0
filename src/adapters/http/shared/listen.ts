import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export async function listen(app: Koa, host: string, port: number): Promise<Server> {
  // Koa answers every request itself (errors through ctx.onerror), so its promise is left unawaited
  // oxlint-disable-next-line typescript/no-misused-promises
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  return server;
}

/** The base URL a person can open: a wildcard listen address is shown as loopback. */
export function baseUrl(server: Server, path = ''): string {
  const address = server.address() as AddressInfo;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${path}`;
}

const IDLE_SWEEP_MS = 50;

/**
 * Stops accepting connections and lets in-flight requests finish: keep-alive connections are closed
 * as soon as they fall idle. After `timeoutMs` whatever is still open is cut, so a stuck client
 * cannot hold the shutdown forever.
 */
export async function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
}
