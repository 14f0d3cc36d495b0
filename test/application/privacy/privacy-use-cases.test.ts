import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { exportJson, ExportSubject } from '../../../src/application/privacy/export-subject';
import { FindSubjectHoldings } from '../../../src/application/privacy/find-subject-holdings';
import type { DeclaredHolding } from '../../../src/application/shared/privacy/holding';
import { InMemoryHolding } from '../../support/fakes/in-memory-holding';
import { personalTokensOf } from '../../../src/domain/shared/personal-tokens';

const clock = { now: () => new Date('2026-03-01T12:00:00.000Z') };

describe('privacy use cases (CONTRACT 12.1, 12.2)', () => {
  const people = new InMemoryHolding([
    { cpf: '52998224725', phone: '5521999990000' },
    { phone: '5521999990000', email: 'b@example.com' },
    { cpf: '11144477735', email: 'other@example.com' },
  ]);
  const messages = new InMemoryHolding([
    { email: 'b@example.com' },
    { email: 'b@example.com' },
    { cpf: '11144477735' },
  ]);
  const holdings: DeclaredHolding[] = [
    { store: 'messages', position: 20, reader: messages },
    { store: 'people', position: 10, reader: people, linker: people },
  ];

  it('grows the subject through the linkers (CPF -> phone -> e-mail) and counts every store in order', async () => {
    const result = await new FindSubjectHoldings(holdings).execute({ kind: 'cpf', value: '52998224725' });
    expect(result).to.deep.equal(
      E.right({
        subject: { cpf: '52998224725', phones: ['5521999990000'], emails: ['b@example.com'] },
        holdings: [
          { store: 'people', count: 2 },
          { store: 'messages', count: 2 },
        ],
      }),
    );
  });

  it('an unknown subject: zero counts', async () => {
    const result = await new FindSubjectHoldings(holdings).execute({ kind: 'email', value: 'x@example.com' });
    expect(E.isRight(result) && result.right.holdings.map((h) => h.count)).to.deep.equal([0, 0]);
  });

  it('exports one JSON document, written piece by piece', async () => {
    const result = await new ExportSubject(holdings, clock).execute({ kind: 'email', value: 'other@example.com' });
    if (E.isLeft(result)) throw new Error('unexpected');
    let text = '';
    for await (const piece of exportJson(result.right)) text += piece;
    expect(JSON.parse(text)).to.deep.equal({
      subject: { cpf: '11144477735', phones: [], emails: ['other@example.com'] },
      generatedAt: '2026-03-01T12:00:00.000Z',
      stores: { people: [{ cpf: '11144477735', email: 'other@example.com' }], messages: [{ cpf: '11144477735' }] },
    });
  });

  it('personal tokens: CPFs, phones (match key) and e-mails a text names', () => {
    expect(
      personalTokensOf('CPF 529.982.247-25, fone (21) 9999-0000, mail B@Example.com; pedido 12345'),
    ).to.have.members(['cpf:52998224725', 'phone:2199990000', 'email:b@example.com']);
  });
});
