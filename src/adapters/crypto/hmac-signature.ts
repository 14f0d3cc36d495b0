import { createHmac } from 'node:crypto';
import { constantTimeEqual } from './crypto-secrets';

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Spec part 5.7: HMAC SHA-256 of the raw body (UTF-8) as hex, presented as `sha256=<hex>` or
 * `<hex>`. The comparison is constant-time; a value of another length (or not hex) is invalid at once.
 */
export function hmacSignatureMatches(secret: string, rawBody: string, presented: string): boolean {
  const value = presented.trim().startsWith('sha256=') ? presented.trim().slice('sha256='.length) : presented.trim();
  if (!HEX.test(value)) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
  return constantTimeEqual(value.toLowerCase(), expected);
}
