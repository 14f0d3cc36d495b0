import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { DEFAULT_GATEWAY_MESSAGES } from '../../src/adapters/mongo/sdr/gateway-messages-collection';
import { demoContact } from '../../src/application/sdr/demo/demo-contacts';
import { demoCpf, demoPlate, seededRandom } from '../../src/application/sdr/demo/demo-draws';
import { parseCpf } from '../../src/domain/shared/cpf';
import { normalizePhone } from '../../src/domain/shared/phone';
import { parseGatewayRecord, phoneOfJid } from '../../src/domain/sdr/gateway-message';
import { runCliCaptured } from '../support/cli';
import { sharedMongo } from '../support/mongo';

describe('seed-demo (demo and benchmark data for the SDR lists)', function () {
  this.timeout(60_000);

  it(
    'makes valid Brazilian data: CPFs with check digits, canonical +55 mobiles, Mercosul plates, gateway records; ' +
      'the same seed makes the same data',
    () => {
      const random = seededRandom(7);
      for (let i = 0; i < 200; i += 1) {
        expect(E.isRight(parseCpf(demoCpf(random)))).to.equal(true);
        expect(demoPlate(random)).to.match(/^[A-Z]{3}\d[A-Z]\d{2}$/);
      }
      const now = new Date('2026-03-01T12:00:00Z');
      for (let i = 0; i < 200; i += 1) {
        const c = demoContact(i, 3, now, 10, 'demo');
        if (c.person?.mobile != null) expect(normalizePhone(c.person.mobile)).to.equal(c.person.mobile);
        if (c.person?.cpf != null) expect(E.isRight(parseCpf(c.person.cpf))).to.equal(true);
        for (const m of c.messages) {
          expect(parseGatewayRecord(m)).to.deep.equal(m);
          expect(phoneOfJid(m.key.remoteJid), m.key.remoteJid).to.not.equal(undefined);
          expect(m.messageTimestamp * 1000).to.be.at.most(now.getTime());
        }
        for (const s of c.sales) expect(s.personId).to.equal(c.person?.id);
      }
      expect(demoContact(5, 3, now, 10, 'demo')).to.deep.equal(demoContact(5, 3, now, 10, 'demo'));
    },
  );

  it('seeds N contacts and prints the counts (--json)', async () => {
    const uri = new URL(sharedMongo().uri);
    const name = `seed_${randomUUID().slice(0, 8)}`;
    uri.pathname = `/${name}`;
    const run = await runCliCaptured(['--json', 'seed-demo', '--contacts', '40', '--messages', '4'], {
      MONGODB_URI: uri.toString(),
    });
    expect(run.code, run.err.join('\n')).to.equal(0);
    const counts = JSON.parse(run.out[0] ?? '{}') as Record<string, number>;
    expect(counts.contacts).to.equal(40);
    const client = new MongoClient(sharedMongo().uri, { serverMonitoringMode: 'poll' });
    await client.connect();
    try {
      const db = client.db(name);
      expect(await db.collection(DEFAULT_GATEWAY_MESSAGES).countDocuments({}))
        .to.equal(counts.messages)
        .and.to.be.greaterThan(80);
      expect(await db.collection('people').countDocuments({})).to.equal(counts.people);
      expect(await db.collection('sdr_interactions').countDocuments({}))
        .to.equal(counts.interactions)
        .and.to.be.greaterThan(0);
      expect(await db.collection('sales').countDocuments({}))
        .to.equal(counts.sales)
        .and.to.be.greaterThan(0);
    } finally {
      await client.close();
    }
    const bad = await runCliCaptured(['seed-demo', '--contacts', '0'], { MONGODB_URI: uri.toString() });
    expect(bad.code).to.equal(1);
  });

  it('--batch changes how many contacts go into one round of inserts, not the data', async () => {
    const counts: Record<string, number>[] = [];
    for (const batch of [[], ['--batch', '7'], ['--batch', '1000']]) {
      const uri = new URL(sharedMongo().uri);
      uri.pathname = `/seed_${randomUUID().slice(0, 8)}`;
      const run = await runCliCaptured(['--json', 'seed-demo', '--contacts', '30', '--messages', '3', ...batch], {
        MONGODB_URI: uri.toString(),
      });
      expect(run.code, run.err.join('\n')).to.equal(0);
      counts.push(JSON.parse(run.out[0] ?? '{}') as Record<string, number>);
    }
    expect(counts[0]?.contacts).to.equal(30);
    expect(counts[1]).to.deep.equal(counts[0]);
    expect(counts[2]).to.deep.equal(counts[0]);
    const bad = await runCliCaptured(['seed-demo', '--contacts', '5', '--batch', '0'], {
      MONGODB_URI: sharedMongo().uri,
    });
    expect(bad.code).to.equal(1);
    expect(bad.err.join('\n')).to.contain('--batch must be an integer');
  });
});
