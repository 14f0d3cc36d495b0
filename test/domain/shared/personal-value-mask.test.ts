import { expect } from 'chai';
import { maskPersonalValues } from '../../../src/domain/shared/personal-value-mask';

describe('maskPersonalValues (CONTRACT 12.1)', () => {
  it('masks phones of 12 and 13 digits, CPFs and e-mail addresses, and keeps the rest', () => {
    expect(maskPersonalValues('No SDR interaction found for phone 5511987654321')).to.equal(
      'No SDR interaction found for phone 5511*****4321',
    );
    expect(maskPersonalValues('for phone 551187654321')).to.equal('for phone 5511*****4321');
    expect(maskPersonalValues('No SDR interaction found for cpf 12345678909')).to.equal(
      'No SDR interaction found for cpf 123*****909',
    );
    expect(maskPersonalValues('ana.souza@example.com is taken')).to.equal('a***@example.com is taken');
    expect(maskPersonalValues('limit must be at most 100; page 12')).to.equal('limit must be at most 100; page 12');
  });
});
