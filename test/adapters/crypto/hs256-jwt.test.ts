import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import * as jose from 'jose';
import { Hs256Jwt } from '../../../src/adapters/crypto/hs256-jwt';

const SECRET = 'a-very-long-test-secret-of-at-least-32-bytes';
const SERVICE = 'brokerhub-test';
const NOW = 1_800_000_000;
const CLAIMS = { sub: 'u1', role: 'admin', sid: 'session-1' };

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token signed with SECRET by hand: any header and payload (what an attacker holding the key could make). */
function handSigned(header: object, payload: object, algorithm: 'sha256' | 'sha512' = 'sha256'): string {
  const input = `${b64url(header)}.${b64url(payload)}`;
  return `${input}.${createHmac(algorithm, SECRET).update(input).digest('base64url')}`;
}

const GOOD_PAYLOAD = { ...CLAIMS, iss: SERVICE, aud: SERVICE, jti: 'j1', iat: NOW, exp: NOW + 60 };
const GOOD_HEADER = { alg: 'HS256', typ: 'at+jwt' };

describe('Hs256Jwt (CONTRACT 11.1)', () => {
  const tokens = new Hs256Jwt(SECRET, SERVICE);

  it('signs at+jwt tokens with iss, aud, jti that an independent library (jose) verifies', async () => {
    const token = tokens.sign(CLAIMS, 3600, NOW);
    const { payload, protectedHeader } = await jose.jwtVerify(token, new TextEncoder().encode(SECRET), {
      algorithms: ['HS256'],
      typ: 'at+jwt',
      issuer: SERVICE,
      audience: SERVICE,
      currentDate: new Date(NOW * 1000),
    });
    expect(protectedHeader).to.deep.equal({ alg: 'HS256', typ: 'at+jwt' });
    expect(payload).to.deep.include({ ...CLAIMS, iss: SERVICE, aud: SERVICE, iat: NOW, exp: NOW + 3600 });
    expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
    expect(jose.decodeJwt(tokens.sign(CLAIMS, 3600, NOW)).jti).not.to.equal(payload.jti);
  });

  it('verifies its own tokens until they expire', () => {
    const token = tokens.sign(CLAIMS, 60, NOW);
    expect(tokens.verify(token, NOW + 59)).to.include({ sub: 'u1', sid: 'session-1' });
    expect(tokens.verify(token, NOW + 60)).to.equal(undefined);
    expect(handSigned(GOOD_HEADER, GOOD_PAYLOAD)).to.satisfy((t: string) => tokens.verify(t, NOW) !== undefined);
  });

  it("refuses another service's token, also under the same secret (iss, aud)", () => {
    const other = new Hs256Jwt(SECRET, 'brokerhub-other');
    expect(tokens.verify(other.sign(CLAIMS, 60, NOW), NOW)).to.equal(undefined);
    expect(tokens.verify(handSigned(GOOD_HEADER, { ...GOOD_PAYLOAD, iss: 'brokerhub-other' }), NOW)).to.equal(
      undefined,
    );
    expect(tokens.verify(handSigned(GOOD_HEADER, { ...GOOD_PAYLOAD, aud: 'brokerhub-other' }), NOW)).to.equal(
      undefined,
    );
    expect(tokens.verify(handSigned(GOOD_HEADER, { ...GOOD_PAYLOAD, aud: [SERVICE, 'x'] }), NOW)).to.equal(undefined);
  });

  it('refuses a token without typ at+jwt, iss, aud, jti, sid, sub or exp', () => {
    for (const typ of ['JWT', undefined, 'application/jwt'])
      expect(tokens.verify(handSigned({ alg: 'HS256', typ }, GOOD_PAYLOAD), NOW), String(typ)).to.equal(undefined);
    for (const claim of ['iss', 'aud', 'jti', 'sid', 'sub', 'exp']) {
      const { [claim as keyof typeof GOOD_PAYLOAD]: _dropped, ...payload } = GOOD_PAYLOAD;
      expect(tokens.verify(handSigned(GOOD_HEADER, payload), NOW), claim).to.equal(undefined);
    }
    expect(tokens.verify(handSigned(GOOD_HEADER, { ...GOOD_PAYLOAD, sid: '' }), NOW)).to.equal(undefined);
    // What the services signed before CONTRACT 11.1: typ JWT, no iss/aud/jti/sid.
    const legacy = jwt.sign({ sub: 'u1', role: 'admin' }, SECRET, { algorithm: 'HS256', expiresIn: 60 });
    expect(tokens.verify(legacy, Math.floor(Date.now() / 1000))).to.equal(undefined);
  });

  it('refuses a token signed with another secret, a stripped signature, a changed payload, and alg none', () => {
    expect(tokens.verify(new Hs256Jwt(`${SECRET}-other`, SERVICE).sign(CLAIMS, 60, NOW), NOW)).to.equal(undefined);
    const [header, , signature] = tokens.sign(CLAIMS, 60, NOW).split('.');
    expect(tokens.verify(`${header}.${b64url({ ...GOOD_PAYLOAD, role: 'owner' })}.${signature}`, NOW)).to.equal(
      undefined,
    );
    expect(tokens.verify(`${header}.${b64url(GOOD_PAYLOAD)}.`, NOW)).to.equal(undefined);
    expect(tokens.verify(`${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url(GOOD_PAYLOAD)}.`, NOW)).to.equal(
      undefined,
    );
  });

  it('refuses an HS512 token made with the same secret (algorithm pinned)', () => {
    expect(tokens.verify(handSigned({ alg: 'HS512', typ: 'at+jwt' }, GOOD_PAYLOAD, 'sha512'), NOW)).to.equal(undefined);
  });

  it('refuses garbage', () => {
    expect(tokens.verify('not-a-token', NOW)).to.equal(undefined);
    expect(tokens.verify('', NOW)).to.equal(undefined);
  });
});
