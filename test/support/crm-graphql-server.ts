import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCard {
  id: string;
  title: string;
  phase: string;
  pipeId: string;
  fields: { name: string; value: string }[];
}

export type CrmServerMode = 'ok' | 'error-500' | 'hang' | 'graphql-error';

/**
 * A local GraphQL-speaking CRM provider: answers `card(id)` from an in-memory map, checks the bearer
 * token, and can fail (500, GraphQL error) or hang on demand.
 */
export class FakeCrmServer {
  readonly cards = new Map<string, FakeCard>();
  readonly requests: { authorization: string | undefined; query: string; variables: Record<string, unknown> }[] = [];
  mode: CrmServerMode = 'ok';
  private server: Server | undefined;
  private readonly hanging = new Set<IncomingMessage>();

  constructor(readonly token: string) {}

  async start(): Promise<string> {
    // a failure of this fake fails the run as an unhandled rejection, as a broken fake should
    // oxlint-disable-next-line typescript/no-misused-promises
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        variables: Record<string, unknown>;
      };
      this.requests.push({ authorization: req.headers.authorization, query: body.query, variables: body.variables });
      if (this.mode === 'hang') {
        this.hanging.add(req);
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (this.mode === 'error-500') {
        res.statusCode = 500;
        res.end('{"error":"boom"}');
        return;
      }
      if (req.headers.authorization !== `Bearer ${this.token}`) {
        res.statusCode = 401;
        res.end('{"errors":[{"message":"unauthorized"}]}');
        return;
      }
      if (this.mode === 'graphql-error') {
        res.end(JSON.stringify({ data: null, errors: [{ message: 'internal' }] }));
        return;
      }
      const card = this.cards.get(String(body.variables.id));
      res.end(
        JSON.stringify({
          data: {
            card:
              card === undefined
                ? null
                : {
                    id: card.id,
                    title: card.title,
                    current_phase: { name: card.phase },
                    fields: card.fields,
                    pipe: { id: Number(card.pipeId) },
                  },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/graphql`;
  }

  async stop(): Promise<void> {
    for (const req of this.hanging) req.socket.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
