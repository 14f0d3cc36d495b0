import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The client's port: the same port on two requests means one reused connection. */
  readonly remotePort: number | undefined;
}

/** `silent`: takes the request and never answers (a hung receiver); the client has to give up. */
export type Behaviour = { status: number; delayMs?: number; location?: string; silent?: boolean };

/** A real HTTP destination on loopback: records every request and answers as told. */
export class TestReceiver {
  readonly received: ReceivedRequest[] = [];
  behaviour: Behaviour = { status: 200 };
  /** Answers for the next requests, in order; `behaviour` applies once it is empty. */
  readonly upcoming: Behaviour[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          remotePort: req.socket.remotePort,
        });
        const { status, delayMs, location, silent } = this.upcoming.shift() ?? this.behaviour;
        if (silent === true) return;
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(status, location === undefined ? {} : { location });
          res.end(status >= 200 && status < 300 ? '{"ok":true}' : '{"ok":false}');
        };
        if (delayMs === undefined) answer();
        else setTimeout(answer, delayMs);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    return this.url('/hook');
  }

  url(path: string): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}${path}`;
  }

  /** Envelopes received at the hook path, parsed. */
  envelopes(): { vendas: { venda: { id: string } }[]; totalVendas: number; timestamp: string }[] {
    return this.received.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body));
  }

  saleIdsReceived(): string[] {
    return this.envelopes().flatMap((e) => e.vendas.map((v) => v.venda.id));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A loopback port with nothing listening (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
