import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { HttpSaleWebhookSender, webhookMessageId } from '../../../src/adapters/webhook/http-sale-webhook-sender';
import type { EnvelopeEntry, SaleEnvelope } from '../../../src/domain/sales/envelope';
import { SystemClock } from '../../../src/adapters/system/system-clock';
import { saleWebhookSenderContract, type Destination } from '../../support/contracts/sale-webhook-sender-contract';
import { ScriptedSaleWebhookSender, type ScriptedAnswer } from '../../support/fakes/scripted-sale-webhook-sender';
import { closedPortUrl, TestReceiver } from '../../support/receiver';

const ENVELOPE: SaleEnvelope = { vendas: [], totalVendas: 0, timestamp: '2026-11-21T10:00:00.000Z' };

describe('HttpSaleWebhookSender', () => {
  let receiver: TestReceiver;
  let url: string;
  beforeEach(async () => {
    receiver = new TestReceiver();
    url = await receiver.start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  it('reuses one keep-alive connection across deliveries', async () => {
    const sender = new HttpSaleWebhookSender(url, new SystemClock());
    for (let i = 0; i < 6; i += 1) await sender.send(ENVELOPE);
    await sender.close();
    expect(receiver.received).to.have.length(6);
    // undici's pool may open a second socket while the first is being released; six deliveries
    // over at most two connections is reuse, one connection per delivery would be six.
    expect(new Set(receiver.received.map((r) => r.remotePort)).size).to.be.at.most(2);
  });

  it('signs with Standard Webhooks headers when a secret is set, verifiable by the reference library', async () => {
    const secret = `whsec_${Buffer.from('a-32-byte-long-secret-for-tests!').toString('base64')}`;
    const sender = new HttpSaleWebhookSender(url, new SystemClock(), { signingSecret: secret });
    const result = await sender.send(ENVELOPE);
    await sender.close();
    expect(result.ok).to.equal(true);
    const request = receiver.received[0];
    const headers = {
      'webhook-id': String(request?.headers['webhook-id']),
      'webhook-timestamp': String(request?.headers['webhook-timestamp']),
      'webhook-signature': String(request?.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).to.match(/^msg_/);
    expect(new Webhook(secret).verify(request?.body ?? '', headers)).to.deep.equal(ENVELOPE);
    // A body changed in transit no longer verifies.
    expect(() => new Webhook(secret).verify((request?.body ?? '').replace('0', '1'), headers)).to.throw();
  });

  it(
    'a raw secret (32 bytes or more, no whsec_) signs with its UTF-8 bytes, verifiable by the library in raw ' + 'mode',
    async () => {
      const secret = 'a raw secret of at least 32 bytes!';
      const sender = new HttpSaleWebhookSender(url, new SystemClock(), { signingSecret: secret });
      await sender.send(ENVELOPE);
      await sender.close();
      const request = receiver.received[0];
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request?.headers[name])]),
      );
      const verifier = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
      expect(verifier.verify(request?.body ?? '', headers)).to.deep.equal(ENVELOPE);
    },
  );

  it('refuses to be built with a secret the configuration would refuse (CONTRACT 11.3)', () => {
    for (const secret of ['whsec_', 'whsec_not*valid*base64!!', 'short raw secret'])
      expect(() => new HttpSaleWebhookSender(url, new SystemClock(), { signingSecret: secret }), secret).to.throw(
        /signing secret/,
      );
  });

  it('sends no signature headers without a secret (spec part 6: unsigned)', async () => {
    const sender = new HttpSaleWebhookSender(url, new SystemClock());
    await sender.send(ENVELOPE);
    await sender.close();
    const headers = receiver.received[0]?.headers ?? {};
    expect(Object.keys(headers).filter((h) => h.startsWith('webhook-'))).to.deep.equal([]);
  });
});

describe('SaleWebhookSender contract', () => {
  describe('scripted (the fake)', () => {
    const answerFor = (destination: Destination): ScriptedAnswer =>
      destination === 'unreachable'
        ? 'refused'
        : destination === 'too-slow'
          ? 'timeout'
          : destination === 'silent'
            ? 'hang'
            : destination;
    saleWebhookSenderContract(async (destination) => {
      const sender = new ScriptedSaleWebhookSender();
      sender.answer = answerFor(destination);
      return { sender, received: () => sender.received, close: async () => undefined };
    });
  });

  describe('HTTP to a real destination on loopback', () => {
    saleWebhookSenderContract(async (destination) => {
      const receiver = new TestReceiver();
      const url = await receiver.start();
      if (destination === 'too-slow') receiver.behaviour = { status: 200, delayMs: 2_000 };
      else if (destination === 'silent') receiver.behaviour = { status: 200, silent: true };
      else if (destination !== 'unreachable')
        receiver.behaviour = { status: destination.status, location: '/elsewhere' };
      // A silent destination is cut by the caller, long before the sender's own timeout.
      const timeoutMs = destination === 'silent' ? 20_000 : 300;
      const sender = new HttpSaleWebhookSender(
        destination === 'unreachable' ? await closedPortUrl() : url,
        new SystemClock(),
        {
          timeoutMs,
        },
      );
      return {
        sender,
        received: () => receiver.envelopes() as unknown as SaleEnvelope[],
        close: async () => {
          await sender.close();
          await receiver.stop();
        },
      };
    });
  });
});

describe('webhookMessageId (CONTRACT 11.3)', () => {
  const entry = (id: string, updatedAt: string): EnvelopeEntry =>
    ({ venda: { id, updatedAt }, timestamp: '2026-11-21T10:00:00.000Z' }) as unknown as EnvelopeEntry;
  const envelope = (entries: EnvelopeEntry[], timestamp = '2026-11-21T10:00:00.000Z'): SaleEnvelope => ({
    vendas: entries,
    totalVendas: entries.length,
    timestamp,
  });
  const a = entry('5c1f0e4e-0000-4000-8000-000000000001', '2026-11-20T08:00:00.000Z');
  const b = entry('5c1f0e4e-0000-4000-8000-000000000002', '2026-11-20T09:00:00.000Z');

  it('is msg_ and a digest of the (sale id, version) pairs: the send time and the order do not change it', () => {
    const id = webhookMessageId(envelope([a, b]));
    expect(id).to.match(/^msg_[0-9a-f]{64}$/);
    expect(webhookMessageId(envelope([b, a], '2026-11-22T00:00:00.000Z'))).to.equal(id);
  });

  it('changes with a new version of a sale or another grouping of sales', () => {
    const id = webhookMessageId(envelope([a, b]));
    const bumped = entry('5c1f0e4e-0000-4000-8000-000000000002', '2026-11-20T09:00:00.001Z');
    expect(webhookMessageId(envelope([a, bumped]))).not.to.equal(id);
    expect(webhookMessageId(envelope([a]))).not.to.equal(id);
    expect(webhookMessageId(envelope([b]))).not.to.equal(webhookMessageId(envelope([a])));
  });
});
