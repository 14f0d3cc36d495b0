import { expect } from 'chai';
import { clientIp } from '../../../src/adapters/http/shared/security/client-ip';

const req = (headers: Record<string, string | string[]>, socketAddress = '10.0.0.9') => ({ headers, socketAddress });

describe('clientIp (CONTRACT 5.1)', () => {
  it('ignores X-Forwarded-For and X-Real-IP when no proxy is trusted', () => {
    expect(clientIp(req({ 'x-forwarded-for': '1.1.1.1', 'x-real-ip': '2.2.2.2' }), 0)).to.equal('10.0.0.9');
  });

  it('takes the rightmost X-Forwarded-For entry with one trusted hop, so a forged left part is ignored', () => {
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), 1)).to.equal('203.0.113.7');
  });

  it('takes the entry N hops from the right with N trusted hops', () => {
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.1.1' }), 2)).to.equal('203.0.113.7');
    expect(clientIp(req({ 'x-forwarded-for': ['6.6.6.6, 203.0.113.7', '10.1.1.1'] }), 2)).to.equal('203.0.113.7');
  });

  it('falls back to X-Real-IP, then the socket address', () => {
    expect(clientIp(req({ 'x-real-ip': '198.51.100.4' }), 1)).to.equal('198.51.100.4');
    expect(clientIp(req({}), 1)).to.equal('10.0.0.9');
    expect(clientIp({ headers: {}, socketAddress: undefined }, 0)).to.equal('unknown');
  });

  it('treats an IPv4-mapped IPv6 socket address as the IPv4 address', () => {
    expect(clientIp(req({}, '::ffff:127.0.0.1'), 0)).to.equal('127.0.0.1');
    expect(clientIp(req({}, '::1'), 0)).to.equal('::1');
  });
});
