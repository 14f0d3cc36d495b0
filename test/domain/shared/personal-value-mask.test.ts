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

describe('maskPersonalValues: any spelling (CONTRACT 12.1)', () => {
  it('masks numbers written with separators, percent-encoded or not, by their digit count', () => {
    expect(maskPersonalValues('Sale +55 (11) 98765-4321 not found')).to.equal('Sale +5511*****4321 not found');
    expect(maskPersonalValues('/api/sales/%2B55%20(11)%2098765-4321/status')).to.equal(
      '/api/sales/%2B5511*****4321/status',
    );
    expect(maskPersonalValues('cpf[529.982.247-25] is not a known parameter')).to.equal(
      'cpf[529*****725] is not a known parameter',
    );
    expect(maskPersonalValues('(21) 3456-7890 is not a known parameter')).to.equal(
      '(21*****7890 is not a known parameter',
    );
  });

  it('masks percent-encoded e-mail addresses, plates and chassis numbers in any case', () => {
    expect(maskPersonalValues('Cannot GET /people/Ana.Souza%40Example.com')).to.equal(
      'Cannot GET /people/A***%40Example.com',
    );
    expect(maskPersonalValues('/veiculos/ABC-1D23/x/abc1234')).to.equal('/veiculos/A******/x/a******');
    expect(maskPersonalValues('/veiculos/9bwzzz377vt004251')).to.equal('/veiculos/9bw*****');
  });

  it('keeps UUIDs, dates, times and short numbers', () => {
    const path = '/api/sales/550e8400-e29b-41d4-a716-446655440000/status';
    expect(maskPersonalValues(path)).to.equal(path);
    // A UUID whose last group is all digits is still an identifier, not a phone.
    const digits = '/vendors/550e8400-e29b-41d4-a716-123456789012';
    expect(maskPersonalValues(digits)).to.equal(digits);
    for (const text of [
      'dateFrom 2026-03-01T12:00:00.000Z',
      'the period must not exceed 366 days (it covers 400 local days)',
      'must be an integer from 1900 to 2028 (the current year + 2)',
    ])
      expect(maskPersonalValues(text)).to.equal(text);
  });
});
