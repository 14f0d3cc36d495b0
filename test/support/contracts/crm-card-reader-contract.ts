import { expect } from 'chai';
import type { CrmCardReader, CrmCredentials } from '../../../src/application/hub-leads/ports';
import type { CrmCard } from '../../../src/domain/hub-leads/crm-card';

export interface CrmCardReaderSubject {
  readonly reader: CrmCardReader;
  /** The credentials the provider accepts. */
  readonly credentials: CrmCredentials;
  /** Puts a card on the provider. */
  addCard(card: CrmCard): void;
  /** Makes the provider fail every request from now on. */
  breakProvider(): void;
}

/** The behaviour every CrmCardReader must have; run against the fake and the GraphQL reader on a local provider. */
export function crmCardReaderContract(make: () => Promise<CrmCardReaderSubject>): void {
  let subject: CrmCardReaderSubject;
  beforeEach(async () => {
    subject = await make();
  });

  it("reads a card's title, current phase, pipe id and fields", async () => {
    const card: CrmCard = {
      id: '42',
      title: 'Carro novo',
      phaseName: 'Proposta',
      pipeId: '7',
      fields: { Modelo: 'Argo', 'contato.telefone': '11987654321' },
    };
    subject.addCard(card);
    expect(await subject.reader.fetch(subject.credentials, '42')).to.deep.equal({ kind: 'found', card });
  });

  it('an unknown card is not-found', async () => {
    expect(await subject.reader.fetch(subject.credentials, 'missing')).to.deep.equal({ kind: 'not-found' });
  });

  it('a token the provider refuses and a failing provider are failed, with a reason', async () => {
    subject.addCard({ id: '43', title: 'T', phaseName: 'Inbox', pipeId: '7', fields: {} });
    const refused = await subject.reader.fetch({ ...subject.credentials, token: 'wrong-token' }, '43');
    expect(refused.kind).to.equal('failed');
    subject.breakProvider();
    const broken = await subject.reader.fetch(subject.credentials, '43');
    expect(broken.kind).to.equal('failed');
    expect(broken.kind === 'failed' ? broken.reason : '').to.not.equal('');
  });
}
