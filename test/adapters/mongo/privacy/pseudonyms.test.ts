import { expect } from 'chai';
import { pseudonymPhone, pseudonymSession } from '../../../../src/adapters/mongo/privacy/pseudonyms';
import { ERASED_PHONE } from '../../../../src/domain/privacy/pseudonyms';
import { parseWebSessionId } from '../../../../src/domain/sdr/interaction';
import { phoneOfJid } from '../../../../src/domain/sdr/gateway-message';
import { normalizePhone } from '../../../../src/domain/shared/phone';

describe('erasure pseudonyms (CONTRACT 12.4)', () => {
  it('a phone pseudonym: the same for one salt and key, another for another salt, never a Brazilian phone', () => {
    const one = pseudonymPhone('salt-a', '1187654321');
    expect(one).to.match(ERASED_PHONE);
    expect(pseudonymPhone('salt-a', '1187654321')).to.equal(one);
    expect(pseudonymPhone('salt-b', '1187654321')).to.not.equal(one);
    expect(normalizePhone(one)).to.equal(undefined);
    expect(normalizePhone(`+${one}`)).to.equal(undefined);
    expect(phoneOfJid(`${one}@s.whatsapp.net`), 'the contact key of its chat').to.equal(one);
  });

  it('a web session pseudonym is a web session id (web-<uuid v4>), stable per salt', () => {
    const id = pseudonymSession('salt-a', 'web-0d2c8f6e-1b1a-4c4d-9e9f-000000000001');
    expect(parseWebSessionId(id)).to.equal(id);
    expect(pseudonymSession('salt-a', 'WEB-0D2C8F6E-1B1A-4C4D-9E9F-000000000001')).to.equal(id);
  });
});
