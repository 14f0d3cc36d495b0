import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import sinon from 'sinon';
import { DEFAULT_GATEWAY_MESSAGES } from '../../src/adapters/mongo/sdr/gateway-messages-collection';
import { SDR_CHATS } from '../../src/adapters/mongo/sdr/read-models/chat-read-model-collection';
import { startSdrMaintenance } from '../../src/cli/serve/sdr-maintenance-schedule';
import { openSalesRuntime, type SalesRuntime } from '../support/sales-runtime';

const message = (jid: string, at: number) => ({
  instance: 'main',
  key: { id: randomUUID(), remoteJid: jid, fromMe: false },
  pushName: 'Lead',
  messageType: 'conversation',
  message: { conversation: 'oi' },
  messageTimestamp: at,
});

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * serve's SDR read-model maintenance (CONTRACT 10.1) on two copies sharing one database: the models
 * are built without a request, what the gateway deletes is reconciled by the sweep, and only one copy
 * sweeps per interval (a lease in the database).
 */
describe('SDR read-model maintenance of serve, on two copies (CONTRACT 10.1)', function () {
  this.timeout(60_000);
  let copies: SalesRuntime[];
  let schedules: { stop: () => Promise<void> }[];

  beforeEach(async () => {
    const first = await openSalesRuntime();
    copies = [first, await openSalesRuntime({ env: { MONGODB_URI: first.config.mongodbUri ?? '' } })];
    schedules = [];
  });
  afterEach(async () => {
    await Promise.all(schedules.map((s) => s.stop()));
    await Promise.all(copies.map((c) => c.close()));
    sinon.restore();
  });

  it(
    'builds the models with no request, reconciles a gateway delete by the sweep, and one copy sweeps per ' +
      'interval',
    async () => {
      const db = copies[0]?.db;
      if (db === undefined) throw new Error('no database');
      const now = Math.floor(Date.now() / 1000);
      const { insertedIds } = await db
        .collection(DEFAULT_GATEWAY_MESSAGES)
        .insertMany([
          message('5511977770001@s.whatsapp.net', now - 60),
          message('5511977770002@s.whatsapp.net', now - 30),
        ]);
      const rebuilds = copies.map((c) => sinon.spy(c.runtime.app.sdr.useCases.rebuildSdrReadModels, 'execute'));
      const reconcileMs = 1_500;
      const started = Date.now();
      for (const copy of copies) {
        const { useCases } = copy.runtime.app.sdr;
        schedules.push(
          startSdrMaintenance(useCases.maintainSdrReadModels, copy.log.logger, { reconcileMs, tickMs: 100 }),
        );
      }
      await until(async () => (await db.collection(SDR_CHATS).countDocuments({})) === 2, 'the initial build');
      await db.collection(DEFAULT_GATEWAY_MESSAGES).deleteOne({ _id: insertedIds[0] });
      await until(async () => (await db.collection(SDR_CHATS).countDocuments({})) === 1, 'the sweep');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const elapsed = Date.now() - started;
      const total = rebuilds.reduce((n, spy) => n + spy.callCount, 0);
      expect(total).to.be.at.least(1);
      // The first lease found a fresh initial build (no rebuild); after that at most one per interval, both copies
      // together.
      expect(total).to.be.at.most(Math.floor(elapsed / reconcileMs));
      expect(copies[0]?.log.text()).to.not.include('maintenance failed');
      expect(copies[1]?.log.text()).to.not.include('maintenance failed');
    },
  );
});
