import { Socket } from 'node:net';

/**
 * The Redis the tests use: REDIS_URL, else the machine's server at 127.0.0.1:6379 when it accepts a
 * connection. Tests that need Redis skip (visibly) without one.
 */
export async function redisUrlIfReachable(): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  const socket = new Socket();
  const reachable = await new Promise<boolean>((resolve) => {
    socket.setTimeout(1_000);
    socket.once('connect', () => resolve(true));
    socket.once('timeout', () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.connect(Number(port || 6379), hostname);
  });
  socket.destroy();
  return reachable ? url : undefined;
}
