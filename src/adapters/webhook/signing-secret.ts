import * as E from 'fp-ts/Either';

/** Standard Webhooks: a `whsec_` secret is standard base64 of 24 to 64 bytes. */
export const WHSEC_PREFIX = 'whsec_';
export const MIN_WHSEC_BYTES = 24;
export const MAX_WHSEC_BYTES = 64;
/** A raw secret is used as UTF-8 bytes: at least as long as the HMAC-SHA256 output (RFC 2104 section 3). */
export const MIN_RAW_SECRET_BYTES = 32;

const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * CONTRACT 11.3: the HMAC key of `SALES_WEBHOOK_SECRET`. `whsec_` followed by canonical standard
 * base64 of 24 to 64 bytes (what the Standard Webhooks libraries accept), or a raw value of at least
 * 32 bytes without the prefix. Anything else is refused: an empty or half-decoded key would sign
 * deliveries anyone can forge, and the receivers' libraries refuse such secrets anyway.
 */
export function signingKeyOf(secret: string): E.Either<string, Buffer> {
  if (!secret.startsWith(WHSEC_PREFIX)) {
    return Buffer.byteLength(secret, 'utf8') >= MIN_RAW_SECRET_BYTES
      ? E.right(Buffer.from(secret, 'utf8'))
      : E.left(
          `must be ${WHSEC_PREFIX} followed by base64 of ${MIN_WHSEC_BYTES} to ${MAX_WHSEC_BYTES} bytes, ` +
            `or a raw value of at least ${MIN_RAW_SECRET_BYTES} bytes`,
        );
  }
  const encoded = secret.slice(WHSEC_PREFIX.length);
  // Node's decoder skips what it cannot read; only a canonical encoding is the key the sender meant.
  const key = Buffer.from(encoded, 'base64');
  if (encoded === '' || !STANDARD_BASE64.test(encoded) || key.toString('base64') !== encoded)
    return E.left(`must be ${WHSEC_PREFIX} followed by standard base64 (A-Z a-z 0-9 + / with = padding)`);
  if (key.length < MIN_WHSEC_BYTES || key.length > MAX_WHSEC_BYTES)
    return E.left(
      `must encode ${MIN_WHSEC_BYTES} to ${MAX_WHSEC_BYTES} bytes after ${WHSEC_PREFIX} (got ${key.length})`,
    );
  return E.right(key);
}
