import { expect } from 'chai';
import {
  isOneOf,
  isUuid,
  parseDateOnly,
  parseInteger,
  parseIsoDateOrTimestamp,
  parseIsoTimestamp,
} from '../../../src/domain/shared/parsers';

describe('the shared value parsers', () => {
  it('parseDateOnly: YYYY-MM-DD naming a real day, nothing else', () => {
    expect(parseDateOnly('2024-02-29')).to.deep.equal({ year: 2024, month: 2, day: 29 });
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-01',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
      '',
    ]) {
      expect(parseDateOnly(bad), bad).to.equal(undefined);
    }
  });

  it('parseIsoTimestamp: a timestamp on a real day, with or without seconds, fraction and offset', () => {
    expect(parseIsoTimestamp('2026-11-01T10:00:00Z')?.toISOString()).to.equal('2026-11-01T10:00:00.000Z');
    expect(parseIsoTimestamp('2026-11-01T10:00:00.5-03:00')?.toISOString()).to.equal('2026-11-01T13:00:00.500Z');
    expect(parseIsoTimestamp('2026-11-01T10:00+0300')?.toISOString()).to.equal('2026-11-01T07:00:00.000Z');
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-11-01',
      '2026-11-01T25:00:00Z',
      '2026-11-01 10:00:00Z',
      'yesterday',
    ]) {
      expect(parseIsoTimestamp(bad), bad).to.equal(undefined);
    }
  });

  it('parseIsoDateOrTimestamp: a date is the start of that day (UTC)', () => {
    expect(parseIsoDateOrTimestamp('2026-11-01')?.toISOString()).to.equal('2026-11-01T00:00:00.000Z');
    expect(parseIsoDateOrTimestamp('2026-11-01T10:00:00Z')?.toISOString()).to.equal('2026-11-01T10:00:00.000Z');
    expect(parseIsoDateOrTimestamp('2026-02-30')).to.equal(undefined);
  });

  it('parseInteger: decimal digits in the range, no sign, exponent, blank or unsafe size', () => {
    expect(parseInteger('42', { min: 1, max: 100 })).to.equal(42);
    expect(parseInteger('0', { min: 0, max: 0 })).to.equal(0);
    for (const bad of ['0', '101', '-1', '+1', '1e2', '1.0', ' 1', '', '99999999999999999']) {
      expect(parseInteger(bad, { min: 1, max: 100 }), bad).to.equal(undefined);
    }
    expect(parseInteger('99999999999999999', { min: 1, max: Number.MAX_SAFE_INTEGER })).to.equal(undefined);
  });

  it('isUuid and isOneOf', () => {
    expect(isUuid('0b5a3f4e-3c1d-4e8f-9a2b-1c2d3e4f5a6b')).to.equal(true);
    expect(isUuid('0B5A3F4E-3C1D-4E8F-9A2B-1C2D3E4F5A6B')).to.equal(true);
    expect(isUuid('0b5a3f4e3c1d4e8f9a2b1c2d3e4f5a6b')).to.equal(false);
    expect(isOneOf(['a', 'b'] as const, 'b')).to.equal(true);
    expect(isOneOf(['a', 'b'] as const, 'c')).to.equal(false);
  });

  it('years 0-99 are those years (not 1900-1999), and a fraction may have any number of digits', () => {
    expect(parseDateOnly('0099-01-01')).to.deep.equal({ year: 99, month: 1, day: 1 });
    expect(parseDateOnly('0004-02-29')).to.deep.equal({ year: 4, month: 2, day: 29 });
    expect(parseIsoDateOrTimestamp('0099-01-01')?.toISOString()).to.equal('0099-01-01T00:00:00.000Z');
    expect(parseIsoTimestamp('2026-01-01T10:00:00.1234567891Z')?.toISOString()).to.equal('2026-01-01T10:00:00.123Z');
  });
});
