// Database commands per request: a figure that does not depend on how fast the embedded server or the
// machine is. The MongoDB client's command observer (connectMongo/openRuntime) counts every command
// sent inside a counting scope (AsyncLocalStorage follows the request's async work into the driver).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CommandObserver } from '../../src/adapters/mongo/shared/mongo-connection';

/** `find people`, `getMore gateway_messages`: a command's name and collection. */
export function commandKey(event: Parameters<CommandObserver>[0]): string {
  const named: unknown = event.command[event.commandName];
  // A getMore names its cursor; its collection is a field of its own.
  const collection: unknown = typeof named === 'string' ? named : event.command.collection;
  return typeof collection === 'string' ? `${event.commandName} ${collection}` : event.commandName;
}

/** Commands by name and collection (`find people`, `insert sdr_interaction_notes`...), in the order first seen. */
export type CommandTally = ReadonlyMap<string, number>;

export interface ProbeRequest {
  readonly method?: string;
  /** Path and query, e.g. `/sdr/interactions/status`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export class CommandCounter {
  private readonly scope = new AsyncLocalStorage<Map<string, number>>();

  /** For connectMongo/openRuntime: counts only what a counting scope sends. */
  readonly observer: CommandObserver = (event) => {
    const tally = this.scope.getStore();
    if (tally === undefined) return;
    const key = commandKey(event);
    tally.set(key, (tally.get(key) ?? 0) + 1);
  };

  /** What `work` answers, and the commands it sent until it settled. */
  async count<T>(work: () => Promise<T>): Promise<{ result: T; commands: CommandTally }> {
    const tally = new Map<string, number>();
    const result = await this.scope.run(tally, work);
    return { result, commands: new Map(tally) };
  }

  /**
   * The commands one request sends until its response is complete, served by `handler` (the app's
   * callback) on a loopback server of its own. Writes batched off the request path (the sales API
   * event log) are not in the figure.
   */
  async countRequest(
    handler: RequestListener,
    request: ProbeRequest,
  ): Promise<{ status: number; commands: CommandTally }> {
    const tally = new Map<string, number>();
    const server = createServer((req, res) => this.scope.run(tally, () => handler(req, res)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
        method: request.method ?? 'GET',
        headers: { ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      await response.arrayBuffer();
      return { status: response.status, commands: new Map(tally) };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}

export const totalOf = (tally: CommandTally): number => [...tally.values()].reduce((sum, n) => sum + n, 0);

/** `5: find people, find sdr_interactions x2, update sdr_interactions, insert sdr_interaction_notes` */
export function describeTally(tally: CommandTally): string {
  const parts = [...tally.entries()].map(([name, n]) => (n === 1 ? name : `${name} x${n}`));
  return `${totalOf(tally)}${parts.length === 0 ? '' : `: ${parts.join(', ')}`}`;
}
