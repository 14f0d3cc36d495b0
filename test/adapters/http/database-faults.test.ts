import { expect } from 'chai';
import { createRequire } from 'node:module';
import Router from '@koa/router';
import { documented } from '../../../src/adapters/http/shared/openapi/documented-router';
import {
  MongoBulkWriteError,
  MongoClientClosedError,
  MongoError,
  MongoErrorLabel,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import request from 'supertest';
import { buildHubApp, HUB_PREFIX } from '../../../src/adapters/http/hub/hub-app';
import { buildSalesApp } from '../../../src/adapters/http/sales/sales-app';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { memoryLogger } from '../../support/logs';

/**
 * The driver's connection-pool errors are not exported from `mongodb`; the driver throws them from
 * this module, so the test takes the very classes the driver uses.
 */
interface PoolLike {
  readonly address: string;
  readonly serverError?: Error;
}
const poolErrors = createRequire(__filename)('mongodb/lib/cmap/errors') as {
  PoolClearedError: new (pool: PoolLike) => Error;
  PoolClearedOnNetworkError: new (pool: PoolLike) => Error;
  PoolClosedError: new (pool: PoolLike) => Error;
  WaitQueueTimeoutError: new (message: string, address: string) => Error;
};

const pool: PoolLike = {
  address: '127.0.0.1:27017',
  serverError: new MongoNetworkError('connection 4 to 127.0.0.1:27017 closed'),
};

const withLabels = <E extends MongoError>(error: E, ...labels: string[]): E => {
  for (const label of labels) error.addErrorLabel(label);
  return error;
};

/** Every way the driver says "the database cannot be reached or cannot serve now" (CONTRACT 9.5). */
const UNAVAILABLE: Record<string, () => Error> = {
  'pool cleared': () => new poolErrors.PoolClearedError(pool),
  'pool cleared on a monitor timeout': () => new poolErrors.PoolClearedOnNetworkError(pool),
  'pool closed': () => new poolErrors.PoolClosedError(pool),
  'connection checkout timed out': () =>
    new poolErrors.WaitQueueTimeoutError(
      'Timed out while checking out a connection from connection pool',
      pool.address,
    ),
  'network error': () => new MongoNetworkError('connection 7 to 127.0.0.1:27017 closed'),
  'network timeout': () => new MongoNetworkTimeoutError('connection 7 to 127.0.0.1:27017 timed out'),
  'server selection': () =>
    new MongoServerSelectionError('Server selection timed out after 500 ms', {
      error: new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017'),
    } as never),
  'operation timeout (timeoutMS)': () => new MongoOperationTimeoutError('Timed out during server selection'),
  'client not connected': () => new MongoNotConnectedError('Client must be connected before running operations'),
  'topology closed': () => new MongoTopologyClosedError(),
  'client closed': () => new MongoClientClosedError(),
  'write refused while the server shuts down (RetryableWriteError)': () =>
    new MongoServerError({
      message: 'The server is in quiesce mode and will shut down',
      code: 91,
      codeName: 'ShutdownInProgress',
      errorLabels: [MongoErrorLabel.RetryableWriteError],
    }),
  'read refused during a replica-set state change': () =>
    new MongoServerError({
      message: 'operation was interrupted because of a replica set state change',
      code: 11602,
      codeName: 'InterruptedDueToReplStateChange',
    }),
  'not primary': () => new MongoServerError({ message: 'not primary', code: 10107, codeName: 'NotWritablePrimary' }),
  'an error labelled ResetPool': () => withLabels(new MongoError('connection reset'), MongoErrorLabel.ResetPool),
  'an error labelled PoolRequestedRetry': () =>
    withLabels(new MongoError('pool paused'), MongoErrorLabel.PoolRequestedRetry),
  'server overloaded': () =>
    new MongoServerError({
      message: 'server overloaded',
      code: 462,
      errorLabels: [MongoErrorLabel.SystemOverloadedError, MongoErrorLabel.RetryableError],
    }),
  'a wrapped network error': () =>
    new Error('loading the organization failed', { cause: new poolErrors.PoolClearedError(pool) }),
  'a bulk write stopped by an unreachable server': () =>
    new MongoBulkWriteError(
      new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:27017', {
        error: new MongoNetworkError('connect ECONNREFUSED'),
      } as never),
      {} as never,
    ),
};

/** Database errors that are not an outage keep their answers. */
const NOT_UNAVAILABLE: Record<string, { error: () => Error; sales: number; hub: number }> = {
  'duplicate key': {
    error: () => new MongoServerError({ message: 'E11000 duplicate key', code: 11000 }),
    sales: 409,
    hub: 409,
  },
  'bad query': {
    error: () => new MongoServerError({ message: 'unknown operator: $foo', code: 2, codeName: 'BadValue' }),
    sales: 500,
    hub: 500,
  },
  'write conflict in a transaction': {
    error: () =>
      new MongoServerError({
        message: 'Write conflict',
        code: 112,
        codeName: 'WriteConflict',
        errorLabels: [MongoErrorLabel.TransientTransactionError],
      }),
    sales: 500,
    hub: 500,
  },
  'invalid argument': { error: () => new MongoInvalidArgumentError('bad option'), sales: 500, hub: 500 },
  'a bulk write with a duplicate key': {
    error: () =>
      new MongoBulkWriteError({ message: 'E11000 duplicate key', code: 11000, writeErrors: [] }, {} as never),
    sales: 409,
    hub: 409,
  },
};

function faultRouter(prefix: string): Router {
  const router = new Router(prefix === '' ? {} : { prefix });
  const all = {
    ...UNAVAILABLE,
    ...Object.fromEntries(Object.entries(NOT_UNAVAILABLE).map(([name, c]) => [name, c.error])),
  };
  const conflict = { description: 'A duplicate key', schema: { $ref: '#/components/schemas/Error' } };
  documented(router, { tag: 'Test' }).get(
    '/test/fault/:name',
    { summary: 'Throws the named fault', responses: { 409: conflict } },
    (ctx) => {
      const make = all[decodeURIComponent(ctx.params.name ?? '')];
      if (make === undefined) throw new Error(`no fault named ${ctx.params.name ?? ''}`);
      throw make();
    },
  );
  return router;
}

describe('database faults through the real apps (CONTRACT 9.5: a database fault is a 503, never a 500)', () => {
  const logger = memoryLogger().logger;
  const sales = buildSalesApp({
    logger,
    clock: new SystemClock(),
    isProduction: false,
    readinessChecks: [],
    routers: [faultRouter('')],
  });
  const hub = buildHubApp({ logger, readinessChecks: [], routers: [faultRouter(HUB_PREFIX)] });
  const path = (name: string) => `/test/fault/${encodeURIComponent(name)}`;

  for (const name of Object.keys(UNAVAILABLE)) {
    it(`${name}: 503 on both services`, async () => {
      const salesRes = await request(sales.callback()).get(path(name)).expect(503);
      expect(salesRes.body).to.include({ statusCode: 503, message: 'Service unavailable - Please try again later' });
      await request(hub.callback())
        .get(`${HUB_PREFIX}${path(name)}`)
        .expect(503, { error: 'Service unavailable' });
    });
  }

  for (const [name, expected] of Object.entries(NOT_UNAVAILABLE)) {
    it(`${name}: not an outage (sales ${expected.sales}, hub ${expected.hub})`, async () => {
      await request(sales.callback()).get(path(name)).expect(expected.sales);
      await request(hub.callback())
        .get(`${HUB_PREFIX}${path(name)}`)
        .expect(expected.hub);
    });
  }
});
