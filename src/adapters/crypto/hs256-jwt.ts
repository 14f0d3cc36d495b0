import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** RFC 9068 section 2.1: the media type of a JWT access token, in the `typ` header. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

/**
 * HS256 JWT access tokens of one service (CONTRACT 11.1, RFC 9068, RFC 8725), with the algorithm
 * pinned on verification (no `alg: none`, no algorithm confusion). `service` is both the issuer and
 * the audience: a token of the other service fails on `iss`/`aud` (and on its `typ` when it is no
 * access token) even when both secrets were equal, so nothing one service signs is ever accepted by
 * the other (RFC 8725 section 3.9, "use and validate audience").
 *
 * The secret is a KeyObject: given a plain string, jsonwebtoken tries to parse it as an asymmetric
 * key on every call (~300 us); a KeyObject costs a few microseconds.
 */
export class Hs256Jwt {
  private readonly key: KeyObject;

  constructor(
    secret: string,
    readonly service: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /**
   * Signs `claims` (which carry `sub` and `sid`) with `iss`, `aud`, `iat`, `exp` and a random `jti`,
   * valid for `expiresInSeconds`, under the header `typ: at+jwt`.
   */
  sign(claims: Record<string, unknown>, expiresInSeconds: number, nowSeconds: number): string {
    const payload = { ...claims, iat: nowSeconds, exp: nowSeconds + expiresInSeconds };
    return jwt.sign(payload, this.key, {
      algorithm: 'HS256',
      header: { alg: 'HS256', typ: ACCESS_TOKEN_TYP },
      issuer: this.service,
      audience: this.service,
      jwtid: randomUUID(),
    });
  }

  /**
   * The payload of a valid, unexpired access token of this service: HS256, `typ: at+jwt`, this
   * service's `iss` and `aud`, and string `sub`, `jti`, `sid` and numeric `exp` (a token without `exp`
   * would never expire). Undefined for anything else: tampered, expired, alg none, another service's.
   */
  verify(token: string, nowSeconds: number): Record<string, unknown> | undefined {
    let decoded: jwt.Jwt;
    try {
      decoded = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.service,
        audience: this.service,
        clockTimestamp: nowSeconds,
        complete: true,
      });
    } catch {
      // Every verification failure means the same thing to callers: no valid token.
      return undefined;
    }
    const { header, payload } = decoded;
    if (header.typ !== ACCESS_TOKEN_TYP || typeof payload !== 'object' || payload === null) return undefined;
    const required = [payload.sub, payload.jti, payload.sid];
    if (required.some((value) => typeof value !== 'string' || value === '')) return undefined;
    if (typeof payload.exp !== 'number' || Array.isArray(payload.aud)) return undefined;
    return payload;
  }
}
