import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import * as jose from 'jose';
import { Hs256Jwt } from '../../../src/adapters/crypto/hs256-jwt';

const SECRET = 'a-very-long-test-secret-of-at-least-32-bytes';
const NOW = 1_800_000_000;

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('Hs256Jwt', () => {
  const jwt = new Hs256Jwt(SECRET);

  it('signs HS256 tokens an independent library (jose) verifies with the same secret', async () => {
    const token = jwt.sign({ sub: 'u1', role: 'admin' }, 3600, NOW);
    const { payload, protectedHeader } = await jose.jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      currentDate: new Date(NOW * 1000),
    });
    expect(protectedHeader.alg).to.equal('HS256');
    expect(payload).to.deep.equal({ sub: 'u1', role: 'admin', iat: NOW, exp: NOW + 3600 });
  });

  it('verifies its own tokens until they expire', () => {
    const token = jwt.sign({ sub: 'u1' }, 60, NOW);
    expect(jwt.verify(token, NOW + 59)).to.include({ sub: 'u1' });
    expect(jwt.verify(token, NOW + 61)).to.equal(undefined);
  });

  it('rejects a token signed with another secret, a tampered one, and alg none', () => {
    const other = new Hs256Jwt(`${SECRET}-other`).sign({ sub: 'u1' }, 60, NOW);
    expect(jwt.verify(other, NOW)).to.equal(undefined);

    const [header, , signature] = jwt.sign({ sub: 'u1', role: 'operator' }, 60, NOW).split('.');
    const tampered = `${header}.${b64url({ sub: 'u1', role: 'admin', iat: NOW, exp: NOW + 60 })}.${signature}`;
    expect(jwt.verify(tampered, NOW)).to.equal(undefined);

    const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'u1', iat: NOW, exp: NOW + 60 })}.`;
    expect(jwt.verify(none, NOW)).to.equal(undefined);
  });

  it('rejects an HS512 token made with the same secret (algorithm pinned)', () => {
    const header = b64url({ alg: 'HS512', typ: 'JWT' });
    const body = b64url({ sub: 'u1', iat: NOW, exp: NOW + 60 });
    const signature = createHmac('sha512', SECRET).update(`${header}.${body}`).digest('base64url');
    expect(jwt.verify(`${header}.${body}.${signature}`, NOW)).to.equal(undefined);
  });

  it('rejects garbage', () => {
    expect(jwt.verify('not-a-token', NOW)).to.equal(undefined);
    expect(jwt.verify('', NOW)).to.equal(undefined);
  });
});
