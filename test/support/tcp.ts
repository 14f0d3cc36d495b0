import { Socket } from 'node:net';

/** Whether something accepts a TCP connection at host:port (a refusal or no answer within a second is no). */
export async function answers(host: string, port: number): Promise<boolean> {
  const socket = new Socket();
  const ok = await new Promise<boolean>((resolve) => {
    socket.setTimeout(1_000);
    socket.once('connect', () => resolve(true));
    socket.once('timeout', () => resolve(false));
    socket.once('error', () => resolve(false));
    socket.connect(port, host);
  });
  socket.destroy();
  return ok;
}
