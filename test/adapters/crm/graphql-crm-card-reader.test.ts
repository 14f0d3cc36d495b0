import { expect } from 'chai';
import { GraphqlCrmCardReader } from '../../../src/adapters/crm/graphql-crm-card-reader';
import { crmCardReaderContract } from '../../support/contracts/crm-card-reader-contract';
import { FakeCrmServer } from '../../support/crm-graphql-server';
import { InMemoryCrmCardReader } from '../../support/fakes/in-memory-crm-card-reader';

describe('GraphqlCrmCardReader', () => {
  let server: FakeCrmServer;
  let endpoint: string;
  before(async () => {
    server = new FakeCrmServer('tok');
    endpoint = await server.start();
  });
  after(async () => {
    await server.stop();
  });
  beforeEach(() => {
    server.mode = 'ok';
  });

  it('reads title, current phase, fields and pipe id of card(id) with the bearer token', async () => {
    server.cards.set('42', {
      id: '42',
      title: 'Carro',
      phase: 'Proposta',
      pipeId: '7',
      fields: [{ name: 'Modelo', value: 'Argo' }],
    });
    const result = await new GraphqlCrmCardReader(1_000).fetch({ endpoint, token: 'tok' }, '42');
    expect(result).to.deep.equal({
      kind: 'found',
      card: { id: '42', title: 'Carro', phaseName: 'Proposta', pipeId: '7', fields: { Modelo: 'Argo' } },
    });
    expect(server.requests.at(-1)).to.deep.include({ authorization: 'Bearer tok', variables: { id: '42' } });
  });

  it(
    'an unknown card is not-found; 401, 500, GraphQL errors, a hang past the timeout and a refused connection are ' +
      'failed',
    async () => {
      const reader = new GraphqlCrmCardReader(200);
      expect(await reader.fetch({ endpoint, token: 'tok' }, 'none')).to.deep.equal({ kind: 'not-found' });
      expect((await reader.fetch({ endpoint, token: 'bad' }, '42')).kind).to.equal('failed');
      for (const mode of ['error-500', 'graphql-error', 'hang'] as const) {
        server.mode = mode;
        expect((await reader.fetch({ endpoint, token: 'tok' }, '42')).kind, mode).to.equal('failed');
      }
      expect((await reader.fetch({ endpoint: 'http://127.0.0.1:9/graphql', token: 'tok' }, '42')).kind).to.equal(
        'failed',
      );
    },
  );
});

describe('CrmCardReader contract', () => {
  describe('in memory (the fake)', () => {
    crmCardReaderContract(async () => {
      const reader = new InMemoryCrmCardReader();
      return {
        reader,
        credentials: reader.credentials,
        addCard: (card) => reader.addCard(card),
        breakProvider: () => {
          reader.down = true;
        },
      };
    });
  });

  describe('GraphQL reader against a local provider', () => {
    let server: FakeCrmServer;
    let endpoint: string;
    before(async () => {
      server = new FakeCrmServer('contract-token');
      endpoint = await server.start();
    });
    after(async () => {
      await server.stop();
    });
    crmCardReaderContract(async () => {
      server.mode = 'ok';
      server.cards.clear();
      return {
        reader: new GraphqlCrmCardReader(1_000),
        credentials: { endpoint, token: 'contract-token' },
        addCard: (card) =>
          server.cards.set(card.id, {
            id: card.id,
            title: card.title ?? '',
            phase: card.phaseName ?? '',
            pipeId: card.pipeId ?? '',
            fields: Object.entries(card.fields).map(([name, value]) => ({ name, value })),
          }),
        breakProvider: () => {
          server.mode = 'error-500';
        },
      };
    });
  });
});
