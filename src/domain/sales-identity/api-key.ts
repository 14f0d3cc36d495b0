export interface ApiKeyRecord {
  readonly id: string;
  /** SHA-256 of the key; the plain key is never stored. */
  readonly keyHash: string;
  readonly userId: string;
  readonly userEmail: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | undefined;
}

const API_KEY_SHAPE = /^[0-9a-f]{64}$/;

/** Spec part 2: 64 hexadecimal characters. Anything else cannot be a key and costs no lookup. */
export function isApiKeyShaped(value: string): boolean {
  return API_KEY_SHAPE.test(value);
}
