import { expect } from 'chai';
import { NO_PERSON_DETAILS } from '../../../src/domain/sales/sale';
import type { SaleWebhookSender } from '../../../src/application/sales/ports';
import type { SaleEnvelope } from '../../../src/domain/sales/envelope';

/**
 * How the destination behaves for the case: answers with a status, never connects, answers too late, or never answers.
 */
export type Destination = { readonly status: number } | 'unreachable' | 'too-slow' | 'silent';

export interface SenderUnderTest {
  readonly sender: SaleWebhookSender;
  /** The envelopes the destination received, parsed from the JSON it got. */
  received(): SaleEnvelope[];
  close(): Promise<void>;
}

const ENVELOPE: SaleEnvelope = {
  vendas: [
    {
      venda: {
        id: 's-1',
        sellerId: 'S-1',
        sellerName: 'Carla',
        financingApprovalDate: null,
        createdAt: '2026-11-21T09:00:00.000Z',
        updatedAt: '2026-11-21T09:00:00.000Z',
      },
      pessoa: {
        id: 'p-1',
        fullName: 'Ana',
        ...NO_PERSON_DETAILS,
        cpf: '52998224725',
        mobile: '5511987654321',
        createdAt: '2026-11-21T09:00:00.000Z',
        updatedAt: '2026-11-21T09:00:00.000Z',
      },
      endereco: null,
      veiculo: null,
      vendedor: null,
      timestamp: '2026-11-21T10:00:00.000Z',
    },
  ],
  totalVendas: 1,
  timestamp: '2026-11-21T10:00:00.000Z',
};

/**
 * SaleWebhookSender (spec part 6): a 2xx is a delivery, anything else is a failed delivery reported as
 * a result (redirects not followed), never an exception.
 */
export function saleWebhookSenderContract(make: (destination: Destination) => Promise<SenderUnderTest>): void {
  let subject: SenderUnderTest | undefined;
  const open = async (destination: Destination) => {
    subject = await make(destination);
    return subject;
  };
  afterEach(async () => {
    await subject?.close();
    subject = undefined;
  });

  for (const status of [200, 201, 204]) {
    it(`a ${status} answer is a delivery of exactly the envelope sent`, async () => {
      const { sender, received } = await open({ status });
      const result = await sender.send(ENVELOPE);
      expect(result).to.deep.include({ ok: true, status });
      expect(result.durationMs).to.be.at.least(0);
      expect(received()).to.deep.equal([ENVELOPE]);
    });
  }

  for (const status of [302, 400, 500, 503]) {
    it(`a ${status} answer is a failed delivery with that status and no transport error`, async () => {
      const { sender } = await open({ status });
      expect(await sender.send(ENVELOPE)).to.deep.include({ ok: false, status, error: null });
    });
  }

  it('a destination that refuses the connection is a failed delivery without status: ECONNREFUSED', async () => {
    const { sender, received } = await open('unreachable');
    expect(await sender.send(ENVELOPE)).to.deep.include({ ok: false, status: null, error: 'ECONNREFUSED' });
    expect(received()).to.deep.equal([]);
  });

  it('a destination slower than the timeout is a failed delivery without status: timeout', async () => {
    const { sender } = await open('too-slow');
    expect(await sender.send(ENVELOPE)).to.deep.include({ ok: false, status: null, error: 'timeout' });
  });

  it(
    'a delivery the caller aborts (the pass deadline) ends then as a failed delivery without status: ' + 'aborted',
    async () => {
      const { sender, received } = await open('silent');
      const stop = new AbortController();
      const sending = sender.send(ENVELOPE, { signal: stop.signal });
      while (received().length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      stop.abort();
      expect(await sending).to.deep.include({ ok: false, status: null, error: 'aborted' });
    },
  );
}
