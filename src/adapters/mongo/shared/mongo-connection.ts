import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
  close(): Promise<void>;
}

/**
 * A short server-selection timeout turns a database outage into a fast 503 (and a failed start-up
 * into a fast exit 2) instead of the driver's default 30 s wait.
 */
export const DEFAULT_SERVER_SELECTION_TIMEOUT_MS = 3_000;

/**
 * Sees every command the client sends, before it is sent (the driver's command monitoring): for
 * counting database round trips per request, or checking query shapes. Must not throw.
 */
export type CommandObserver = (event: CommandStartedEvent) => void;

export interface ConnectMongoOptions {
  readonly serverSelectionTimeoutMS?: number | undefined;
  readonly commandObserver?: CommandObserver | undefined;
  /**
   * How the driver watches the server. `poll` for jongodb: it does not implement the streaming
   * `hello` (the driver reports "Server ended moreToCome unexpectedly" about once a second and marks
   * the server unknown, clearing the pool), so every operation could wait for server selection or
   * fail with a pool-cleared error while the server is healthy. Default: the driver's `auto`.
   */
  readonly serverMonitoringMode?: 'poll' | undefined;
}

export async function connectMongo(uri: string, options: ConnectMongoOptions = {}): Promise<MongoConnection> {
  const timeout = options.serverSelectionTimeoutMS ?? DEFAULT_SERVER_SELECTION_TIMEOUT_MS;
  const client = new MongoClient(uri, {
    appName: 'brokerhub',
    serverSelectionTimeoutMS: timeout,
    connectTimeoutMS: timeout,
    // Monitoring costs an event per command: only on when someone listens.
    monitorCommands: options.commandObserver !== undefined,
    ...(options.serverMonitoringMode === undefined ? {} : { serverMonitoringMode: options.serverMonitoringMode }),
  });
  if (options.commandObserver !== undefined) client.on('commandStarted', options.commandObserver);
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    await client.close(true).catch(() => undefined);
    throw error;
  }
  // The database is the one named in the URI; the embedded servers get `brokerhub`.
  const db = client.db();
  return { client, db, close: () => client.close() };
}
