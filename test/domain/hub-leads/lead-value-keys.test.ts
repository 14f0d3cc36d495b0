import { expect } from 'chai';
import { valueKeyOf, valueKeysOf } from '../../../src/domain/hub-leads/lead-value-keys';

describe('lead value keys (CONTRACT 3.4, 12.3)', () => {
  it('a whole value that is a Brazilian phone gives its match key, whatever the spelling', () => {
    for (const spelling of ['(11) 98765-4321', '+55 11 98765-4321', '11 8765-4321', '011987654321'])
      expect(valueKeyOf(spelling), spelling).to.equal('phone:1187654321');
    expect(valueKeyOf('(11) 3456-7890')).to.equal('phone:1134567890');
  });

  it('a whole value that is an e-mail address gives its lower-case key', () => {
    expect(valueKeyOf(' Ana.Souza@Exemplo.com.BR ')).to.equal('email:ana.souza@exemplo.com.br');
  });

  it('anything else gives none: amounts, words, a phone inside a sentence, not text', () => {
    for (const value of ['35000', 'Argo 1.0', 'ligar para 11 98765-4321', 'ana@', '', null, 42, { a: 1 }])
      expect(valueKeyOf(value), JSON.stringify(value)).to.equal(undefined);
  });

  it('the keys of several values, each once, in their order', () => {
    expect(valueKeysOf(['Ana', '11987654321', 'ANA@X.COM', '(11) 8765-4321', 'ana@x.com'])).to.deep.equal([
      'phone:1187654321',
      'email:ana@x.com',
    ]);
  });
});
