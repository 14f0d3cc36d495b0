import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/**
 * HS256 JSON Web Tokens with the algorithm pinned on verification (no `alg: none`, no algorithm
 * confusion). The secret is a KeyObject: given a plain string, jsonwebtoken tries to parse it as an
 * asymmetric key on every call (~300 us); a KeyObject costs a few microseconds.
 */
export class Hs256Jwt {
  private readonly key: KeyObject;

  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Signs `claims` (iat added) valid for `expiresInSeconds`. */
  sign(claims: Record<string, unknown>, expiresInSeconds: number, nowSeconds: number): string {
    return jwt.sign({ ...claims, iat: nowSeconds, exp: nowSeconds + expiresInSeconds }, this.key, {
      algorithm: 'HS256',
    });
  }

  /** The payload of a valid, unexpired token; undefined for anything else (tampered, expired, alg none...). */
  verify(token: string, nowSeconds: number): Record<string, unknown> | undefined {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'], clockTimestamp: nowSeconds });
      return typeof payload === 'object' && payload !== null ? payload : undefined;
    } catch {
      // Every verification failure means the same thing to callers: no valid token.
      return undefined;
    }
  }
}
