import { expect } from 'chai';
import type { ErasureSubject } from '../../../src/domain/privacy/erasure';
import { namesSubject, redactText } from '../../../src/domain/privacy/erasure-text';

const ana: ErasureSubject = {
  cpfs: ['52998224725'],
  phones: ['5511987654321'],
  emails: ['ana@example.com'],
  personIds: ['p-1'],
  names: ['Ana Souza'],
  sessionIds: [],
};

describe('redactText (CONTRACT 12.4)', () => {
  it('replaces the CPF with or without punctuation', () => {
    expect(redactText('cpf 529.982.247-25 e 52998224725.', ana)).to.equal('cpf [removido] e [removido].');
  });

  it('replaces each spelling of the phone: +55, parentheses, separators, with and without the ninth digit', () => {
    for (const spelling of [
      '5511987654321',
      '+55 (11) 98765-4321',
      '11987654321',
      '(11) 8765-4321',
      '1187654321',
      '551187654321',
      '11 9 8765 4321',
    ])
      expect(redactText(`tel ${spelling}!`, ana), spelling).to.equal('tel [removido]!');
  });

  it('replaces e-mails and names in any case and keeps the rest of the text', () => {
    expect(redactText('ANA SOUZA (Ana@Example.com) pediu desconto', ana)).to.equal(
      '[removido] ([removido]) pediu desconto',
    );
  });

  it('leaves other numbers alone, also those containing the subject digits', () => {
    const text = 'pedido 1152998224725 e tel 5521987654321 e 987654321';
    expect(redactText(text, ana)).to.equal(text);
    expect(namesSubject(text, ana)).to.equal(false);
  });
});
