import { expect } from 'chai';
import { personIsErased } from '../../../src/domain/privacy/erased-records';
import { REMOVED } from '../../../src/domain/privacy/erasure';
import { emailKeyOf, emailKeysOf } from '../../../src/domain/shared/email-key';

describe('e-mail keys (CONTRACT 12.1)', () => {
  it('an address is matched trimmed and in lower case', () => {
    expect(emailKeyOf('  Ana.Souza@Exemplo.com.BR ')).to.equal('ana.souza@exemplo.com.br');
  });

  it('the keys of several addresses: each once, in order, none for a blank or absent one', () => {
    expect(emailKeysOf(['Ana@X.com', null, ' ', undefined, 'ana@x.com', 'B@Y.com', 42])).to.deep.equal([
      'ana@x.com',
      'b@y.com',
    ]);
    expect(emailKeysOf([null, null])).to.deep.equal([]);
  });

  it('an erased person holds no e-mail key (an empty list or none), as it holds no e-mail', () => {
    const erased = { fullName: REMOVED, personalEmail: null };
    expect(personIsErased({ ...erased, emailKeys: [] })).to.equal(true);
    expect(personIsErased(erased)).to.equal(true);
    expect(personIsErased({ ...erased, emailKeys: ['ana@x.com'] })).to.equal(false);
  });
});
